import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '../../shared/api/texts';

type ConnectionError = Error & { code?: string };

const ANSWERS: Record<string, { status: number; message: string; code: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: API_MESSAGES.tooSlow, code: 'REQUEST_TIMEOUT' },
  HPE_HEADER_OVERFLOW: { status: 431, message: API_MESSAGES.headersTooLarge, code: 'HEADERS_TOO_LARGE' },
};
const MALFORMED = { status: 400, message: API_MESSAGES.malformed, code: 'BAD_REQUEST' };

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before a route runs (a request
 * that took longer than REQUEST_TIMEOUT_MS to arrive, oversized headers, malformed HTTP) is
 * answered in the API's error shape, `{ message, code }`, and the connection closed. Nothing is
 * written once a response has begun on the socket (it would corrupt it): the socket is only closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = (err.code && ANSWERS[err.code]) || MALFORMED;
  this.log.debug({ code: err.code, status: answer.status }, 'client error');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message: answer.message, code: answer.code });
    socket.write(
      `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
