import TinyQueue from 'tinyqueue';
import { BLOOD_GROUPS, type BloodGroup } from '../../shared/blood-groups';
import { type BloodComponent, donorGroupsFor } from '../../shared/compatibility';
import { TextColumns } from '../lib/text-columns';

// The findable donors in memory (decision 051): what matching and donor search's compatible and
// eligibleOnly options filter and order by, and what a page of them shows (name, email, picture;
// decision 057). Columns in typed arrays and one text buffer, one slot per donor; lists of
// slots per upazila and blood group and per district and blood group by "gave longest ago"
// (matching's order), and per district and blood group by id (search's order). A query merges the
// lists it needs in order and stops once it has what it needs.

/** A findable donor (active, with a blood group and a place) as the index keeps them. Dates are day numbers (days since 1970-01-01). */
export interface IndexedDonor {
  id: string;
  name: string;
  email: string;
  image: string | null;
  bloodGroup: BloodGroup;
  divisionId: number;
  districtId: number;
  upazilaId: number;
  /** Null: never gave. */
  lastDonationDay: number | null;
  /** Null: may give now. */
  nextEligibleDay: number | null;
  available: boolean;
  emailVerified: boolean;
  /** Quiet hours in minutes of the Dhaka day (outreach does not alert then); equal: none. */
  quietStart: number;
  quietEnd: number;
}

/** A donor as a query answers them. */
export interface FoundDonor {
  /** Matching's ranking segment: 0 the request's upazila, 1 the rest of its district, 2.. the other districts, nearest first. */
  seg: number;
  id: string;
  name: string;
  /** Donor search's rows only (matching never shows it, and does not decode it). */
  email?: string;
  image: string | null;
  bloodGroup: BloodGroup;
  divisionId: number;
  districtId: number;
  upazilaId: number;
  /** YYYY-MM-DD, or null. */
  nextEligibleDate: string | null;
}

/** The matching ranking of one request: its groups, its place, the day and who is left out. */
export interface Ranking {
  /** The identical group, then the merely compatible ones. */
  tiers: readonly (readonly BloodGroup[])[];
  districtId: number;
  upazilaId: number;
  /** Every other district, nearest first. */
  otherDistricts: readonly number[];
  /** Day number the donors must be eligible on. */
  eligibleOn: number;
  exclude: ReadonlySet<string>;
}

export interface RankQuery extends Ranking {
  /** The list is the best this many. */
  limit: number;
  /** The page of it to answer. */
  offset: number;
  pageSize: number;
}

/** Outreach's walk of the ranking (see `walk`). */
export interface WalkQuery extends Ranking {
  /** Minute of the Dhaka day: only donors outside their quiet hours then; undefined: quiet hours ignored. */
  awakeAt?: number;
  verifiedOnly: boolean;
  /** Stop after looking at this many donors of the ranking (kept or not). */
  maxVisits: number;
}

/** One segment of a ranking: the lists of `place`, less the donors of `skipUpazila` (-1: none). */
interface Segment {
  seg: number;
  lists: Map<number, number[]>;
  place: number;
  skipUpazila: number;
}

export interface SearchQuery {
  /** Groups in the order they are listed (each tier in id order); one tier of all groups for "any group". */
  tiers: readonly (readonly BloodGroup[])[];
  divisionId?: number;
  districtId?: number;
  upazilaId?: number;
  /** Day number: only available donors eligible on it. */
  eligibleOn?: number;
  verifiedOnly: boolean;
  offset: number;
  limit: number;
  /** With eligibleOn, count up to this many (without it the total is exact, from the lists' sizes). */
  countLimit: number;
}

const NEVER = -1e8;
const AVAILABLE = 1;
const VERIFIED = 2;
/** The texts of a slot, in TextColumns' fields. */
const NAME = 0;
const EMAIL = 1;
const IMAGE = 2;
const GROUP_INDEX = new Map<BloodGroup, number>(BLOOD_GROUPS.map((g, i) => [g, i]));
const EMPTY: readonly number[] = [];
const key = (place: number, group: number) => place * 8 + group;
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The groups that can give `component` to a `patient`, as listed: the identical group, then the merely compatible ones (an empty tier left out). */
export function groupTiers(patient: BloodGroup, component: BloodComponent): BloodGroup[][] {
  const groups = donorGroupsFor(patient, component);
  return [groups.filter((g) => g === patient), groups.filter((g) => g !== patient)].filter((t) => t.length > 0);
}

/** YYYY-MM-DD as a day number, and back. */
export const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
/** Day texts already written (a few thousand distinct days at most): a page's dates without a Date each. */
const dayTexts = new Map<number, string>();
const dayText = (day: number): string | null => {
  if (day === NEVER) return null;
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * 86_400_000).toISOString().slice(0, 10);
    if (dayTexts.size < 100_000) dayTexts.set(day, text);
  }
  return text;
};

/** The first position in `list` (sorted by `order`) whose slot does not come before `slot`. */
function lowerBound(list: readonly number[], slot: number, order: (a: number, b: number) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order(list[mid]!, slot) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The walk of a few sorted lists in one order, one slot at a time (-1 at the end): one list as it
 * is, several by a plain scan of their heads for the smallest.
 */
function headScan(lists: readonly (readonly number[])[], order: (a: number, b: number) => number): () => number {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length === 1) {
    const list = nonEmpty[0]!;
    let i = 0;
    return () => (i < list.length ? list[i++]! : -1);
  }
  const at = nonEmpty.map(() => 0);
  return () => {
    let best = -1;
    let bestSlot = -1;
    for (let i = 0; i < nonEmpty.length; i++) {
      const list = nonEmpty[i]!;
      if (at[i]! < list.length) {
        const slot = list[at[i]!]!;
        if (best < 0 || order(slot, bestSlot) < 0) {
          best = i;
          bestSlot = slot;
        }
      }
    }
    if (best >= 0) at[best]!++;
    return bestSlot;
  };
}

export class DonorTable {
  private ids: (string | undefined)[] = [];
  private group = new Uint8Array(1024);
  private division = new Uint16Array(1024);
  private district = new Uint16Array(1024);
  private upazila = new Uint16Array(1024);
  private last = new Int32Array(1024);
  private next = new Int32Array(1024);
  private flags = new Uint8Array(1024);
  private quietStart = new Uint16Array(1024);
  private quietEnd = new Uint16Array(1024);
  private readonly texts = new TextColumns(3);
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  /** key(upazila, group) -> slots by (last donation, id). */
  private readonly byLast = new Map<number, number[]>();
  /** key(district, group) -> slots by (last donation, id). */
  private readonly byLastInDistrict = new Map<number, number[]>();
  /** key(district, group) -> slots by id. */
  private readonly byId = new Map<number, number[]>();
  /** key(upazila, group) and key(district, group) -> how many of that list's donors have a confirmed email. */
  private readonly verifiedInUpazila = new Map<number, number>();
  private readonly verifiedInDistrict = new Map<number, number>();
  private readonly districtOfUpazila = new Map<number, number>();
  private readonly divisionOfDistrict = new Map<number, number>();

  private readonly lastOrder = (a: number, b: number) => this.last[a]! - this.last[b]! || compareIds(this.ids[a]!, this.ids[b]!);
  private readonly idOrder = (a: number, b: number) => compareIds(this.ids[a]!, this.ids[b]!);

  /** A table of these donors, built in one go (faster than one `put` each). */
  static of(donors: Iterable<IndexedDonor>): DonorTable {
    const table = new DonorTable();
    table.addUnsorted(donors);
    table.sortLists();
    return table;
  }

  /** Building in one go, part by part: donors not yet in the table, then `sortLists` once before any query. */
  addUnsorted(donors: Iterable<IndexedDonor>): void {
    for (const donor of donors) this.add(donor, false);
  }

  sortLists(): void {
    for (const list of [...this.byLast.values(), ...this.byLastInDistrict.values()]) list.sort(this.lastOrder);
    for (const list of this.byId.values()) list.sort(this.idOrder);
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Puts a donor in, or moves them; null takes them out (no longer findable, or gone). */
  put(id: string, donor: IndexedDonor | null): void {
    const slot = this.slotOf.get(id);
    if (slot !== undefined) this.remove(id, slot);
    if (donor) this.add(donor, true);
  }

  /** Matching: a page of the best `limit` donors, segment by segment (./service.ts has the order), and how many there are (up to `limit`). */
  rank(q: RankQuery): { rows: FoundDonor[]; total: number } {
    const slots: number[] = [];
    const segs: number[] = [];
    const { flags, next, upazila } = this;
    const excluded = this.slotsOf(q.exclude);
    const segments = this.segmentsOf(q);
    for (const tier of q.tiers) {
      const groups = tier.map((g) => GROUP_INDEX.get(g)!);
      for (const { seg, lists, place, skipUpazila } of segments) {
        if (slots.length >= q.limit) break;
        this.merge(
          groups.map((g) => lists.get(key(place, g)) ?? EMPTY),
          this.lastOrder,
          (s) => {
            if (slots.length >= q.limit) return false;
            if ((flags[s]! & AVAILABLE) !== 0 && next[s]! <= q.eligibleOn && upazila[s] !== skipUpazila && !excluded.has(s)) {
              slots.push(s);
              segs.push(seg);
            }
            return true;
          },
        );
      }
    }
    const rows: FoundDonor[] = [];
    for (let i = q.offset; i < Math.min(slots.length, q.offset + q.pageSize); i++) rows.push(this.found(slots[i]!, segs[i]!));
    return { rows, total: slots.length };
  }

  /**
   * Outreach: the ranking of `rank` (without its cut at a limit), one donor at a time as the caller
   * asks for them, keeping the eligible ones that may be alerted now (outside their quiet hours at
   * `awakeAt`; verified with `verifiedOnly`). It stops after `maxVisits` donors looked at, so a
   * wave at night, when nearly everyone sleeps, does not walk every donor in the country.
   */
  *walk(q: WalkQuery): Generator<FoundDonor, void, undefined> {
    const { flags, next, upazila, quietStart, quietEnd } = this;
    const excluded = this.slotsOf(q.exclude);
    const m = q.awakeAt;
    const awake = (s: number) => {
      if (m === undefined) return true;
      const start = quietStart[s]!;
      const end = quietEnd[s]!;
      if (start === end) return true;
      return start < end ? !(m >= start && m < end) : !(m >= start || m < end);
    };
    let visits = 0;
    const segments = this.segmentsOf(q);
    for (const tier of q.tiers) {
      const groups = tier.map((g) => GROUP_INDEX.get(g)!);
      for (const { seg, lists, place, skipUpazila } of segments) {
        for (const s of this.mergeWalk(groups.map((g) => lists.get(key(place, g)) ?? EMPTY), this.lastOrder)) {
          if (++visits > q.maxVisits) return;
          if (
            (flags[s]! & AVAILABLE) !== 0 &&
            next[s]! <= q.eligibleOn &&
            upazila[s] !== skipUpazila &&
            !excluded.has(s) &&
            (!q.verifiedOnly || (flags[s]! & VERIFIED) !== 0) &&
            awake(s)
          ) {
            yield this.found(s, seg);
          }
        }
      }
    }
  }

  /** The ranking's segments in order: the request's upazila, the rest of its district, each other district. */
  private segmentsOf(q: Ranking): Segment[] {
    return [
      { seg: 0, lists: this.byLast, place: q.upazilaId, skipUpazila: -1 },
      { seg: 1, lists: this.byLastInDistrict, place: q.districtId, skipUpazila: q.upazilaId },
      ...q.otherDistricts.map((d, i) => ({ seg: 2 + i, lists: this.byLastInDistrict, place: d, skipUpazila: -1 })),
    ];
  }

  /** Donors by id as slots: numbers to compare in a walk, not ids to hash (the ones not in the table left out). */
  private slotsOf(ids: ReadonlySet<string>): Set<number> {
    const slots = new Set<number>();
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) slots.add(slot);
    }
    return slots;
  }

  /** The walk of a few sorted lists, one slot at a time, as outreach's walk asks for them. */
  private *mergeWalk(lists: readonly (readonly number[])[], order: (a: number, b: number) => number): Generator<number, void, undefined> {
    const next = headScan(lists, order);
    for (let slot = next(); slot >= 0; slot = next()) yield slot;
  }

  /**
   * Donor search: a page in (tier, id) order, and how many there are: all of them without
   * `eligibleOn` (from the lists' sizes), else up to `countLimit` (that count walks the donors).
   */
  search(q: SearchQuery): { rows: FoundDonor[]; total: number } {
    const districts = this.districtsOf(q);
    const wanted = (s: number) =>
      (q.upazilaId === undefined || this.upazila[s] === q.upazilaId) &&
      (!q.verifiedOnly || (this.flags[s]! & VERIFIED) !== 0) &&
      (q.eligibleOn === undefined || ((this.flags[s]! & AVAILABLE) !== 0 && this.next[s]! <= q.eligibleOn));
    const counted = q.eligibleOn === undefined;
    const rows: FoundDonor[] = [];
    let seen = 0;
    const enough = counted ? q.offset + q.limit : Math.max(q.countLimit, q.offset + q.limit);
    for (const tier of q.tiers) {
      if (seen >= enough) break;
      const lists = tier.flatMap((g) => districts.map((d) => this.byId.get(key(d, GROUP_INDEX.get(g)!)) ?? EMPTY));
      this.merge(lists, this.idOrder, (s) => {
        if (!wanted(s)) return true;
        if (seen >= q.offset && seen < q.offset + q.limit) rows.push(this.found(s, 0, true));
        seen++;
        return seen < enough;
      });
    }
    return { rows, total: counted ? this.countFindable(q, districts) : Math.min(seen, q.countLimit) };
  }

  /** The districts a search covers: its upazila's, its district, its division's, or all (none when they disagree). */
  private districtsOf(q: SearchQuery): number[] {
    const inDivision = (d: number) => q.divisionId === undefined || this.divisionOfDistrict.get(d) === q.divisionId;
    const inDistrict = (d: number) => q.districtId === undefined || d === q.districtId;
    const candidates =
      q.upazilaId !== undefined
        ? [this.districtOfUpazila.get(q.upazilaId) ?? -1]
        : q.districtId !== undefined
          ? [q.districtId]
          : [...this.divisionOfDistrict.keys()];
    return candidates.filter((d) => inDistrict(d) && inDivision(d));
  }

  /** How many findable donors of the search's groups and places there are (the verified ones with verifiedOnly), from the lists' sizes. */
  private countFindable(q: SearchQuery, districts: readonly number[]): number {
    const groups = q.tiers.flat().map((g) => GROUP_INDEX.get(g)!);
    const sizeOf = (lists: Map<number, number[]>, verified: Map<number, number>, k: number) => (q.verifiedOnly ? (verified.get(k) ?? 0) : (lists.get(k)?.length ?? 0));
    let total = 0;
    for (const g of groups) {
      if (q.upazilaId !== undefined) {
        if (districts.length > 0) total += sizeOf(this.byLast, this.verifiedInUpazila, key(q.upazilaId, g));
      } else {
        for (const d of districts) total += sizeOf(this.byId, this.verifiedInDistrict, key(d, g));
      }
    }
    return total;
  }

  /** Visits the slots of sorted lists in one sorted walk until `visit` answers false. */
  private merge(lists: readonly (readonly number[])[], order: (a: number, b: number) => number, visit: (slot: number) => boolean): void {
    const nonEmpty = lists.filter((l) => l.length > 0);
    if (nonEmpty.length <= 8) {
      // Few lists (matching: one per blood group of a tier).
      const next = headScan(nonEmpty, order);
      for (let slot = next(); slot >= 0; slot = next()) if (!visit(slot)) return;
      return;
    }
    // Many (search over a division's districts): a heap of [list, position], by the slot each points at.
    const heads = new TinyQueue<[readonly number[], number]>(
      nonEmpty.map((l) => [l, 0]),
      (a, b) => order(a[0][a[1]]!, b[0][b[1]]!),
    );
    while (heads.length > 0) {
      const head = heads.pop()!;
      if (!visit(head[0][head[1]]!)) return;
      if (++head[1] < head[0].length) heads.push(head);
    }
  }

  private found(s: number, seg: number, withEmail = false): FoundDonor {
    return {
      seg,
      id: this.ids[s]!,
      name: this.texts.get(s, NAME) ?? '',
      ...(withEmail ? { email: this.texts.get(s, EMAIL) ?? '' } : {}),
      image: this.texts.get(s, IMAGE),
      bloodGroup: BLOOD_GROUPS[this.group[s]!]!,
      divisionId: this.division[s]!,
      districtId: this.district[s]!,
      upazilaId: this.upazila[s]!,
      nextEligibleDate: dayText(this.next[s]!),
    };
  }

  private add(d: IndexedDonor, sorted: boolean): void {
    const slot = this.free.pop() ?? this.ids.length;
    if (slot >= this.group.length) this.grow();
    this.ids[slot] = d.id;
    this.group[slot] = GROUP_INDEX.get(d.bloodGroup)!;
    this.division[slot] = d.divisionId;
    this.district[slot] = d.districtId;
    this.upazila[slot] = d.upazilaId;
    this.last[slot] = d.lastDonationDay ?? NEVER;
    this.next[slot] = d.nextEligibleDay ?? NEVER;
    this.flags[slot] = (d.available ? AVAILABLE : 0) | (d.emailVerified ? VERIFIED : 0);
    this.quietStart[slot] = d.quietStart;
    this.quietEnd[slot] = d.quietEnd;
    this.texts.set(slot, [d.name, d.email, d.image]);
    this.slotOf.set(d.id, slot);
    this.districtOfUpazila.set(d.upazilaId, d.districtId);
    this.divisionOfDistrict.set(d.districtId, d.divisionId);
    this.countVerified(slot, 1);
    for (const [lists, k, order] of this.listsOf(slot)) {
      const list = lists.get(k) ?? [];
      lists.set(k, list);
      if (sorted) list.splice(lowerBound(list, slot, order), 0, slot);
      else list.push(slot);
    }
  }

  /** The lists a slot is in, with their keys and orders. */
  private listsOf(slot: number) {
    return [
      [this.byLast, key(this.upazila[slot]!, this.group[slot]!), this.lastOrder],
      [this.byLastInDistrict, key(this.district[slot]!, this.group[slot]!), this.lastOrder],
      [this.byId, key(this.district[slot]!, this.group[slot]!), this.idOrder],
    ] as const;
  }

  private remove(id: string, slot: number): void {
    this.countVerified(slot, -1);
    for (const [lists, k, order] of this.listsOf(slot)) {
      const list = lists.get(k)!;
      list.splice(lowerBound(list, slot, order), 1);
    }
    this.slotOf.delete(id);
    this.ids[slot] = undefined;
    this.texts.clear(slot);
    this.free.push(slot);
  }

  private countVerified(slot: number, by: 1 | -1): void {
    if ((this.flags[slot]! & VERIFIED) === 0) return;
    const up = key(this.upazila[slot]!, this.group[slot]!);
    const district = key(this.district[slot]!, this.group[slot]!);
    this.verifiedInUpazila.set(up, (this.verifiedInUpazila.get(up) ?? 0) + by);
    this.verifiedInDistrict.set(district, (this.verifiedInDistrict.get(district) ?? 0) + by);
  }

  private grow(): void {
    const double = <T extends Uint8Array | Uint16Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.group = double(this.group);
    this.division = double(this.division);
    this.district = double(this.district);
    this.upazila = double(this.upazila);
    this.last = double(this.last);
    this.next = double(this.next);
    this.flags = double(this.flags);
    this.quietStart = double(this.quietStart);
    this.quietEnd = double(this.quietEnd);
  }
}
