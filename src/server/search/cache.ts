import type { Pagination } from '../../shared/api/schemas';
import type { Donor } from '../../shared/search/schemas';
import type { ListPage, WriteEvents } from '../lib/list-caches';
import { TtlCache } from '../lib/ttl-cache';

/**
 * Donor search answers, kept briefly in memory (decisions 016 and 027). Private to this feature:
 * its service reads it, deps.ts creates one per app.
 */
/** What a search names (./service.ts DonorFilter): each field is part of the key. */
type SearchFilter = Partial<Record<'bloodGroup' | 'division' | 'district' | 'upazila', string | number>> & {
  compatible?: boolean;
  eligibleOnly?: boolean;
  maskEmails?: boolean;
};

export interface SearchCache {
  /** A page of the donors one filter finds. */
  donors(filter: SearchFilter, p: Pagination, load: () => Promise<ListPage<Donor>>): Promise<ListPage<Donor>>;
}

export function createSearchCache(ttlMs: number, writes: WriteEvents): SearchCache {
  const donors = new TtlCache<ListPage<Donor>>(ttlMs);
  // Registrations, profile edits, blocks and activations change who is found, and how.
  writes.onWrite(['users'], () => donors.clear());
  return {
    donors: (f, p, load) => donors.get([f.bloodGroup, f.division, f.district, f.upazila, f.compatible, f.eligibleOnly, f.maskEmails, p.page, p.limit].join(':'), load),
  };
}
