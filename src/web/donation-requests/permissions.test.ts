import { describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../shared/donation-requests/texts';
import { REPORT_TEXTS } from '../../shared/reports/texts';
import { canCloseDonation, canManage, donateBlocker, isEditable, isRequester } from './permissions';

// What the pages offered before the policy table (decision 026), written out by hand: the table
// must offer exactly the same in every cell.
type Role = 'admin' | 'volunteer' | 'donner';
type Account = 'active' | 'blocked';
type Status = 'pending' | 'inprogress' | 'done' | 'canceled';
const before = {
  canManage: (role: Role, account: Account, own: boolean) => account === 'active' && (own || role === 'admin'),
  isEditable: (status: Status) => status === 'pending' || status === 'inprogress',
  canCloseDonation: (role: Role, account: Account, own: boolean, status: Status) =>
    status === 'inprogress' && account === 'active' && (own || role === 'admin' || role === 'volunteer'),
  donateBlocker: (account: Account, own: boolean, status: Status) => {
    if (own) return DONATION_MESSAGES.ownRequest;
    if (status !== 'pending') return DONATION_MESSAGES.notPending;
    if (account !== 'active') return DONATION_MESSAGES.blockedText;
    return null;
  },
};

describe('the request permissions the pages use', () => {
  it('offer what they offered before, in every cell', () => {
    for (const role of ['admin', 'volunteer', 'donner'] as const) {
      for (const account of ['active', 'blocked'] as const) {
        for (const own of [true, false]) {
          for (const status of ['pending', 'inprogress', 'done', 'canceled'] as const) {
            const user = { email: 'me@example.com', role, status: account };
            const r = { requesterEmail: own ? 'ME@example.com' : 'you@example.com', donationStatus: status };
            const where = `${role} ${account} ${own ? 'own' : 'other'} ${status}`;
            expect(isRequester(user, r), where).toBe(own);
            expect(canManage(user, r), where).toBe(before.canManage(role, account, own));
            expect(isEditable(r), where).toBe(before.isEditable(status));
            expect(canCloseDonation(user, r), where).toBe(before.canCloseDonation(role, account, own, status));
            expect(donateBlocker(user, r), where).toBe(before.donateBlocker(account, own, status));
          }
        }
      }
    }
  });

  it('offer no Donate on a request under review, whoever may otherwise donate (the server answers 409)', () => {
    for (const role of ['admin', 'volunteer', 'donner'] as const) {
      for (const account of ['active', 'blocked'] as const) {
        for (const own of [true, false]) {
          for (const status of ['pending', 'inprogress', 'done', 'canceled'] as const) {
            const user = { email: 'me@example.com', role, status: account };
            const r = { requesterEmail: own ? 'ME@example.com' : 'you@example.com', donationStatus: status };
            const where = `${role} ${account} ${own ? 'own' : 'other'} ${status}`;
            // Those who could donate are told why they cannot; the others keep their own reason.
            const reason = before.donateBlocker(account, own, status) ?? REPORT_TEXTS.underReview;
            expect(donateBlocker(user, { ...r, underReview: true }), where).toBe(reason);
            expect(donateBlocker(user, { ...r, underReview: false }), where).toBe(before.donateBlocker(account, own, status));
          }
        }
      }
    }
    // An expired request says so first, as the server does.
    const staff = { email: 'me@example.com', role: 'volunteer' as const, status: 'active' as const };
    expect(donateBlocker(staff, { requesterEmail: 'you@example.com', donationStatus: 'pending', underReview: true, expired: true })).toBe(DONATION_MESSAGES.expired);
  });
});
