// better-auth's endpoints behind our routes: the request handed to its fetch handler, its answer
// (errors in our one shape, no session token for page scripts) handed back.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { NO_STORE } from './guard';

interface ForwardOptions {
  /** Adds cookies of our own to the answer. */
  moreCookies?: (response: Response) => Promise<string[]>;
  /** Sent instead of the request's own body (one our schema checked). */
  body?: unknown;
  /** better-auth's path (under /api) to hand the request to, when our route has another. */
  path?: string;
  /** Our answer instead of better-auth's successful one (its JSON, session token removed). */
  answer?: (json: unknown) => unknown;
  /** Our words (and status, when given) for one of better-auth's refusals (its status and code); undefined keeps its own. */
  refusal?: (status: number, code: string | undefined) => { message: string; code: string; status?: number } | undefined;
}

/** Hands a Fastify request to better-auth's fetch handler and its answer back. */
export async function forward(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, options: ForwardOptions = {}) {
  const { moreCookies, refusal, answer } = options;
  const url = new URL(options.path ? `/api${options.path}` : request.url, deps.config.publicUrl);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  let body: string | undefined;
  const sent = options.body ?? request.body;
  if (request.method !== 'GET' && request.method !== 'HEAD' && sent !== undefined) {
    body = typeof sent === 'string' ? sent : JSON.stringify(sent);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
  }
  const response = await deps.auth.handler(new Request(url, { method: request.method, headers, body }));
  void reply.status(response.status).header('cache-control', NO_STORE);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'cache-control') void reply.header(name, value);
  });
  const cookies = [...response.headers.getSetCookie(), ...((await moreCookies?.(response)) ?? [])];
  if (cookies.length) void reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    // better-auth's errors in our one shape.
    let parsed: { message?: string; code?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      /* not JSON */
    }
    const ours = refusal?.(response.status, parsed.code);
    if (ours?.status) void reply.status(ours.status);
    return reply.type('application/json; charset=utf-8').send(
      ours ? { message: ours.message, code: ours.code } : { message: parsed.message || response.statusText || 'Authentication failed', code: parsed.code || 'AUTH_ERROR' },
    );
  }
  const out = withoutSessionToken(text);
  return reply.send(answer ? answer(JSON.parse(out)) : out);
}

/**
 * The session token lives in an HttpOnly cookie; page scripts get no copy of it (better-auth puts
 * one in the sign-in answer's `token` and in get-session's `session.token`).
 */
function withoutSessionToken(text: string): string {
  try {
    const body = JSON.parse(text) as { token?: unknown; session?: { token?: string } } | null;
    if (!body || typeof body !== 'object') return text;
    delete body.token;
    if (body.session) delete body.session.token;
    return JSON.stringify(body);
  } catch {
    return text;
  }
}

