// Which donor's blood group can give to which patient, per blood component (issue 14, decision 031).
// Constants and lookups only (no zod): the matching endpoint, donor search and the web all use them.
import { BLOOD_GROUPS, type BloodGroup } from './blood-groups';

export const BLOOD_COMPONENTS = ['whole_blood', 'red_cells', 'platelets', 'plasma'] as const;
export type BloodComponent = (typeof BLOOD_COMPONENTS)[number];

type Table = Record<BloodGroup, readonly BloodGroup[]>;

/**
 * Red cells (and whole blood, which the product treats the same way, as the field notes and the
 * issue do): the patient can receive from these donors. The patient's plasma must not carry
 * antibodies to the donor's red-cell antigens: O has neither A nor B (O- gives to all), AB has no
 * anti-A or anti-B (AB+ receives from all), and an Rh-negative patient gets Rh-negative red cells
 * (MSD Manual Professional Version, "Blood Products", 2024; American Red Cross, "Blood Types").
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
 * Plasma runs the other way: the donor's plasma must not carry antibodies to the patient's red
 * cells. AB plasma (no anti-A, no anti-B) goes to anyone; O plasma (both) only to O patients.
 * Rh does not matter: plasma carries no red cells (Mayo Clinic Blood Donor Program, "Plasma
 * donation"; American Red Cross, "Plasma donation: AB is the universal plasma type").
 */
const PLASMA_ABO: Record<'O' | 'A' | 'B' | 'AB', readonly ('O' | 'A' | 'B' | 'AB')[]> = {
  O: ['O', 'A', 'B', 'AB'],
  A: ['A', 'AB'],
  B: ['B', 'AB'],
  AB: ['AB'],
};

const abo = (group: BloodGroup) => group.slice(0, -1) as 'O' | 'A' | 'B' | 'AB';
const rhNegative = (group: BloodGroup) => group.endsWith('-');

const PLASMA = Object.fromEntries(
  BLOOD_GROUPS.map((patient) => [patient, BLOOD_GROUPS.filter((donor) => PLASMA_ABO[abo(patient)].includes(abo(donor)))]),
) as unknown as Table;

/**
 * Platelets, our rule: the donor's plasma must suit the patient (the plasma table, since an
 * apheresis unit is mostly plasma), and an Rh-negative patient gets Rh-negative platelets. The
 * British Society for Haematology's platelet guideline (Estcourt et al., Br J Haematol 2017;
 * 176:365-394) asks for ABO-identical or compatible platelets where possible, and RhD-negative
 * platelets for RhD-negative patients, above all girls and women who may have children: a unit
 * carries a few red cells, enough to cause anti-D. Identical groups come first in every list
 * (donorGroupsFor), so ABO-identical donors are always asked first. Practice varies (many banks
 * give ABO-incompatible platelets in a shortage); a match list for volunteers to call errs safe.
 */
const PLATELETS = Object.fromEntries(
  BLOOD_GROUPS.map((patient) => [patient, PLASMA[patient].filter((donor) => !rhNegative(patient) || rhNegative(donor))]),
) as unknown as Table;

const TABLES: Record<BloodComponent, Table> = {
  whole_blood: RED_CELLS,
  red_cells: RED_CELLS,
  platelets: PLATELETS,
  plasma: PLASMA,
};

/** True when a donor of this group can give this component to a patient of that group. */
export const canGive = (donor: BloodGroup, patient: BloodGroup, component: BloodComponent): boolean => TABLES[component][patient].includes(donor);

/**
 * The donor groups that can give to a patient, the patient's own group first, then the others in
 * the order of BLOOD_GROUPS.
 */
export function donorGroupsFor(patient: BloodGroup, component: BloodComponent): readonly BloodGroup[] {
  const groups = TABLES[component][patient];
  return [...groups.filter((g) => g === patient), ...BLOOD_GROUPS.filter((g) => g !== patient && groups.includes(g))];
}

/** The patient groups a donor can give to (the inverse), the donor's own group first. */
export function patientGroupsFor(donor: BloodGroup, component: BloodComponent): readonly BloodGroup[] {
  const patients = BLOOD_GROUPS.filter((p) => canGive(donor, p, component));
  return [...patients.filter((p) => p === donor), ...patients.filter((p) => p !== donor)];
}
