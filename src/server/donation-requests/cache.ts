import type { DonationRequest, PublicDonationRequest } from '../../shared/donation-requests/schemas';
import type { RequestFilters, Urgency } from '../../shared/donation-requests/model';
import type { Pagination } from '../../shared/api/schemas';
import type { ListPage, WriteEvents } from '../lib/list-caches';
import { TtlCache } from '../lib/ttl-cache';
import type { PendingCounts } from './pending-counts';

/**
 * The donation-request lists kept briefly in memory (decisions 016 and 027): the public pending
 * list, and each requester's own list (read only after the service's authorization check). Private
 * to this feature: its service reads it, deps.ts creates one per app.
 */
export interface DonationRequestCache {
  /** A page of the public pending list. */
  pending(urgency: Urgency | undefined, p: Pagination, load: () => Promise<ListPage<PublicDonationRequest>>): Promise<ListPage<PublicDonationRequest>>;
  /** How many requests the public pending list has, by day and urgency (one entry, shared by every page and filter). */
  pendingCounts(load: () => Promise<PendingCounts>): Promise<PendingCounts>;
  /** A page of one requester's own list (by the owner's id and the filters). */
  ofRequester(
    ownerId: string,
    filters: RequestFilters,
    p: Pagination,
    load: () => Promise<ListPage<DonationRequest>>,
  ): Promise<ListPage<DonationRequest>>;
}

export function createDonationRequestCache(ttlMs: number, writes: WriteEvents): DonationRequestCache {
  const pending = new TtlCache<ListPage<PublicDonationRequest>>(ttlMs);
  const pendingCounts = new TtlCache<PendingCounts>(ttlMs);
  const ofRequester = new TtlCache<ListPage<DonationRequest>>(ttlMs, 10_000);
  // Any change to a request may change both lists. That includes a block or an activation of its
  // requester (the flag the public list reads is on the request: decision 049), which the users
  // routes announce as a request write. Other user writes (registrations, profile edits) change
  // neither list, so they leave both cached.
  writes.onWrite(['donation-requests'], () => {
    pending.clear();
    pendingCounts.clear();
    ofRequester.clear();
  });
  return {
    pending: (urgency, p, load) => pending.get(`${urgency ?? ''}:${p.page}:${p.limit}`, load),
    pendingCounts: (load) => pendingCounts.get('', load),
    ofRequester: (ownerId, { status, urgency }, p, load) => ofRequester.get(`${ownerId}:${status ?? ''}:${urgency ?? ''}:${p.page}:${p.limit}`, load),
  };
}
