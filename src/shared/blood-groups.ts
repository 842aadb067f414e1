// Constants only (no zod), so public pages can use them without loading the schema library.
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

/** The spec's empty choice of the registration's and the request form's blood group selects. */
export const BLOOD_GROUP_PLACEHOLDER = 'Select Blood Group';

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
