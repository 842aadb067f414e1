import { describe, expect, it } from 'vitest';
import { type PolicyActor, type PolicyRefusal, refusal as guardRefusal, rolesOf } from '../access/policy';
import { can, refusal, ROLE_TRANSITIONS, roleAllowedFrom, STATUS_TRANSITIONS, statusAllowedFrom, takesAnAdminAway, type UserAction, USER_RULES } from './policy';

// The expected table, written out from the spec (sections 4, 5) and decisions 009 and 026 without
// reading the module: who may do what to an account.
//   self   the account's holder, whatever its status
//   admin  an active admin
// Writes (W) also need an active account, whoever asks.
const ROLES = ['admin', 'volunteer', 'donner'] as const;
const ACCOUNT_STATUSES = ['active', 'blocked'] as const;

const EXPECTED: Record<UserAction, { write: boolean; who: string }> = {
  view: { write: false, who: 'self admin' },
  checkAdmin: { write: false, who: 'self' },
  editProfile: { write: true, who: 'self' },
  list: { write: false, who: 'admin' },
  changeRole: { write: true, who: 'admin' },
  changeStatus: { write: true, who: 'admin' },
};

interface Cell {
  role: (typeof ROLES)[number];
  account: (typeof ACCOUNT_STATUSES)[number];
  self: boolean;
}

function expectedRefusal(action: UserAction, c: Cell): PolicyRefusal | null {
  const row = EXPECTED[action];
  if (row.write && c.account !== 'active') return 'blocked';
  const named = row.who.split(' ').some((token) => (token === 'self' ? c.self : c.account === 'active' && token === c.role));
  return named ? null : 'role';
}

const ME = '11111111-1111-4111-8111-111111111111';
const YOU = '22222222-2222-4222-8222-222222222222';

describe('the user policy table', () => {
  it('has exactly the rows of the expected table', () => {
    expect(Object.keys(USER_RULES).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const action of Object.keys(EXPECTED) as UserAction[]) expect(USER_RULES[action].write, action).toBe(EXPECTED[action].write);
  });

  it('answers every (action, role, account, self) cell as written out, by id and by email', () => {
    let walked = 0;
    for (const action of Object.keys(EXPECTED) as UserAction[]) {
      for (const role of ROLES) {
        for (const account of ACCOUNT_STATUSES) {
          for (const self of [true, false]) {
            const c = { role, account, self };
            const want = expectedRefusal(action, c);
            const actor: PolicyActor = { id: ME, email: 'me@example.com', role, status: account };
            const where = `${action} ${JSON.stringify(c)}`;
            // The server asks by email (a path parameter) and the user rows have ids: both must agree.
            for (const target of [{ email: self ? 'ME@example.com' : 'you@example.com' }, { id: self ? ME : YOU }]) {
              expect(refusal(actor, action, target), where).toBe(want);
              expect(can(actor, action, target), where).toBe(want === null);
            }
            walked++;
          }
        }
      }
    }
    expect(walked).toBe(6 * 3 * 2 * 2);
  });

  it('refuses everything to nobody signed in', () => {
    for (const action of Object.keys(EXPECTED) as UserAction[]) expect(can(null, action, { email: 'me@example.com' }), action).toBe(false);
  });

  it('gives the admin routes the roles the rows name, and their guard agrees with the rows', () => {
    expect(rolesOf(USER_RULES.list)).toEqual(['admin']);
    expect(rolesOf(USER_RULES.changeStatus, USER_RULES.changeRole)).toEqual(['admin']);
    for (const action of ['list', 'changeRole', 'changeStatus'] as const) {
      for (const role of ROLES) {
        for (const status of ACCOUNT_STATUSES) {
          const actor = { role, status };
          const method = USER_RULES[action].write ? 'PATCH' : 'GET';
          expect(guardRefusal(actor, method, rolesOf(USER_RULES[action])) === null, `${action} ${role} ${status}`).toBe(
            can(actor, action, { email: 'someone@example.com' }),
          );
        }
      }
    }
  });
});

describe('account moves', () => {
  it('keeps the spec\'s role and status moves', () => {
    expect(ROLE_TRANSITIONS).toEqual({ admin: ['volunteer', 'donner'], donner: ['volunteer', 'admin'], volunteer: ['donner', 'admin'] });
    expect(STATUS_TRANSITIONS).toEqual({ active: ['blocked'], blocked: ['active'] });
  });

  it('reads them backwards', () => {
    expect(roleAllowedFrom('admin')).toEqual(['donner', 'volunteer']);
    expect(roleAllowedFrom('volunteer')).toEqual(['admin', 'donner']);
    expect(roleAllowedFrom('donner')).toEqual(['admin', 'volunteer']);
    expect(statusAllowedFrom('blocked')).toEqual(['active']);
    expect(statusAllowedFrom('active')).toEqual(['blocked']);
  });

  it('knows which changes take an active admin away', () => {
    for (const role of ROLES) {
      for (const status of ACCOUNT_STATUSES) {
        const activeAdmin = role === 'admin' && status === 'active';
        const account = { role, status };
        expect(takesAnAdminAway(account, { status: 'blocked' })).toBe(activeAdmin);
        expect(takesAnAdminAway(account, { status: 'active' })).toBe(false);
        expect(takesAnAdminAway(account, { role: 'volunteer' })).toBe(activeAdmin);
        expect(takesAnAdminAway(account, { role: 'donner' })).toBe(activeAdmin);
      }
    }
  });
});
