import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstNameOf } from '../src/shared/donations/model';
import { maskEmail } from '../src/shared/privacy/model';
import { users } from '../src/server/db/schema/accounts';
import { fundings } from '../src/server/db/schema/funding';
import { notifications } from '../src/server/db/schema/outreach';
import { donationPledges } from '../src/server/db/schema/requests';
import { donationRequestBody, registerUser, type TestUser, userWith } from './fixtures';
import { createTestApp, type TestApp } from './helpers';

// docs/privacy.md's table, walked against the real API: for every row, each of five viewers gets
// the owner's field exactly as the row says (in full, masked, or not at all).

const VIEWERS = ['anonymous', 'owner', 'otherDonor', 'volunteer', 'admin'] as const;
type Viewer = (typeof VIEWERS)[number];
type Expect = 'yes' | 'masked' | 'no';
type Row = { field: string; endpoint: string; key: string; value: string; where: string } & Record<Viewer, Expect>;

function readTable(): Row[] {
  const doc = fs.readFileSync(path.join(import.meta.dirname, '../docs/privacy.md'), 'utf8');
  const block = /```json privacy-table\n([\s\S]*?)\n```/.exec(doc);
  if (!block) throw new Error('docs/privacy.md has no ```json privacy-table block');
  return JSON.parse(block[1]!) as Row[];
}
const TABLE = readTable();

let t: TestApp;
const who = {} as Record<Exclude<Viewer, 'anonymous'>, TestUser>;
/** The owner's values, by the table's `value` names. */
const values: Record<string, string> = {};
/** Values that appear nowhere else: a "no" also means the whole answer never contains them. */
const UNIQUE = new Set([
  'name',
  'email',
  'phone',
  'avatar',
  'contactPhone',
  'recipientName',
  'hospitalName',
  'fullAddress',
  'pushEndpoint',
  'pushKey',
  'notificationId',
  'donatedHospital',
  'reportNote',
  'ip',
  'staffIp',
]);
const ids = { request: '', donated: '', matchFor: '', code: '', reported: '' };
/** Client addresses (documentation ranges) that no other call of this file comes from: the owner's, and the volunteer's. */
const OWNER_IP = '198.51.100.23';
const STAFF_IP = '203.0.113.45';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Khulna / Narail / Lohagara: nobody else in this file lives there.
  who.owner = await registerUser(t.app, { name: 'Zubaida Quraishi', blood_group: 'AB-', division: '3', district: '23', upazila: '190' });
  who.otherDonor = await registerUser(t.app);
  who.volunteer = await userWith(t.app, db, 'volunteer');
  who.admin = await userWith(t.app, db, 'admin');
  const third = await registerUser(t.app, { name: 'Third Requester' });
  const owner = who.owner;
  const enc = encodeURIComponent(owner.email);
  const ok = async (res: { statusCode: number; body: string }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return JSON.parse(res.body || 'null') as Record<string, unknown>;
  };

  const profile = await ok(await t.app.inject({ url: `/api/users/${enc}`, headers: owner.auth }));
  await ok(
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${enc}`,
      headers: owner.auth,
      payload: { name: 'Zubaida Quraishi', blood_group: 'AB-', division: '3', district: '23', upazila: '190', phone: '+8801911223344' },
    }),
  );
  await ok(await t.app.inject({ method: 'PATCH', url: `/api/users/${enc}/notification-settings`, headers: owner.auth, payload: { quietHoursStart: '21:30' } }));

  // The owner's own request.
  const mine = await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/donationRequest',
      headers: owner.auth,
      payload: donationRequestBody({ recipientName: 'Recipient Zx9', hospitalName: 'Privacy Hospital Qv', fullAddress: 'House 9, Road Zx', contactPhone: '+8801822334455' }),
    }),
    201,
  );
  ids.request = mine.insertedId as string;

  // A request the owner gave for, completed: donor fields, pledges, history and a certificate.
  const donated = await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/donationRequest',
      headers: third.auth,
      payload: donationRequestBody({ bloodGroup: 'AB+', hospitalName: 'Donated Hospital Wk', contactPhone: '+8801733445566' }),
    }),
    201,
  );
  ids.donated = donated.insertedId as string;
  await ok(await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${ids.donated}`, headers: owner.auth }));
  // Pledged, the owner is shown the family's phone: a phone.reveal in the audit trail, with the
  // owner's address (the first reveal of the hour: the walk's own reads add none).
  const revealed = await ok(await t.app.inject({ url: `/api/donationRequest?id=${ids.donated}`, headers: owner.auth, remoteAddress: OWNER_IP }));
  expect(revealed.contactPhone).toBe('+8801733445566');
  await ok(await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${ids.donated}/status`, headers: third.auth, payload: { donationStatus: 'done' } }));
  const [pledge] = await db.select().from(donationPledges).where(eq(donationPledges.requestId, ids.donated));
  ids.code = pledge!.certificateCode;
  // Eligible again, so the owner is among a request's matches.
  await db.update(users).set({ lastDonationDate: '2019-03-17', nextEligibleDate: null }).where(eq(users.id, owner.id));

  const matchFor = await ok(await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: third.auth, payload: donationRequestBody({ bloodGroup: 'AB-', recipientDivision: '3', recipientDistrict: '23', recipientUpazila: '190' }) }), 201);
  ids.matchFor = matchFor.insertedId as string;

  // Reports (issue 17): the owner reports another's request with a note, left open in the queue;
  // another donor reports the owner's request and a volunteer dismisses it (audited, with the
  // volunteer's address).
  const reported = await ok(await t.app.inject({ method: 'POST', url: '/api/donationRequest', headers: third.auth, payload: donationRequestBody({ recipientName: 'Reported Recipient' }) }), 201);
  ids.reported = reported.insertedId as string;
  await ok(await t.app.inject({ method: 'POST', url: `/api/donationRequest/${ids.reported}/reports`, headers: owner.auth, payload: { reason: 'fake', note: 'Zubaida saw this post Kq7' } }), 201);
  await ok(await t.app.inject({ method: 'POST', url: `/api/donationRequest/${ids.request}/reports`, headers: who.otherDonor.auth, payload: { reason: 'duplicate' } }), 201);
  await ok(
    await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${ids.request}/reports`, headers: who.volunteer.auth, remoteAddress: STAFF_IP, payload: { resolution: 'dismiss' } }),
  );

  await ok(await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: owner.auth, payload: { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/zq1', keys: { p256dh: 'BPrivacyKeyZq', auth: 'authZq' } } }), 201);
  const [note] = await db.insert(notifications).values({ userId: owner.id, requestId: ids.donated, kind: 'pledge' }).returning({ id: notifications.id });
  await db.insert(fundings).values({ stripeSessionId: 'cs_privacy', stripeEventId: 'evt_privacy', userId: owner.id, donorName: 'Zubaida Quraishi', showName: false, amountMinor: 10000, currency: 'bdt' });

  Object.assign(values, {
    name: 'Zubaida Quraishi',
    firstName: firstNameOf('Zubaida Quraishi'),
    email: owner.email,
    avatar: profile.avatar as string,
    bloodGroup: 'AB-',
    upazila: 'Lohagara',
    phone: '+8801911223344',
    lastDonationDate: '2019-03-17',
    quietHoursStart: '21:30',
    recipientName: 'Recipient Zx9',
    hospitalName: 'Privacy Hospital Qv',
    fullAddress: 'House 9, Road Zx',
    contactPhone: '+8801822334455',
    donatedHospital: 'Donated Hospital Wk',
    pushEndpoint: 'https://updates.push.services.mozilla.com/wpush/v2/zq1',
    pushKey: 'BPrivacyKeyZq',
    notificationId: note!.id,
    reportNote: 'Zubaida saw this post Kq7',
    ip: OWNER_IP,
    staffIp: STAFF_IP,
  });
});
afterAll(() => t?.close());

type Json = Record<string, unknown>;
const find = (list: unknown, pred: (r: Json) => boolean) => (Array.isArray(list) ? ((list as Json[]).find(pred) ?? null) : null);
const byId = (id: () => string) => (body: unknown) => find(body, (r) => r._id === id());

/** Each endpoint of the table: the URL to call, and the record about the owner in its answer. */
const PROBES: Record<string, { url: () => string; record: (body: unknown) => Json | null }> = {
  'GET /api/users/{email}': { url: () => `/api/users/${encodeURIComponent(values.email!)}`, record: (b) => b as Json },
  'GET /api/users': { url: () => '/api/users?limit=100', record: byId(() => who.owner.id) },
  'GET /api/search': { url: () => '/api/search?bloodGroup=AB-&&upazila=190&limit=100', record: byId(() => who.owner.id) },
  'GET /api/donationRequest/{id}/matches': { url: () => `/api/donationRequest/${ids.matchFor}/matches?limit=100`, record: byId(() => who.owner.id) },
  'GET /api/users/{email}/notification-settings': { url: () => `/api/users/${encodeURIComponent(values.email!)}/notification-settings`, record: (b) => b as Json },
  'GET /api/users/{email}/export': { url: () => `/api/users/${encodeURIComponent(values.email!)}/export`, record: (b) => (b as { profile: Json }).profile },
  'GET /api/users/{email}/export pushSubscriptions[]': {
    url: () => `/api/users/${encodeURIComponent(values.email!)}/export`,
    record: (b) => find((b as { pushSubscriptions: unknown }).pushSubscriptions, (s) => s.endpoint === values.pushEndpoint),
  },
  'GET /api/donationRequest?id={request}': { url: () => `/api/donationRequest?id=${ids.request}`, record: (b) => b as Json },
  'GET /api/donationRequest/pending': { url: () => '/api/donationRequest/pending?limit=100', record: byId(() => ids.request) },
  'GET /api/donationRequestAdmin/admin': { url: () => '/api/donationRequestAdmin/admin?limit=100', record: byId(() => ids.request) },
  'GET /api/donationRequest?email={email}': { url: () => `/api/donationRequest?email=${encodeURIComponent(values.email!)}&limit=100`, record: byId(() => ids.request) },
  'GET /api/donationRequest?id={donated}': { url: () => `/api/donationRequest?id=${ids.donated}`, record: (b) => b as Json },
  'GET /api/donationRequest?id={donated} pledges[]': {
    url: () => `/api/donationRequest?id=${ids.donated}`,
    record: (b) => find((b as { pledges?: unknown }).pledges, (p) => p.email === values.email),
  },
  'GET /api/users/{email}/donations': { url: () => `/api/users/${encodeURIComponent(values.email!)}/donations`, record: (b) => find(b, () => true) },
  'GET /api/certificates/{code}': { url: () => `/api/certificates/${ids.code}`, record: (b) => b as Json },
  'GET /api/funding': { url: () => '/api/funding?limit=100', record: (b) => find(b, () => true) },
  'GET /api/notifications': { url: () => '/api/notifications?limit=100', record: byId(() => values.notificationId!) },
  // The moderation queue: the row of the request the owner reported (its notes are a list).
  'GET /api/reports': { url: () => '/api/reports?status=open&limit=100', record: (b) => find(b, (r) => r.requestId === ids.reported) },
  // The audit trail: the owner's own phone reveal, and a staff action on the owner's request.
  'GET /api/audit?action=phone.reveal': {
    url: () => '/api/audit?action=phone.reveal&limit=100',
    record: (b) => find(b, (e) => (e.actor as Json | null)?._id === who.owner.id),
  },
  'GET /api/audit?action=reports.dismiss': { url: () => '/api/audit?action=reports.dismiss&limit=100', record: (b) => find(b, (e) => e.targetId === ids.request) },
  // The CSV exports (issue 18): the record is every owner value the file contains, by its name.
  'GET /api/users.csv': { url: () => '/api/users.csv', record: csvRecord },
  'GET /api/donationRequests.csv': { url: () => '/api/donationRequests.csv', record: csvRecord },
  'GET /api/funding/ledger.csv': { url: () => '/api/funding/ledger.csv', record: csvRecord },
};

function csvRecord(body: unknown): Json {
  const text = String(body);
  return Object.fromEntries(Object.entries(values).filter(([, v]) => text.includes(v)));
}

describe('docs/privacy.md', () => {
  it('lists every personal field with all five viewers and a known endpoint', () => {
    expect(TABLE.length).toBeGreaterThan(40);
    for (const row of TABLE) {
      for (const viewer of VIEWERS) expect(['yes', 'masked', 'no'], `${row.field} ${viewer}`).toContain(row[viewer]);
      expect(Object.keys(PROBES), row.endpoint).toContain(row.endpoint);
    }
    // The fields the issue names are all there.
    const fields = TABLE.map((r) => r.field).join('\n');
    for (const f of ['users.name', 'users.email', 'users.image', 'users.blood_group', 'users.phone', 'users.last_donation_date', 'donation_requests.requester_email', 'donation_requests.contact_phone', 'donation_requests.donor_email', 'fundings.donor_name', 'notifications', 'push_subscriptions', 'request_reports.note', 'audit_addresses.ip']) {
      expect(fields).toContain(f);
    }
  });

  it.each(TABLE.map((row) => [`${row.endpoint} ${row.key} (${row.field})`, row] as const))('%s', async (_name, row) => {
    const probe = PROBES[row.endpoint]!;
    const expected = values[row.value];
    expect(expected, `no owner value named ${row.value}`).toBeDefined();
    for (const viewer of VIEWERS) {
      const res = await t.app.inject({ url: probe.url(), headers: viewer === 'anonymous' ? {} : who[viewer].auth });
      const body = res.statusCode !== 200 ? null : String(res.headers['content-type']).startsWith('text/csv') ? res.body : (res.json() as unknown);
      const record = body === null ? null : probe.record(body);
      const field = record?.[row.key];
      // A list field (a queue row's notes, everyone's) shows the owner's value when it holds it.
      const got = Array.isArray(field) ? field.find((v) => v === expected) : field;
      const label = `${row.endpoint} ${row.key} as ${viewer} (HTTP ${res.statusCode})`;
      if (row[viewer] === 'yes') expect(got, label).toBe(expected);
      else if (row[viewer] === 'masked') {
        expect(got, label).toBe(maskEmail(expected!));
        expect(res.body, label).not.toContain(expected);
      } else {
        expect(got === undefined || got === null || got !== expected, `${label}: shows ${String(got)}`).toBe(true);
        if (UNIQUE.has(row.value) && !shownElsewhere(row, viewer)) {
          expect(res.body.includes(expected!), `${label}: the answer contains ${expected}`).toBe(false);
        }
      }
    }
  });
});

/**
 * A "no" row forbids the value anywhere in the answer, unless another row of the same call shows
 * the same value to the same viewer under another key (a completed request shows its donor's
 * email as donarEmail to the donor, and not in its pledges).
 */
function shownElsewhere(row: Row, viewer: Viewer): boolean {
  const url = PROBES[row.endpoint]!.url();
  return TABLE.some((other) => other !== row && PROBES[other.endpoint]?.url() === url && other.value === row.value && other[viewer] !== 'no');
}
