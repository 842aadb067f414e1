import { describe, expect, it } from 'vitest';
import { decide, isSamePerson, isStaff, movesInto, rolesOf, type Rule, statusesOf } from './policy';

describe('isSamePerson', () => {
  it('compares ids when both sides have one, and never falls back to emails then', () => {
    expect(isSamePerson({ id: 'a', email: 'x@example.com' }, { id: 'a' })).toBe(true);
    expect(isSamePerson({ id: 'a', email: 'x@example.com' }, { id: 'b', email: 'x@example.com' })).toBe(false);
  });

  it('compares emails case-insensitively otherwise', () => {
    expect(isSamePerson({ email: 'x@example.com' }, { id: 'a', email: 'X@Example.com' })).toBe(true);
    expect(isSamePerson({ email: 'x@example.com' }, { email: 'y@example.com' })).toBe(false);
  });

  it('is nobody without anything to compare', () => {
    expect(isSamePerson({ id: 'a' }, { email: 'x@example.com' })).toBe(false);
    expect(isSamePerson(null, { id: 'a' })).toBe(false);
    expect(isSamePerson({ id: 'a' }, undefined)).toBe(false);
    expect(isSamePerson({}, {})).toBe(false);
  });
});

describe('decide', () => {
  const rule: Rule<'open' | 'shut', 'owner'> = {
    write: true,
    grants: [{ parties: ['owner'], roles: ['admin'], from: ['open'] }, { roles: ['volunteer'] }],
  };
  const owner = (is: boolean) => () => is;

  it('checks a blocked writer first, then who, then the status', () => {
    expect(decide(rule, { role: 'admin', status: 'blocked' }, owner(true), 'open')).toBe('blocked');
    expect(decide(rule, { role: 'donner', status: 'active' }, owner(false), 'open')).toBe('role');
    expect(decide(rule, { role: 'donner', status: 'active' }, owner(true), 'shut')).toBe('status');
    expect(decide(rule, { role: 'donner', status: 'active' }, owner(true), 'open')).toBeNull();
  });

  it('lets any grant that names the actor allow, each with its own statuses', () => {
    expect(decide(rule, { role: 'volunteer', status: 'active' }, owner(false), 'shut')).toBeNull();
    expect(decide(rule, { role: 'admin', status: 'active' }, owner(false), 'shut')).toBe('status');
  });

  it('fails closed on an unknown status where a grant depends on one', () => {
    expect(decide(rule, { role: 'admin', status: 'active' }, owner(false), undefined)).toBe('status');
    expect(decide(rule, { role: 'volunteer', status: 'active' }, owner(false), undefined)).toBeNull();
  });

  it('lets nobody signed in write, and parties read only their own', () => {
    const anyone: Rule<never, never> = { write: true, grants: [{ parties: ['anyone'] }] };
    expect(decide(anyone, null, owner(false), undefined)).toBe('role');
    const read: Rule<never, 'owner'> = { write: false, grants: [{ parties: ['owner', 'signedIn'] }] };
    expect(decide(read, null, owner(true), undefined)).toBe('role');
    expect(decide(read, { role: 'donner', status: 'blocked' }, owner(false), undefined)).toBeNull();
  });
});

describe('table helpers', () => {
  it('reads a transition table backwards', () => {
    const table = { a: ['b'], b: ['c', 'a'], c: [] } as const;
    expect(movesInto<'a' | 'b' | 'c'>(table, 'a')).toEqual(['b']);
    expect(movesInto<'a' | 'b' | 'c'>(table, 'c')).toEqual(['b']);
    expect(movesInto<'a' | 'b' | 'c'>(table, 'b')).toEqual(['a']);
  });

  it('lists the statuses a rule can hold in, and the roles all of some rules grant', () => {
    const a: Rule<'x' | 'y' | 'z', never> = { write: false, grants: [{ roles: ['admin', 'volunteer'], from: ['x'] }, { roles: ['admin'], from: ['z'] }] };
    const b: Rule<'x' | 'y' | 'z', never> = { write: false, grants: [{ roles: ['volunteer', 'donner'] }] };
    expect(statusesOf(a, ['x', 'y', 'z'])).toEqual(['x', 'z']);
    expect(statusesOf(b, ['x', 'y', 'z'])).toEqual(['x', 'y', 'z']);
    expect(rolesOf(a)).toEqual(['admin', 'volunteer']);
    expect(rolesOf(a, b)).toEqual(['volunteer']);
  });

  it('has one isStaff: an active admin or volunteer', () => {
    expect(isStaff({ role: 'admin', status: 'active' })).toBe(true);
    expect(isStaff({ role: 'volunteer', status: 'active' })).toBe(true);
    expect(isStaff({ role: 'admin', status: 'blocked' })).toBe(false);
    expect(isStaff({ role: 'donner', status: 'active' })).toBe(false);
    expect(isStaff(null)).toBe(false);
  });
});
