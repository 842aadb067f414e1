import { describe, expect, it } from 'vitest';
import type { PolicyActor, PolicyRefusal } from '../access/policy';
import { allowedFrom, can, CLOSE_ACTIONS, DONATION_REQUEST_RULES, type DonationRequestAction, type DonationRequestResource, isDonationDateAllowed, isEntitled, OPEN_STATUSES, refusal, shownRequest, statusesFor } from './policy';
import { todayInDhaka } from '../dates/model';

// The expected table, written out from the spec (sections 4, 5, 8) and decisions 009 and 026,
// without reading the module: for each action and request status, who may.
//   R  the requester, whatever their account's status
//   D  the donor, whatever their account's status
//   O  any account but the requester's
//   admin, volunteer, donner: an active account with that role
//   -  nobody
// Writes (W) also need an active account, whoever asks.
const ROLES = ['admin', 'volunteer', 'donner'] as const;
const ACCOUNT_STATUSES = ['active', 'blocked'] as const;
const STATUSES = ['pending', 'inprogress', 'done', 'canceled'] as const;

type Who = string;
const EXPECTED: Record<DonationRequestAction, { write: boolean; who: Record<(typeof STATUSES)[number], Who> }> = {
  create: { write: true, who: { pending: 'O R', inprogress: 'O R', done: 'O R', canceled: 'O R' } },
  list: { write: false, who: { pending: 'R admin volunteer', inprogress: 'R admin volunteer', done: 'R admin volunteer', canceled: 'R admin volunteer' } },
  viewDonor: { write: false, who: { pending: 'R D admin volunteer', inprogress: 'R D admin volunteer', done: 'R D admin volunteer', canceled: 'R D admin volunteer' } },
  viewPledges: { write: false, who: { pending: 'R admin volunteer', inprogress: 'R admin volunteer', done: 'R admin volunteer', canceled: 'R admin volunteer' } },
  viewMatches: { write: false, who: { pending: 'R admin volunteer', inprogress: 'R admin volunteer', done: 'R admin volunteer', canceled: 'R admin volunteer' } },
  viewOutreach: { write: false, who: { pending: 'R admin volunteer', inprogress: 'R admin volunteer', done: 'R admin volunteer', canceled: 'R admin volunteer' } },
  edit: { write: true, who: { pending: 'R admin', inprogress: 'R admin', done: '-', canceled: '-' } },
  delete: { write: true, who: { pending: 'R admin', inprogress: 'R admin', done: 'R admin', canceled: 'R admin' } },
  donate: { write: true, who: { pending: 'O', inprogress: '-', done: '-', canceled: '-' } },
  decline: { write: true, who: { pending: 'O', inprogress: '-', done: '-', canceled: '-' } },
  withdraw: { write: true, who: { pending: 'O', inprogress: 'O', done: '-', canceled: '-' } },
  checkIn: { write: true, who: { pending: 'O', inprogress: 'O', done: '-', canceled: '-' } },
  recordOutcome: { write: true, who: { pending: 'R admin volunteer', inprogress: 'R admin volunteer', done: '-', canceled: '-' } },
  markDone: { write: true, who: { pending: '-', inprogress: 'R admin volunteer', done: '-', canceled: '-' } },
  markCanceled: { write: true, who: { pending: '-', inprogress: 'R admin volunteer', done: '-', canceled: '-' } },
  report: { write: true, who: { pending: 'O', inprogress: 'O', done: '-', canceled: '-' } },
  dismissReports: { write: true, who: { pending: 'admin volunteer', inprogress: 'admin volunteer', done: 'admin volunteer', canceled: 'admin volunteer' } },
  removeReported: { write: true, who: { pending: 'admin volunteer', inprogress: 'admin volunteer', done: '-', canceled: '-' } },
};

interface Cell {
  role: (typeof ROLES)[number];
  account: (typeof ACCOUNT_STATUSES)[number];
  requester: boolean;
  donor: boolean;
}

const names = (who: Who, c: Cell) =>
  who.split(' ').some((token) => {
    if (token === 'R') return c.requester;
    if (token === 'D') return c.donor;
    if (token === 'O') return !c.requester;
    return c.account === 'active' && token === c.role;
  });

/** The refusal the written-out table implies: blocked writer, then nobody it names in any status, then this status. */
function expectedRefusal(action: DonationRequestAction, c: Cell, status: (typeof STATUSES)[number]): PolicyRefusal | null {
  const row = EXPECTED[action];
  if (row.write && c.account !== 'active') return 'blocked';
  if (!STATUSES.some((s) => names(row.who[s], c))) return 'role';
  return names(row.who[status], c) ? null : 'status';
}

function* cells() {
  for (const role of ROLES)
    for (const account of ACCOUNT_STATUSES)
      for (const requester of [true, false])
        for (const donor of [true, false]) yield { role, account, requester, donor } satisfies Cell;
}

const ACTOR_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_ID = '22222222-2222-4222-8222-222222222222';
const THIRD_ID = '33333333-3333-4333-8333-333333333333';

/** The server's view: people by id. */
const byId = (c: Cell, status: (typeof STATUSES)[number]) => ({
  actor: { id: ACTOR_ID, email: 'me@example.com', role: c.role, status: c.account } satisfies PolicyActor,
  resource: {
    status,
    requester: { id: c.requester ? ACTOR_ID : OTHER_ID },
    donor: { id: c.donor ? ACTOR_ID : THIRD_ID },
  } satisfies DonationRequestResource,
});

/** The web's view: people by email (the API shows no ids), in whatever case. */
const byEmail = (c: Cell, status: (typeof STATUSES)[number]) => ({
  actor: { email: 'me@example.com', role: c.role, status: c.account } satisfies PolicyActor,
  resource: shownRequest({
    donationStatus: status,
    requesterEmail: c.requester ? 'Me@Example.com' : 'someone@example.com',
    donarEmail: c.donor ? 'ME@example.com' : 'donor@example.com',
  }),
});

describe('the donation request policy table', () => {
  it('has exactly the rows of the expected table', () => {
    expect(Object.keys(DONATION_REQUEST_RULES).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const action of Object.keys(EXPECTED) as DonationRequestAction[]) {
      expect(DONATION_REQUEST_RULES[action].write, action).toBe(EXPECTED[action].write);
    }
  });

  for (const [view, build] of [
    ['by id (server)', byId],
    ['by email (web)', byEmail],
  ] as const) {
    it(`answers every (action, role, account, requester, donor, status) cell as written out, ${view}`, () => {
      let walked = 0;
      for (const action of Object.keys(EXPECTED) as DonationRequestAction[]) {
        for (const c of cells()) {
          for (const status of STATUSES) {
            const { actor, resource } = build(c, status);
            const where = `${action} ${JSON.stringify(c)} ${status}`;
            const want = expectedRefusal(action, c, status);
            expect(refusal(actor, action, resource), where).toBe(want);
            expect(can(actor, action, resource), where).toBe(want === null);
            expect(isEntitled(actor, action, resource), where).toBe(want === null || want === 'status');
            walked++;
          }
        }
      }
      // 18 actions x 3 roles x 2 account statuses x 2 x 2 x 4 request statuses.
      expect(walked).toBe(1728);
    });
  }

  it('refuses everything to nobody signed in', () => {
    for (const action of Object.keys(EXPECTED) as DonationRequestAction[]) {
      for (const status of STATUSES) {
        expect(can(null, action, { status, requester: { id: OTHER_ID }, donor: null }), action).toBe(false);
        expect(refusal(undefined, action, { status, requester: { id: OTHER_ID }, donor: null }), action).toBe('role');
      }
    }
  });

  it('fails closed on a missing status or requester', () => {
    const admin: PolicyActor = { id: ACTOR_ID, role: 'admin', status: 'active' };
    expect(refusal(admin, 'edit', { requester: { id: OTHER_ID } })).toBe('status');
    expect(refusal(admin, 'markDone', {})).toBe('status');
    expect(can(admin, 'delete', {})).toBe(true); // an admin may delete any request, whatever its status
    expect(refusal({ ...admin, role: 'donner' }, 'donate', { status: 'pending' })).toBe('role');
    expect(can({ ...admin, role: 'donner' }, 'list', {})).toBe(false);
  });

  it('answers "someone\'s list" from the list owner alone (the server passes only an email)', () => {
    const me: PolicyActor = { id: ACTOR_ID, email: 'me@example.com', role: 'donner', status: 'blocked' };
    expect(can(me, 'list', { requester: { email: 'me@example.com' } })).toBe(true);
    expect(can(me, 'list', { requester: { email: 'you@example.com' } })).toBe(false);
    expect(can({ ...me, role: 'volunteer', status: 'active' }, 'list', { requester: { email: 'you@example.com' } })).toBe(true);
  });
});

describe('donation status moves', () => {
  it('reads the transition table backwards', () => {
    expect(allowedFrom('pending')).toEqual([]);
    expect(allowedFrom('inprogress')).toEqual(['pending']);
    expect(allowedFrom('done')).toEqual(['inprogress']);
    expect(allowedFrom('canceled')).toEqual(['inprogress']);
    expect(OPEN_STATUSES).toEqual(['pending', 'inprogress']);
  });

  it('gives each action the statuses its SQL guard allows', () => {
    expect(statusesFor('edit')).toEqual(['pending', 'inprogress']);
    expect(statusesFor('donate')).toEqual(['pending']);
    expect(statusesFor('markDone')).toEqual(['inprogress']);
    expect(statusesFor('markCanceled')).toEqual(['inprogress']);
    expect(statusesFor('delete')).toEqual([...STATUSES]);
    expect(CLOSE_ACTIONS).toEqual({ done: 'markDone', canceled: 'markCanceled' });
  });
});

describe('the donation date rule', () => {
  // 2024-03-10 17:59:59 UTC is 23:59:59 in Dhaka; a second later it is the 11th there.
  const lastSecondOf10th = Date.UTC(2024, 2, 10, 17, 59, 59);
  const firstSecondOf11th = lastSecondOf10th + 1000;

  it('knows the day in Dhaka', () => {
    expect(todayInDhaka(lastSecondOf10th)).toBe('2024-03-10');
    expect(todayInDhaka(firstSecondOf11th)).toBe('2024-03-11');
  });

  it('allows today and later, not the past', () => {
    expect(isDonationDateAllowed('2024-03-10', { now: lastSecondOf10th })).toBe(true);
    expect(isDonationDateAllowed('2024-04-01', { now: lastSecondOf10th })).toBe(true);
    expect(isDonationDateAllowed('2024-03-09', { now: lastSecondOf10th })).toBe(false);
    expect(isDonationDateAllowed('2024-03-10', { now: firstSecondOf11th })).toBe(false);
  });

  it('lets an edit keep the day the request already has, and only that day', () => {
    expect(isDonationDateAllowed('2024-03-01', { current: '2024-03-01', now: firstSecondOf11th })).toBe(true);
    expect(isDonationDateAllowed('2024-03-02', { current: '2024-03-01', now: firstSecondOf11th })).toBe(false);
    expect(isDonationDateAllowed('2024-03-11', { current: '2024-03-01', now: firstSecondOf11th })).toBe(true);
  });
});
