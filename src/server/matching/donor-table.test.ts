import { describe, expect, it } from 'vitest';
import { BLOOD_GROUPS, type BloodGroup } from '../../shared/blood-groups';
import { DonorTable, type FoundDonor, type IndexedDonor, type RankQuery, type SearchQuery, type WalkQuery } from './donor-table';

// The donor index's queries against a second, plain implementation: filter everything, sort
// everything. Random donors (a fixed seed), then random moves and removals.

function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

// 3 divisions, 2 districts each, 3 upazilas per district.
const districtOf = (upazila: number) => Math.ceil(upazila / 3);
const divisionOf = (district: number) => Math.ceil(district / 2);

function donorMaker(rand: () => number) {
  let n = 0;
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  return (id = `d${(n++).toString(36).padStart(4, '0')}${pick(['', 'x', 'A', 'a'])}`): IndexedDonor => {
    const upazila = 1 + Math.floor(rand() * 18);
    const district = districtOf(upazila);
    const last = rand() < 0.3 ? null : 20_000 + Math.floor(rand() * 40); // many ties: the id decides
    return {
      id,
      name: pick(['Rahim', 'করিম', '', `Donor ${id}`]),
      email: `${id}@example.com`,
      image: pick([null, `https://example.com/${id}.webp`]),
      bloodGroup: pick(BLOOD_GROUPS),
      divisionId: divisionOf(district),
      districtId: district,
      upazilaId: upazila,
      lastDonationDay: last,
      nextEligibleDay: last === null ? null : last + pick([7, 28, 120]),
      available: rand() < 0.85,
      emailVerified: rand() < 0.7,
      ...pick([
        { quietStart: 0, quietEnd: 0 },
        { quietStart: 22 * 60, quietEnd: 7 * 60 },
        { quietStart: 9 * 60, quietEnd: 17 * 60 },
        { quietStart: 300, quietEnd: 301 },
      ]),
    };
  };
}

const byId = (a: IndexedDonor, b: IndexedDonor) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** A row as a query answers it: with the email for donor search only. */
const found = (d: IndexedDonor, seg: number, withEmail = false): FoundDonor => ({
  seg,
  id: d.id,
  name: d.name,
  ...(withEmail ? { email: d.email } : {}),
  image: d.image,
  bloodGroup: d.bloodGroup,
  divisionId: d.divisionId,
  districtId: d.districtId,
  upazilaId: d.upazilaId,
  nextEligibleDate: d.nextEligibleDay === null ? null : new Date(d.nextEligibleDay * 86_400_000).toISOString().slice(0, 10),
});

function referenceRank(all: IndexedDonor[], q: RankQuery): { rows: FoundDonor[]; total: number } {
  const segOf = (d: IndexedDonor) =>
    d.districtId === q.districtId ? (d.upazilaId === q.upazilaId ? 0 : 1) : 2 + q.otherDistricts.indexOf(d.districtId);
  const tierOf = (d: IndexedDonor) => q.tiers.findIndex((t) => t.includes(d.bloodGroup));
  const best = all
    .filter((d) => tierOf(d) >= 0 && d.available && (d.nextEligibleDay ?? -Infinity) <= q.eligibleOn && !q.exclude.has(d.id) && segOf(d) >= 0)
    .filter((d) => d.districtId === q.districtId || q.otherDistricts.includes(d.districtId))
    .sort((a, b) => tierOf(a) - tierOf(b) || segOf(a) - segOf(b) || (a.lastDonationDay ?? -Infinity) - (b.lastDonationDay ?? -Infinity) || byId(a, b))
    .slice(0, q.limit);
  return { rows: best.slice(q.offset, q.offset + q.pageSize).map((d) => found(d, segOf(d))), total: best.length };
}

function referenceSearch(all: IndexedDonor[], q: SearchQuery): { rows: FoundDonor[]; total: number } {
  const tierOf = (d: IndexedDonor) => q.tiers.findIndex((t) => t.includes(d.bloodGroup));
  const hits = all
    .filter(
      (d) =>
        tierOf(d) >= 0 &&
        (q.upazilaId === undefined || d.upazilaId === q.upazilaId) &&
        (q.districtId === undefined || d.districtId === q.districtId) &&
        (q.divisionId === undefined || d.divisionId === q.divisionId) &&
        (!q.verifiedOnly || d.emailVerified) &&
        (q.eligibleOn === undefined || (d.available && (d.nextEligibleDay ?? -Infinity) <= q.eligibleOn)),
    )
    .sort((a, b) => tierOf(a) - tierOf(b) || byId(a, b));
  return { rows: hits.slice(q.offset, q.offset + q.limit).map((d) => found(d, 0, true)), total: q.eligibleOn === undefined ? hits.length : Math.min(hits.length, q.countLimit) };
}

/** Outreach's walk: every donor of the ranking's segments in order (the district's segment passes its upazila's donors again), cut at maxVisits, then filtered. */
function referenceWalk(all: IndexedDonor[], q: WalkQuery): FoundDonor[] {
  const lastThenId = (a: IndexedDonor, b: IndexedDonor) => (a.lastDonationDay ?? -Infinity) - (b.lastDonationDay ?? -Infinity) || byId(a, b);
  const places = [
    { seg: 0, in: (d: IndexedDonor) => d.upazilaId === q.upazilaId },
    { seg: 1, in: (d: IndexedDonor) => d.districtId === q.districtId },
    ...q.otherDistricts.map((district, i) => ({ seg: 2 + i, in: (d: IndexedDonor) => d.districtId === district })),
  ];
  const visits = q.tiers.flatMap((tier) => places.flatMap((p) => all.filter((d) => tier.includes(d.bloodGroup) && p.in(d)).sort(lastThenId).map((d) => ({ d, seg: p.seg }))));
  const awake = (d: IndexedDonor, m: number) =>
    d.quietStart === d.quietEnd || (d.quietStart < d.quietEnd ? m < d.quietStart || m >= d.quietEnd : m < d.quietStart && m >= d.quietEnd);
  return visits
    .slice(0, q.maxVisits)
    .filter(
      ({ d, seg }) =>
        !(seg === 1 && d.upazilaId === q.upazilaId) &&
        d.available &&
        (d.nextEligibleDay ?? -Infinity) <= q.eligibleOn &&
        !q.exclude.has(d.id) &&
        (!q.verifiedOnly || d.emailVerified) &&
        (q.awakeAt === undefined || awake(d, q.awakeAt)),
    )
    .map(({ d, seg }) => found(d, seg));
}

const tiersFor = (group: BloodGroup, compatible: BloodGroup[]): BloodGroup[][] => [[group], compatible.filter((g) => g !== group)].filter((t) => t.length > 0);

function queries(rand: () => number, donors: IndexedDonor[]) {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const rank: RankQuery[] = [];
  const search: SearchQuery[] = [];
  for (let i = 0; i < 60; i++) {
    const upazila = 1 + Math.floor(rand() * 18);
    const district = districtOf(upazila);
    const group = pick(BLOOD_GROUPS);
    const others = [1, 2, 3, 4, 5, 6].filter((d) => d !== district).sort(() => rand() - 0.5);
    rank.push({
      tiers: tiersFor(group, BLOOD_GROUPS.filter(() => rand() < 0.4)),
      districtId: district,
      upazilaId: upazila,
      otherDistricts: rand() < 0.2 ? others.slice(0, 2) : others,
      eligibleOn: 20_000 + Math.floor(rand() * 200),
      exclude: new Set(donors.filter(() => rand() < 0.05).map((d) => d.id)),
      limit: pick([1, 5, 20, 100, 1000]),
      offset: pick([0, 0, 3, 20, 90]),
      pageSize: pick([1, 10, 20, 100]),
    });
    const place = pick(['upazila', 'district', 'division', 'none', 'mismatch'] as const);
    search.push({
      tiers: rand() < 0.2 ? [BLOOD_GROUPS] : tiersFor(group, BLOOD_GROUPS.filter(() => rand() < 0.4)),
      upazilaId: place === 'upazila' || place === 'mismatch' ? upazila : undefined,
      districtId: place === 'district' ? district : place === 'mismatch' ? 1 + (district % 6) : undefined,
      divisionId: place === 'division' ? divisionOf(district) : undefined,
      eligibleOn: rand() < 0.5 ? 20_000 + Math.floor(rand() * 200) : undefined,
      verifiedOnly: rand() < 0.3,
      offset: pick([0, 0, 5, 10, 40]),
      limit: pick([5, 10, 100]),
      countLimit: pick([20, 200]),
    });
  }
  return { rank, search };
}

function expectSame(table: DonorTable, donors: IndexedDonor[], rand: () => number) {
  const { rank, search } = queries(rand, donors);
  for (const q of rank) expect(table.rank(q)).toEqual(referenceRank(donors, q));
  for (const r of rank) {
    const q: WalkQuery = {
      ...r,
      awakeAt: rand() < 0.3 ? undefined : Math.floor(rand() * 1440),
      verifiedOnly: rand() < 0.3,
      maxVisits: rand() < 0.5 ? Infinity : Math.floor(rand() * 400),
    };
    expect([...table.walk(q)]).toEqual(referenceWalk(donors, q));
  }
  for (const q of search) expect(table.search(q)).toEqual(referenceSearch(donors, q));
}

describe('DonorTable', () => {
  it('ranks and searches as filtering and sorting everything would, built at once or one by one', () => {
    const rand = random(7);
    const make = donorMaker(rand);
    const donors = Array.from({ length: 1500 }, () => make());
    const atOnce = DonorTable.of(donors);
    expect(atOnce.size).toBe(1500);
    expectSame(atOnce, donors, rand);
    const oneByOne = new DonorTable();
    for (const d of donors) oneByOne.put(d.id, d);
    expectSame(oneByOne, donors, rand);
  });

  it('stays right through moves, removals and new donors (slots reused)', () => {
    const rand = random(11);
    const make = donorMaker(rand);
    let donors = Array.from({ length: 800 }, () => make());
    const table = DonorTable.of(donors);
    for (let round = 0; round < 5; round++) {
      const changed = new Map<string, IndexedDonor | null>();
      for (const d of donors) {
        const r = rand();
        if (r < 0.1) changed.set(d.id, make(d.id)); // moved, another group, another donation day
        else if (r < 0.15) changed.set(d.id, null); // blocked, deleted, lost their group
      }
      for (let i = 0; i < 60; i++) {
        const d = make();
        changed.set(d.id, d);
      }
      for (const [id, d] of changed) table.put(id, d);
      donors = [...donors.filter((d) => !changed.has(d.id)), ...[...changed.values()].filter((d): d is IndexedDonor => d !== null)];
      expect(table.size).toBe(donors.length);
      expectSame(table, donors, rand);
    }
  });

  it('takes out someone it does not hold without complaint, and puts the same donor twice as one', () => {
    const d = donorMaker(random(3))();
    const table = new DonorTable();
    table.put('nobody', null);
    table.put(d.id, d);
    table.put(d.id, d);
    expect(table.size).toBe(1);
    expect(table.search({ tiers: [BLOOD_GROUPS], verifiedOnly: false, offset: 0, limit: 10, countLimit: 200 }).total).toBe(1);
  });
});
