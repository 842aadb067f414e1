// Who can give to whom, and when (issues 14 and 31, decision 031): blood groups, blood components
// and their compatibility, the intervals between donations, who is a findable, eligible donor, and
// the distance between places. Constants and lookups only (no zod): the matching endpoint, donor
// search, outreach and the web all use them.

// ---------------------------------------------------------------------------------------------
// Blood groups.

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

/**
 * The donor search's option values (spec section 3): a "+" in a query string reads as a space, so
 * the positive groups travel as letter codes. The server accepts these codes and properly
 * URL-encoded groups alike.
 */
export const SEARCH_BLOOD_GROUP_CODES: Record<string, BloodGroup> = {
  AA: 'A+',
  'A-': 'A-',
  BB: 'B+',
  'B-': 'B-',
  ABAB: 'AB+',
  'AB-': 'AB-',
  OO: 'O+',
  'O-': 'O-',
};

/** The search option value for a blood group (A+ -> AA). */
export const searchCodeFor = (group: BloodGroup): string =>
  Object.entries(SEARCH_BLOOD_GROUP_CODES).find(([, g]) => g === group)?.[0] ?? group;

/** Reads a search value: a code (AA), an encoded group (A+), or a "+" turned into a space (A ). */
export function parseSearchBloodGroup(value: string): BloodGroup | undefined {
  const v = value.trim().toUpperCase();
  if (v in SEARCH_BLOOD_GROUP_CODES) return SEARCH_BLOOD_GROUP_CODES[v];
  if ((BLOOD_GROUPS as readonly string[]).includes(v)) return v as BloodGroup;
  // "A+" sent unencoded arrives as "A " (the "+" became a space, then trimmed away).
  const plus = `${v}+`;
  if (/^(A|B|AB|O)$/.test(v) && (BLOOD_GROUPS as readonly string[]).includes(plus)) return plus as BloodGroup;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Compatibility (issue 14, decision 031). Each table is written out row by row (patient -> donors)
// so every cell can be checked against its source; test/compatibility-fixture.ts states them
// again, by hand, in another shape.

export const BLOOD_COMPONENTS = ['whole_blood', 'red_cells', 'platelets', 'plasma'] as const;
export type BloodComponent = (typeof BLOOD_COMPONENTS)[number];

/** For each patient group, the donor groups that may give. */
type Table = Record<BloodGroup, readonly BloodGroup[]>;

/**
 * Red cells, and whole blood, which the product matches the same way (the field notes and the
 * issue do). The donor's red cells must carry no antigen the patient's plasma has antibodies to:
 * O cells carry neither A nor B (O- gives to all), an AB patient has neither anti-A nor anti-B (AB+
 * receives from all), and an Rh-negative patient gets Rh-negative red cells; the MSD Manual allows
 * Rh-positive only in a life-threatening emergency, which a blood bank decides, not a donor list.
 * Sources: the table in docs/field-notes.md "Medical rules"; MSD Manual Professional Version,
 * "Blood Products"; American Red Cross, "Blood Types".
 */
const RED_CELLS: Table = {
  'O-': ['O-'],
  'O+': ['O+', 'O-'],
  'A-': ['A-', 'O-'],
  'A+': ['A+', 'A-', 'O+', 'O-'],
  'B-': ['B-', 'O-'],
  'B+': ['B+', 'B-', 'O+', 'O-'],
  'AB-': ['AB-', 'A-', 'B-', 'O-'],
  'AB+': ['AB+', 'AB-', 'A+', 'A-', 'B+', 'B-', 'O+', 'O-'],
};

/**
 * Plasma runs the other way: the donor's plasma must carry no antibody to the patient's red cells.
 * AB plasma (no anti-A, no anti-B) goes to anyone; O plasma (both) only to O patients; A plasma
 * (anti-B) to A and O, B plasma (anti-A) to B and O. Rh does not matter: plasma carries no red
 * cells. Sources: Mayo Clinic Blood Donor Program, "Platelet, double red cell and plasma donations"
 * (AB plasma can be given to any blood type); American Red Cross, "AB Elite plasma donation";
 * AABB Circular of Information (plasma must be ABO-compatible with the recipient's red cells).
 */
const PLASMA: Table = {
  'O-': ['O-', 'O+', 'A-', 'A+', 'B-', 'B+', 'AB-', 'AB+'],
  'O+': ['O-', 'O+', 'A-', 'A+', 'B-', 'B+', 'AB-', 'AB+'],
  'A-': ['A-', 'A+', 'AB-', 'AB+'],
  'A+': ['A-', 'A+', 'AB-', 'AB+'],
  'B-': ['B-', 'B+', 'AB-', 'AB+'],
  'B+': ['B-', 'B+', 'AB-', 'AB+'],
  'AB-': ['AB-', 'AB+'],
  'AB+': ['AB-', 'AB+'],
};

/**
 * Platelets, our rule: ABO-identical first (donorGroupsFor puts the patient's own group first and
 * matching asks that tier first), else a group whose PLASMA suits the patient (the plasma table's
 * ABO), and an Rh-negative patient gets Rh-negative platelets only.
 * - ABO: an apheresis unit is mostly donor plasma, and passive anti-A/anti-B from group O plasma
 *   has caused haemolysis in A, B and AB patients; the reverse mismatch only lowers the count
 *   increment. So a plasma-incompatible unit, which a blood bank gives only after a high-titre
 *   test, is never offered by a list that volunteers call. Sources: BSH guideline for the use of
 *   platelet transfusions (Estcourt et al., Br J Haematol 2017;176:365-394: ABO-identical or
 *   compatible where possible); NHSBT, "Transfusion of platelets across blood groups" (first
 *   choice identical, then plasma-compatible; O to non-O only if high-titre anti-A/B negative);
 *   "ABO and RhD selection for platelet transfusions", Hematology ASH Educ Program 2020
 *   (PMC7727583: haemolysis from minor ABO incompatibility).
 * - Rh: a platelet unit carries a few red cells, enough to make an RhD-negative patient form
 *   anti-D. BSH and NHSBT ask for RhD-negative platelets for RhD-negative girls and women who may
 *   have children (else anti-D immunoglobulin); most services do the same ("Platelet transfusion:
 *   the art and science of compromise", Transfus Med Hemother 2013, PMC3725020). A request carries
 *   no patient sex or age, so the table asks it for every Rh-negative patient. The cost: an
 *   Rh-negative patient's list is short (AB- gets only AB-); the blood bank can still choose
 *   Rh-positive platelets with anti-D, outside this list.
 */
const PLATELETS: Table = {
  'O-': ['O-', 'A-', 'B-', 'AB-'],
  'O+': ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'],
  'A-': ['A-', 'AB-'],
  'A+': ['A+', 'A-', 'AB+', 'AB-'],
  'B-': ['B-', 'AB-'],
  'B+': ['B+', 'B-', 'AB+', 'AB-'],
  'AB-': ['AB-'],
  'AB+': ['AB+', 'AB-'],
};

const TABLES: Record<BloodComponent, Table> = {
  whole_blood: RED_CELLS,
  red_cells: RED_CELLS,
  platelets: PLATELETS,
  plasma: PLASMA,
};

/** True when a donor of this group can give this component to a patient of that group. */
export const canGive = (donor: BloodGroup, patient: BloodGroup, component: BloodComponent): boolean =>
  TABLES[component][patient].includes(donor);

/**
 * The donor groups that can give this component to a patient: the patient's own group first (every
 * group can give to its own, and identical is preferred for every component), then the others in
 * the order of BLOOD_GROUPS (A+, A-, B+, B-, AB+, AB-, O+, O-), whatever the table row's order.
 */
export function donorGroupsFor(patient: BloodGroup, component: BloodComponent): readonly BloodGroup[] {
  const groups = TABLES[component][patient];
  return [patient, ...BLOOD_GROUPS.filter((g) => g !== patient && groups.includes(g))];
}

/**
 * The groups that can give `component` to a `patient` in the two tiers matching lists them (and
 * donor search's `compatible` option): the identical group, then the merely compatible ones (an
 * empty tier left out).
 */
export function groupTiers(patient: BloodGroup, component: BloodComponent): BloodGroup[][] {
  const groups = donorGroupsFor(patient, component);
  return [groups.filter((g) => g === patient), groups.filter((g) => g !== patient)].filter((t) => t.length > 0);
}

/** The inverse: the patient groups a donor can give to, the donor's own group first, then BLOOD_GROUPS order. */
export function patientGroupsFor(donor: BloodGroup, component: BloodComponent): readonly BloodGroup[] {
  return [donor, ...BLOOD_GROUPS.filter((p) => p !== donor && canGive(donor, p, component))];
}

// ---------------------------------------------------------------------------------------------
// How long a donor waits after a donation before giving again (issue 14, decision 031): date
// arithmetic only. The server's DONATION_INTERVAL_*_DAYS override these.

export type DonationIntervals = Record<BloodComponent, number>;

/**
 * Days from a donation of this component to the donor's next donation of anything, keyed by the
 * LAST donation's component (what the donor's body has to replace).
 * - Whole blood: 120 days (4 months), Bangladesh practice for people aged 18-60 (Quantum
 *   Foundation, quoted by BSS, 2021; Badhan and BloodConnect use 120 days / 4 months). Some
 *   Bangladeshi sources say 3 months for men; the UK asks 12-16 weeks, the US 56 days. 120 is the
 *   local rule and the most careful.
 * - Red cells: 120 days too. A red-cell (double red cell) apheresis donation takes more red cells
 *   than whole blood, and the US asks 16 weeks (112 days) after it (FDA rule as published by
 *   OneBlood, "How often can you give blood, platelets or plasma", 2021); 120 keeps the
 *   Bangladesh whole-blood wait, which is longer.
 * - Platelets (apheresis): 7 days, at most 24 times in 12 months (US: OneBlood, above, and the
 *   American Red Cross; Mayo Clinic asks 8 days; the UK 2 weeks). The yearly cap is not checked.
 * - Plasma (apheresis): 28 days (US: American Red Cross, up to 13 times a year; Mayo Clinic Blood
 *   Donor Program, "Platelet, double red cell and plasma donations").
 */
export const DONATION_INTERVAL_DAYS: DonationIntervals = {
  whole_blood: 120,
  red_cells: 120,
  platelets: 7,
  plasma: 28,
};

/** The environment variables that override each interval (README, server config). */
export const INTERVAL_ENV_VARS: Record<BloodComponent, string> = {
  whole_blood: 'DONATION_INTERVAL_WHOLE_BLOOD_DAYS',
  red_cells: 'DONATION_INTERVAL_RED_CELLS_DAYS',
  platelets: 'DONATION_INTERVAL_PLATELETS_DAYS',
  plasma: 'DONATION_INTERVAL_PLASMA_DAYS',
};

const DAY_MS = 86_400_000;

/**
 * The first day (YYYY-MM-DD) the donor may give again: the last donation's day plus its
 * component's interval, in calendar days. Never donated: null (now). An unknown component counts
 * as whole blood, the longest wait.
 */
export function nextEligibleDate(
  lastDonationDate: string | null,
  lastComponent: BloodComponent | null,
  intervals: DonationIntervals = DONATION_INTERVAL_DAYS,
): string | null {
  if (!lastDonationDate) return null;
  // None recorded (a date typed on the profile), or one the table does not know (an old row): wait
  // as long as after whole blood rather than not at all.
  const days = (lastComponent === null ? undefined : intervals[lastComponent]) ?? intervals.whole_blood;
  // Calendar days: midnight UTC of the date, never the local zone, so no DST or Dhaka offset moves it.
  return new Date(Date.parse(`${lastDonationDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Eligible on `date` (YYYY-MM-DD): from the boundary day (last donation + interval) on, that day included. */
export function isEligibleOn(
  date: string,
  lastDonationDate: string | null,
  lastComponent: BloodComponent | null,
  intervals: DonationIntervals = DONATION_INTERVAL_DAYS,
): boolean {
  const next = nextEligibleDate(lastDonationDate, lastComponent, intervals);
  return next === null || date >= next;
}

// ---------------------------------------------------------------------------------------------
// Who is a donor, and who may give on a day (issue 31): the web's statement of the rules whose one
// SQL statement is src/server/db/functions/donor_findable.sql and donor_eligible_on.sql (matching,
// donor search, outreach and the insight figures use that one). src/server/matching/donor-rules.test.ts
// proves the two agree on generated donors.

/** What the rules read of an account. */
export interface DonorFacts {
  status: string;
  bloodGroup: string | null;
  upazilaId: number | null;
  available: boolean;
  /** YYYY-MM-DD, or null: may give now. */
  nextEligibleDate: string | null;
}

/** Findable: an active account with a blood group and a place (donor_findable). */
export const isFindableDonor = (d: Pick<DonorFacts, 'status' | 'bloodGroup' | 'upazilaId'>): boolean =>
  d.status === 'active' && d.bloodGroup !== null && d.upazilaId !== null;

/** The first day a donor may give again, as a page shows it: null when that is today or earlier (or never given). */
export const eligibleFrom = (nextEligibleDate: string | null, today: string): string | null =>
  nextEligibleDate !== null && nextEligibleDate > today ? nextEligibleDate : null;

/** Eligible on `day` (YYYY-MM-DD): available and past the interval, that day included (donor_eligible_on). */
export const isEligibleDonorOn = (d: Pick<DonorFacts, 'available' | 'nextEligibleDate'>, day: string): boolean =>
  d.available && eligibleFrom(d.nextEligibleDate, day) === null;

// ---------------------------------------------------------------------------------------------
// Distances between places: the district centres' great-circle distance, from which the seed
// builds the district_distances table that matching ranks districts by (db/seed.ts).

const EARTH_RADIUS_KM = 6371.0088; // the mean radius (IUGG)

/** The great-circle distance between two points (haversine formula), in km. */
export function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
