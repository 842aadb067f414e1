import { todayInDhaka } from '../../shared/donation-request-policy';
import { BLOOD_GROUPS, type BloodGroup } from '../../shared/blood-groups';
import type { Pagination } from '../../shared/pagination';
import { maskEmail } from '../../shared/privacy-rules';
import type { Donor } from '../../shared/search';
import type { ListPage } from '../lib/list-caches';
import type { LocationIndex } from '../locations/service';
import { dayNumber, type DonorIndex, groupTiers } from '../matching';
import type { SearchCache } from './cache';

export interface DonorFilter {
  /** Only donors whose email address is confirmed (set by the server while email verification is on: SMTP_URL). */
  verifiedOnly?: boolean;
  bloodGroup?: BloodGroup;
  division?: number;
  district?: number;
  upazila?: number;
  /** Also the groups that can give to `bloodGroup` (red cells), identical group first. */
  compatible?: boolean;
  /** Only available donors past their interval today. */
  eligibleOnly?: boolean;
  /** An anonymous search: emails masked (`r***@example.com`, issue 17); signed-in users get them in full. */
  maskEmails?: boolean;
}

/** With eligibleOnly, the total counts up to this many (a full count would walk every donor); without it the total is exact. */
export const SEARCH_COUNT_LIMIT = 200;

/**
 * Findable donors (active, with a blood group and a location), from the donor index in memory
 * (decision 051; it reflects every write committed before the call, on any instance), in a
 * stable order across pages: by id, the identical group first with `compatible`. The answer may
 * come from the short-lived search cache (./cache.ts).
 */
export function searchDonors(donors: DonorIndex, cache: SearchCache, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  // The mask is part of the cache key: an anonymous answer and a signed-in one never share an entry.
  return cache.donors(filter, p, async () => {
    const found = await findDonors(donors, locations, filter, p);
    return filter.maskEmails ? { ...found, rows: found.rows.map((d) => ({ ...d, email: maskEmail(d.email) })) } : found;
  });
}

interface DonorRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  bloodGroup: BloodGroup;
  divisionId: number;
  districtId: number;
  upazilaId: number;
}

function toDonor(r: DonorRow, locations: LocationIndex): Donor {
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    avatar: r.image,
    blood_group: r.bloodGroup,
    division: locations.divisionName(r.divisionId) ?? '',
    district: locations.districtName(r.districtId) ?? '',
    upazila: locations.upazilaName(r.upazilaId) ?? '',
    divisionId: String(r.divisionId),
    districtId: String(r.districtId),
    upazilaId: String(r.upazilaId),
  };
}

/**
 * The filter's page from the donor index: any group, the group, or (compatible) the group then
 * those that can give to it, each tier in id order; eligibleOnly counts up to SEARCH_COUNT_LIMIT.
 * Names, emails and pictures are read for the page's rows only.
 */
async function findDonors(donors: DonorIndex, locations: LocationIndex, filter: DonorFilter, p: Pagination): Promise<ListPage<Donor>> {
  const tiers: (readonly BloodGroup[])[] = !filter.bloodGroup
    ? [BLOOD_GROUPS]
    : filter.compatible
      ? groupTiers(filter.bloodGroup, 'whole_blood')
      : [[filter.bloodGroup]];
  const table = await donors.current();
  const { rows, total } = table.search({
    tiers,
    divisionId: filter.division,
    districtId: filter.district,
    upazilaId: filter.upazila,
    eligibleOn: filter.eligibleOnly ? dayNumber(todayInDhaka()) : undefined,
    verifiedOnly: filter.verifiedOnly ?? false,
    offset: (p.page - 1) * p.limit,
    limit: p.limit,
    countLimit: SEARCH_COUNT_LIMIT,
  });
  return {
    rows: rows.map((r) =>
      toDonor(
        { id: r.id, name: r.name, email: r.email ?? '', image: r.image, bloodGroup: r.bloodGroup, divisionId: r.divisionId, districtId: r.districtId, upazilaId: r.upazilaId },
        locations,
      ),
    ),
    total,
  };
}
