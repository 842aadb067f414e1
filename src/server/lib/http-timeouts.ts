import type { Config } from '../config';

/**
 * Fastify's timeout options from the configuration, so that a slow client cannot hold a
 * connection (and the body buffered so far) for long:
 * - a request, headers and body, must arrive within REQUEST_TIMEOUT_MS: a slower one gets 408
 *   (lib/client-errors.ts) and its connection is closed;
 * - a connection silent for twice that in the middle of a request (a client that stops reading
 *   its answer) is closed;
 * - an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS.
 */
export function httpTimeouts(config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'>) {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    connectionTimeout: 2 * requestTimeout,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      // Also given to Node's constructor: set only afterwards (as Fastify does), Node keeps a
      // 60 s headers timeout above it and then never times out a request whose body is still
      // arriving (Node 20). Its headers timeout then defaults to min(60 s, requestTimeout).
      requestTimeout,
      // Node looks for late requests at this interval: its 30 s default would let one run for
      // requestTimeout + 30 s.
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(requestTimeout / 4))),
    },
  };
}
