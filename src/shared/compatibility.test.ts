import { describe, expect, it } from 'vitest';
import { COLUMNS, GRIDS } from '../../test/compatibility-fixture';
import { BLOOD_GROUPS } from './blood-groups';
import { BLOOD_COMPONENTS, canGive, donorGroupsFor, patientGroupsFor } from './compatibility';

const grid = (component: (typeof BLOOD_COMPONENTS)[number]) => GRIDS[component === 'whole_blood' ? 'red_cells' : component];

describe('blood compatibility', () => {
  for (const component of BLOOD_COMPONENTS) {
    it(`${component}: all 64 (donor, patient) pairs agree with the hand-written grid`, () => {
      let checked = 0;
      for (const patient of BLOOD_GROUPS) {
        const cells = grid(component)[patient].split(' ');
        for (const [i, donor] of COLUMNS.entries()) {
          expect(canGive(donor, patient, component), `${donor} -> ${patient}`).toBe(cells[i] === 'x');
          checked++;
        }
      }
      expect(checked).toBe(64);
    });

    it(`${component}: lists the patient's own group first, and its inverse agrees`, () => {
      for (const patient of BLOOD_GROUPS) {
        const donors = donorGroupsFor(patient, component);
        expect(donors[0]).toBe(patient); // every group can give to its own
        expect(new Set(donors).size).toBe(donors.length);
        for (const donor of BLOOD_GROUPS) expect(donors.includes(donor)).toBe(canGive(donor, patient, component));
        for (const donor of BLOOD_GROUPS) expect(patientGroupsFor(donor, component).includes(patient)).toBe(canGive(donor, patient, component));
      }
    });
  }

  it('states the headline facts', () => {
    expect(BLOOD_GROUPS.every((p) => canGive('O-', p, 'red_cells'))).toBe(true);
    expect(donorGroupsFor('AB+', 'red_cells')).toHaveLength(8);
    expect(BLOOD_GROUPS.every((p) => canGive('AB+', p, 'plasma'))).toBe(true);
    expect(patientGroupsFor('O+', 'plasma')).toEqual(['O+', 'O-']);
    for (const patient of ['O-', 'A-', 'B-', 'AB-'] as const) {
      for (const component of ['red_cells', 'whole_blood', 'platelets'] as const) {
        expect(donorGroupsFor(patient, component).every((d) => d.endsWith('-')), `${patient} ${component}`).toBe(true);
      }
    }
  });
});
