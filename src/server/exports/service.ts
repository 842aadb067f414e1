import type { RequestsCsvQuery, UsersCsvQuery } from '../../shared/insight/schemas';
import type { CsvColumn } from './csv';

// The exports' queries. Every column is named: a password, hash, session, token, Stripe id or
// phone number is never selected. Times are ISO 8601 in UTC; money in the currency's major unit.

export interface CsvQuery {
  name: string;
  columns: CsvColumn[];
  text: string;
  values: unknown[];
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Users, newest first (the users list's order), with their places by name. */
export function usersCsv(q: UsersCsvQuery): CsvQuery {
  const values: unknown[] = [];
  const where = ['u.deleted_at IS NULL'];
  if (q.status) where.push(`u.status = $${values.push(q.status)}`);
  return {
    name: 'users',
    columns: [
      { key: 'id', header: 'id' },
      { key: 'name', header: 'name' },
      { key: 'email', header: 'email' },
      { key: 'role', header: 'role' },
      { key: 'status', header: 'status' },
      { key: 'blood_group', header: 'bloodGroup' },
      { key: 'division', header: 'division' },
      { key: 'district', header: 'district' },
      { key: 'upazila', header: 'upazila' },
      { key: 'available', header: 'available' },
      { key: 'last_donation_date', header: 'lastDonationDate' },
      { key: 'next_eligible_date', header: 'nextEligibleDate' },
      { key: 'donation_count', header: 'donationCount' },
      { key: 'email_verified', header: 'emailVerified' },
      { key: 'created_at', header: 'createdAt' },
    ],
    text: `SELECT u.id, u.name, u.email, u.role, u.status, u.blood_group, dv.name AS division, d.name AS district, up.name AS upazila,
             u.available, u.last_donation_date::text AS last_donation_date, u.next_eligible_date::text AS next_eligible_date,
             u.donation_count, u.email_verified, ${ISO('u.created_at')} AS created_at
           FROM users u
           LEFT JOIN divisions dv ON dv.id = u.division_id
           LEFT JOIN districts d ON d.id = u.district_id
           LEFT JOIN upazilas up ON up.id = u.upazila_id
           WHERE ${where.join(' AND ')}
           ORDER BY u.created_at DESC, u.id DESC`,
    values,
  };
}

/** Donation requests, newest first, filtered like the all-requests list, and by the day they were created (Dhaka). */
export function donationRequestsCsv(q: RequestsCsvQuery): CsvQuery {
  const values: unknown[] = [];
  const where: string[] = [];
  if (q.status) where.push(`r.status = $${values.push(q.status)}`);
  if (q.urgency) where.push(`r.urgency = $${values.push(q.urgency)}`);
  if (q.from) where.push(`r.created_at >= ($${values.push(q.from)}::date)::timestamp AT TIME ZONE 'Asia/Dhaka'`);
  if (q.to) where.push(`r.created_at < ($${values.push(q.to)}::date + 1)::timestamp AT TIME ZONE 'Asia/Dhaka'`);
  return {
    name: 'donation-requests',
    columns: [
      { key: 'id', header: 'id' },
      { key: 'created_at', header: 'createdAt' },
      { key: 'status', header: 'status' },
      { key: 'expired', header: 'expired' },
      { key: 'requester_name', header: 'requesterName' },
      { key: 'requester_email', header: 'requesterEmail' },
      { key: 'recipient_name', header: 'recipientName' },
      { key: 'blood_group', header: 'bloodGroup' },
      { key: 'component', header: 'component' },
      { key: 'units_needed', header: 'unitsNeeded' },
      { key: 'pledge_count', header: 'pledgeCount' },
      { key: 'urgency', header: 'urgency' },
      { key: 'hospital_name', header: 'hospitalName' },
      { key: 'full_address', header: 'fullAddress' },
      { key: 'division', header: 'division' },
      { key: 'district', header: 'district' },
      { key: 'upazila', header: 'upazila' },
      { key: 'donation_date', header: 'donationDate' },
      { key: 'donation_time', header: 'donationTime' },
      { key: 'donor_name', header: 'donorName' },
      { key: 'donor_email', header: 'donorEmail' },
      { key: 'first_pledge_at', header: 'firstPledgeAt' },
    ],
    text: `SELECT r.id, ${ISO('r.created_at')} AS created_at, r.status, (r.status = 'pending' AND r.needed_by <= now()) AS expired,
             r.requester_name, r.requester_email, r.recipient_name, r.blood_group, r.component, r.units_needed, r.pledge_count, r.urgency,
             r.hospital_name, r.full_address, dv.name AS division, d.name AS district, up.name AS upazila,
             r.donation_date::text AS donation_date, r.donation_time, r.donor_name, r.donor_email,
             (SELECT ${ISO('min(p.pledged_at)')} FROM donation_pledges p WHERE p.request_id = r.id) AS first_pledge_at
           FROM donation_requests r
           JOIN divisions dv ON dv.id = r.division_id
           JOIN districts d ON d.id = r.district_id
           JOIN upazilas up ON up.id = r.upazila_id
           ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY r.created_at DESC, r.id DESC`,
    values,
  };
}

/** The funding ledger, newest first, every giver named (admins see every name). */
export function fundingLedgerCsv(): CsvQuery {
  return {
    name: 'funding-ledger',
    columns: [
      { key: 'id', header: 'id' },
      { key: 'created_at', header: 'createdAt' },
      { key: 'donor_name', header: 'name' },
      { key: 'show_name', header: 'nameShown' },
      { key: 'amount', header: 'amount' },
      { key: 'currency', header: 'currency' },
    ],
    text: `SELECT f.id, ${ISO('f.created_at')} AS created_at, f.donor_name, f.show_name, round(f.amount_minor::numeric / 100, 2)::text AS amount, f.currency
           FROM fundings f
           ORDER BY f.created_at DESC, f.id DESC`,
    values: [],
  };
}
