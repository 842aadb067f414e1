// Which donor's blood group can give to which patient, per blood component (issue 14, decision 031).
// Constants and lookups only (no zod): the matching endpoint, donor search and the web all use them.
// Each table is written out row by row (patient -> donors) so every cell can be checked against
// its source; test/compatibility-fixture.ts states them again, by hand, in another shape.
import { BLOOD_GROUPS, type BloodGroup } from './blood-groups';

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
