// A second, independent statement of the compatibility tables (src/shared/compatibility.ts),
// written by hand from the sources, not generated from the module. Rows: the patient; columns: the
// donor, in the order of COLUMNS; "x" can give, "." cannot.
export const COLUMNS = ['O-', 'O+', 'A-', 'A+', 'B-', 'B+', 'AB-', 'AB+'] as const;

export const GRIDS = {
  // Red cells: the table in docs/field-notes.md (MSD Manual); whole blood is treated the same.
  red_cells: {
    'O-': 'x . . . . . . .',
    'O+': 'x x . . . . . .',
    'A-': 'x . x . . . . .',
    'A+': 'x x x x . . . .',
    'B-': 'x . . . x . . .',
    'B+': 'x x . . x x . .',
    'AB-': 'x . x . x . x .',
    'AB+': 'x x x x x x x x',
  },
  // Plasma: AB to anyone, O only to O, Rh does not matter (Mayo Clinic, American Red Cross).
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
  // Platelets (our rule, BSH 2017): plasma-compatible, and Rh-negative for an Rh-negative patient.
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
