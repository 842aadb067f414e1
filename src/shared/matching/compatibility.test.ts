import { describe, expect, it } from 'vitest';
import { COLUMNS, GRIDS } from '../../../test/compatibility-fixture';
import { BLOOD_COMPONENTS, BLOOD_GROUPS, type BloodGroup, canGive, donorGroupsFor, patientGroupsFor } from './model';

const RH_NEGATIVE = BLOOD_GROUPS.filter((g) => g.endsWith('-'));

describe('blood compatibility', () => {
  it('has a hand-written 8x8 grid for every component', () => {
    expect(Object.keys(GRIDS).sort()).toEqual([...BLOOD_COMPONENTS].sort());
    expect([...COLUMNS].sort()).toEqual([...BLOOD_GROUPS].sort());
    for (const grid of Object.values(GRIDS)) {
      expect(Object.keys(grid).sort()).toEqual([...BLOOD_GROUPS].sort());
      for (const row of Object.values(grid)) expect(row).toMatch(/^[x.]( [x.]){7}$/);
    }
  });

  for (const component of BLOOD_COMPONENTS) {
    it(`${component}: all 64 (donor, patient) pairs agree with the hand-written grid`, () => {
      let checked = 0;
      for (const patient of BLOOD_GROUPS) {
        const cells = GRIDS[component][patient].split(' ');
        for (const [i, donor] of COLUMNS.entries()) {
          expect(canGive(donor, patient, component), `${donor} -> ${patient}`).toBe(cells[i] === 'x');
          checked++;
        }
      }
      expect(checked).toBe(64);
    });

    it(`${component}: lists the identical group first, each group once, and the inverse agrees`, () => {
      for (const patient of BLOOD_GROUPS) {
        const donors = donorGroupsFor(patient, component);
        expect(donors[0]).toBe(patient);
        expect(new Set(donors).size).toBe(donors.length);
        // After the identical group, the others in BLOOD_GROUPS order.
        expect(donors.slice(1)).toEqual(BLOOD_GROUPS.filter((g) => g !== patient && donors.includes(g)));
        for (const donor of BLOOD_GROUPS) {
          expect(donors.includes(donor), `${donor} -> ${patient}`).toBe(canGive(donor, patient, component));
          expect(patientGroupsFor(donor, component).includes(patient), `${donor} -> ${patient}`).toBe(canGive(donor, patient, component));
        }
      }
      for (const donor of BLOOD_GROUPS) {
        const patients = patientGroupsFor(donor, component);
        expect(patients[0]).toBe(donor);
        expect(patients.slice(1)).toEqual(BLOOD_GROUPS.filter((g) => g !== donor && patients.includes(g)));
      }
    });
  }

  it('orders donors identical first, then in BLOOD_GROUPS order', () => {
    expect(donorGroupsFor('A+', 'red_cells')).toEqual(['A+', 'A-', 'O+', 'O-']);
    expect(donorGroupsFor('O+', 'platelets')).toEqual(['O+', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O-']);
    expect(donorGroupsFor('AB-', 'plasma')).toEqual(['AB-', 'AB+']);
    expect(patientGroupsFor('O-', 'red_cells')).toEqual(['O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+']);
  });

  it('O- gives red cells and whole blood to everyone', () => {
    for (const component of ['red_cells', 'whole_blood'] as const) expect(patientGroupsFor('O-', component)).toHaveLength(8);
  });

  it('AB+ receives red cells from everyone', () => {
    expect(BLOOD_GROUPS.every((donor) => canGive(donor, 'AB+', 'red_cells'))).toBe(true);
  });

  it('AB plasma goes to everyone; O plasma only to O', () => {
    for (const ab of ['AB+', 'AB-'] as const) expect(BLOOD_GROUPS.every((patient) => canGive(ab, patient, 'plasma'))).toBe(true);
    for (const o of ['O+', 'O-'] as const) expect([...patientGroupsFor(o, 'plasma')].sort()).toEqual(['O+', 'O-']);
  });

  it('never gives an Rh-negative patient Rh-positive red cells, whole blood or platelets', () => {
    for (const patient of RH_NEGATIVE) {
      for (const component of ['red_cells', 'whole_blood', 'platelets'] as const) {
        expect(donorGroupsFor(patient, component).every((d: BloodGroup) => d.endsWith('-')), `${patient} ${component}`).toBe(true);
      }
    }
  });

  it('ignores Rh for plasma', () => {
    for (const patient of BLOOD_GROUPS) {
      for (const donor of BLOOD_GROUPS) {
        const flipped = (donor.endsWith('-') ? donor.replace('-', '+') : donor.replace('+', '-')) as BloodGroup;
        expect(canGive(flipped, patient, 'plasma')).toBe(canGive(donor, patient, 'plasma'));
      }
    }
  });
});
