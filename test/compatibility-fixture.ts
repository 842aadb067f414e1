// A second, independent statement of the compatibility tables (src/shared/matching/model.ts),
// written by hand from the sources, not generated from the module. Rows: the patient; columns: the
// donor, in the order of COLUMNS; "x" can give, "." cannot.
export const COLUMNS = ['O-', 'O+', 'A-', 'A+', 'B-', 'B+', 'AB-', 'AB+'] as const;

// Red cells: the table in docs/field-notes.md "Medical rules" (MSD Manual): O- gives to all, AB+
// receives from all, an Rh-negative patient only Rh-negative.
const RED_CELLS = {
  'O-': 'x . . . . . . .',
  'O+': 'x x . . . . . .',
  'A-': 'x . x . . . . .',
  'A+': 'x x x x . . . .',
  'B-': 'x . . . x . . .',
  'B+': 'x x . . x x . .',
  'AB-': 'x . x . x . x .',
  'AB+': 'x x x x x x x x',
} as const;

export const GRIDS = {
  // Whole blood is matched like red cells (field notes, issue 14).
  whole_blood: RED_CELLS,
  red_cells: RED_CELLS,
  // Plasma: AB to anyone, O only to O, A to A and O, B to B and O; Rh does not matter (Mayo Clinic,
  // American Red Cross).
  plasma: {
    'O-': 'x x x x x x x x',
    'O+': 'x x x x x x x x',
    'A-': '. . x x . . x x',
    'A+': '. . x x . . x x',
    'B-': '. . . . x x x x',
    'B+': '. . . . x x x x',
    'AB-': '. . . . . . x x',
    'AB+': '. . . . . . x x',
  },
  // Platelets (our rule, BSH 2017 / NHSBT): the donor's plasma suits the patient, and an
  // Rh-negative patient only Rh-negative.
  platelets: {
    'O-': 'x . x . x . x .',
    'O+': 'x x x x x x x x',
    'A-': '. . x . . . x .',
    'A+': '. . x x . . x x',
    'B-': '. . . . x . x .',
    'B+': '. . . . x x x x',
    'AB-': '. . . . . . x .',
    'AB+': '. . . . . . x x',
  },
} as const;
