import type { FastifyReply, FastifyRequest } from 'fastify';

/** One page of a list and the total behind it (`X-Total-Count`): what every list cache holds. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** The stored data an API write can change. List caches name the ones whose change alters what they show. */
export type Written = 'donation-requests' | 'users' | 'blogs';

/**
 * Who clears which list cache (docs/decisions/027-feature-caches.md). One per app, like the caches
 * (deps.ts): each feature's `cache.ts` registers the writes that change what it shows (`onWrite`),
 * and the route files of the writing features report their successful writes (`clearAfterWrites`),
 * naming what they changed, not who caches it: a block reports a request write because it changes
 * the user's requests (their blocked flag), whoever shows them.
 */
export class WriteEvents {
  private readonly listeners = new Map<Written, (() => void)[]>();
  /**
   * Tells the other instances (lib/write-broadcast.ts: PostgreSQL NOTIFY), so that none serves a
   * list older than a write it could have seen. Null with one instance in tests.
   */
  publish: ((what: Written) => Promise<void>) | null = null;

  /** `clear` runs after every successful write of any of `what`. */
  onWrite(what: readonly Written[], clear: () => void): void {
    for (const w of what) this.listeners.set(w, [...(this.listeners.get(w) ?? []), clear]);
  }

  /** Clears this instance's caches that show `what` (written here, or announced by another instance). */
  written(what: Written): void {
    for (const clear of this.listeners.get(what) ?? []) clear();
  }

  /**
   * An `onSend` hook for a route file: a successful answer (below 300) to anything but a GET counts
   * as a write of `what`. It runs before the answer leaves, so the writer's next read sees the
   * change, on this instance and (announced before the answer) on the others.
   */
  clearAfterWrites(what: Written) {
    return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.method !== 'GET' && reply.statusCode < 300) {
        this.written(what);
        // The write is committed whatever happens here; if the announcement fails, the other
        // instances' caches still expire within LIST_CACHE_TTL_MS.
        await this.publish?.(what).catch((err: unknown) => request.log.warn({ err }, 'could not announce a write to the other instances'));
      }
      return payload;
    };
  }
}
