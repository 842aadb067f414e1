import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_NAME_FIRST, DONATION_TEXTS } from '../../shared/donations/texts';
import { firstNameOf, verifyPath } from '../../shared/donations/model';
import { pathTo } from '../../shared/routing/routes';
import { users } from '../db/schema/accounts';
import { donationPledges } from '../db/schema/requests';
import { donationRequestBody, inDays, registerUser, type TestUser, userWith } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { readPdf } from '../../../test/pdf';

let t: TestApp;
let donor: TestUser;
let other: TestUser;
let requester: TestUser;
let volunteer: TestUser;
let admin: TestUser;
let blockedAdmin: TestUser;
let blockedVolunteer: TestUser;
/** Pledge ids of the donor's completed donations, newest donation first. */
const done: string[] = [];
let openPledge: string;
const PUBLIC_URL = 'https://blood.example.org';

/** A request by `requester` that `giver` pledges to; marked done unless `close` is false. */
async function donation(giver: TestUser, days: number, close = true): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/donationRequest',
    headers: requester.auth,
    payload: donationRequestBody({ donationDate: inDays(days), hospitalName: `Hospital ${days}`, bloodGroup: 'B+' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { insertedId: string }).insertedId;
  // Several donations of one donor in one test run: the wait since the last one is lifted, as if
  // months had passed (a pledge within it is refused, issue 30).
  await t.database.db.update(users).set({ nextEligibleDate: null }).where(eq(users.id, giver.id));
  const pledge = await t.app.inject({ method: 'PATCH', url: `/api/confirmDonation/${id}`, headers: giver.auth });
  expect(pledge.statusCode, pledge.body).toBe(200);
  if (close) {
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/donationRequest/${id}/status`, headers: requester.auth, payload: { donationStatus: 'done' } });
    expect(closed.statusCode, closed.body).toBe(200);
  }
  const [row] = await t.database.db.select({ id: donationPledges.id }).from(donationPledges).where(eq(donationPledges.requestId, id));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  donor = await registerUser(t.app, { name: 'Karim Ahmed Chowdhury', blood_group: 'B+' });
  other = await registerUser(t.app, { blood_group: 'B+' });
  requester = await registerUser(t.app);
  volunteer = await userWith(t.app, t.database.db, 'volunteer');
  admin = await userWith(t.app, t.database.db, 'admin');
  blockedAdmin = await userWith(t.app, t.database.db, 'admin', 'blocked');
  blockedVolunteer = await userWith(t.app, t.database.db, 'volunteer', 'blocked');
  // Oldest first, so done[] is newest first.
  for (const days of [1, 2, 3]) done.unshift(await donation(donor, days));
  openPledge = await donation(donor, 4, false);
  await donation(other, 5);
});
afterAll(() => t.close());

const list = (who: TestUser | null, email: string, query = '') =>
  t.app.inject({ url: `/api/users/${encodeURIComponent(email)}/donations${query}`, headers: who?.auth ?? {} });

describe('GET /api/users/{email}/donations', () => {
  it("answers the owner's completed donations, newest first, paged with X-Total-Count", async () => {
    const res = await list(donor, donor.email);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const rows = res.json() as { _id: string; donationDate: string; component: string; hospitalName: string; district: string }[];
    expect(rows.map((r) => r._id)).toEqual(done);
    // Marked done before its day (three days ahead): recorded for today (issue 30).
    expect(rows[0]).toEqual({ _id: done[0], donationDate: inDays(0), component: 'whole_blood', hospitalName: 'Hospital 3', district: 'Comilla' });
    // An open pledge is not a donation yet.
    expect(rows.map((r) => r._id)).not.toContain(openPledge);
    const page2 = await list(donor, donor.email, '?page=2&limit=2');
    expect(page2.headers['x-total-count']).toBe('3');
    expect((page2.json() as { _id: string }[]).map((r) => r._id)).toEqual([done[2]]);
  });

  it('answers active staff about anyone', async () => {
    for (const who of [volunteer, admin]) {
      const res = await list(who, donor.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect((res.json() as unknown[]).length).toBe(3);
    }
  });

  it('refuses no token (401), another donor (403), blocked staff (403)', async () => {
    expect((await list(null, donor.email)).statusCode).toBe(401);
    for (const who of [other, requester, blockedAdmin, blockedVolunteer]) {
      const res = await list(who, donor.email);
      expect(res.statusCode).toBe(403);
      expect(errorBody(res).message).toBe(DONATION_TEXTS.ownOnly);
    }
  });

  it('answers 404 for an unknown user (staff) and 400 for bad paging', async () => {
    const res = await list(admin, 'nobody@example.com');
    expect(res.statusCode).toBe(404);
    errorBody(res);
    // Not staff: 403 whether or not the account exists (its existence is not theirs to learn).
    expect((await list(other, 'nobody@example.com')).statusCode).toBe(403);
    expect((await list(donor, donor.email, '?limit=0')).statusCode).toBe(400);
    expect((await list(donor, donor.email, '?page=x')).statusCode).toBe(400);
  });
});

const certificate = (who: TestUser | null, id: string) => t.app.inject({ url: `/api/donations/${id}/certificate.pdf`, headers: who?.auth ?? {} });

describe('GET /api/donations/{id}/certificate.pdf', () => {
  it('is a one-page PDF with the donor, the date, the hospital and the verification address; the code round-trips', async () => {
    const res = await certificate(donor, done[0]!);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="donation-certificate-/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The QR code's link (the same address the QR code is drawn from) is a link annotation too.
    expect(pdf.toString('latin1')).toMatch(/\/URI \(https:\/\/blood\.example\.org\/verify\/[0-9a-f]{32}\)/);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);

    const [row] = await t.database.db.select({ code: donationPledges.certificateCode }).from(donationPledges).where(eq(donationPledges.id, done[0]!));
    expect(row!.code).toMatch(/^[0-9a-f]{32}$/);
    // The text, as a PDF viewer (PDF.js) reads it: the name, the hospital, the date and the printed verification address.
    const read = await readPdf(pdf);
    expect(read.pages).toHaveLength(1);
    // A4 landscape.
    expect(read.pages[0]!.size.map((n) => n.toFixed(2))).toEqual(['841.89', '595.28']);
    const text = read.text;
    expect(text).toContain('Karim Ahmed Chowdhury');
    expect(text).toContain('Hospital 3');
    // The day recorded (today: marked done before the request's day), never the request's future day.
    expect(text).toContain(inDays(0));
    expect(text).not.toContain(inDays(3));
    expect(text).toContain(`${PUBLIC_URL}${verifyPath(row!.code)}`);
    const check = await t.app.inject(`/api/certificates/${row!.code}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ firstName: 'Karim', donationDate: inDays(0), district: 'Comilla' });
  });

  it('is for the donor and active staff only', async () => {
    expect((await certificate(null, done[0]!)).statusCode).toBe(401);
    for (const who of [volunteer, admin]) expect((await certificate(who, done[0]!)).statusCode).toBe(200);
    for (const who of [other, requester, blockedAdmin, blockedVolunteer]) {
      const res = await certificate(who, done[0]!);
      expect(res.statusCode).toBe(403);
      expect(errorBody(res).message).toBe(DONATION_TEXTS.certificateForbidden);
    }
  });

  it('answers 404 for an unknown id or a donation not completed, 400 for a malformed id', async () => {
    expect((await certificate(donor, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const open = await certificate(donor, openPledge);
    expect(open.statusCode).toBe(404);
    expect(errorBody(open).message).toBe(DONATION_TEXTS.noDonation);
    expect((await certificate(donor, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('is written in the language the client asks for (Accept-Language): Bangla texts, district and digits', async () => {
    const text = async (lang: string) => {
      const res = await t.app.inject({ url: `/api/donations/${done[0]!}/certificate.pdf`, headers: { ...donor.auth, 'accept-language': lang } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe(lang);
      return (await readPdf(res.rawPayload)).text;
    };
    const bangla = await text('bn');
    // Letters without vowel signs read back in order (compared without the word and line breaks,
    // which PDF.js places by the shaped glyphs' positions); the date's day and year in Bangla digits.
    const compact = bangla.replace(/\s/g, '');
    expect(compact).toContain('সনদনম্বর');
    expect(compact).toContain('স্থান');
    // The day recorded: today (marked done before the request's day).
    const [year, , day] = inDays(0).split('-');
    expect(bangla).toContain(new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(Number(year)));
    expect(bangla).toContain(new Intl.NumberFormat('bn-BD').format(Number(day)));
    expect(bangla).toContain('Hospital 3');
    expect(bangla).not.toMatch(/Certificate|donated|Comilla|Thank you/);
    expect(bangla).not.toContain('\uFFFD');

    const english = await text('en');
    expect(english).toContain('Certificate of Blood Donation');
    expect(english).toContain('Comilla');
    expect(english).not.toMatch(/[\u0980-\u09ff]/u);
  });

  it('draws a Bangla name with an embedded font, not boxes, shaped: its text reads back in order', async () => {
    const bangla = await registerUser(t.app, { name: 'রহিমা আক্তার উদ্দিন', blood_group: 'B+' });
    const id = await donation(bangla, 6);
    const res = await certificate(bangla, id);
    expect(res.statusCode).toBe(200);
    const read = await readPdf(res.rawPayload);
    expect(read.fonts.join(' ')).toMatch(/NotoSansBengali/);
    // The text in visual order (the vowel sign ি drawn, and read, before its consonant; a gap
    // where the font moves a sign): every letter there, none a box; ক্ত and the া after it.
    // (Compared without the word and line breaks, which PDF.js places by the glyphs' positions.)
    const text = read.text.replace(/\s/g, '');
    expect(text).toMatch(/র\S*হ\S*মা/u);
    expect(text).toContain('আক্তার');
    expect(text).toMatch(/উ\S*দ্দ\S*ন/u);
    expect(read.text).not.toContain('\uFFFD');
  });
});

describe('GET /api/certificates/{code}', () => {
  it('shows no more than the first name, the date and the district (public)', async () => {
    const [row] = await t.database.db.select({ code: donationPledges.certificateCode }).from(donationPledges).where(eq(donationPledges.id, done[1]!));
    const res = await t.app.inject(`/api/certificates/${row!.code}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json() as object).sort()).toEqual(['district', 'donationDate', 'firstName']);
    expect(res.body).not.toContain(donor.email);
    expect(res.body).not.toContain('Chowdhury');
  });

  it('answers 404 for an unknown code or a pledge not completed, 400 for a malformed one', async () => {
    const unknown = await t.app.inject('/api/certificates/0123456789abcdef0123456789abcdef');
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(unknown).message).toBe(DONATION_TEXTS.noCertificate);
    const [open] = await t.database.db.select({ code: donationPledges.certificateCode }).from(donationPledges).where(eq(donationPledges.id, openPledge));
    expect((await t.app.inject(`/api/certificates/${open!.code}`)).statusCode).toBe(404);
    for (const bad of ['x', "'%20OR%201=1--", 'A'.repeat(32), '0'.repeat(33)]) expect((await t.app.inject(`/api/certificates/${bad}`)).statusCode, bad).toBe(400);
  });

  it('codes are unguessable: 32 random hex digits, all different', async () => {
    const codes = (await t.database.db.select({ code: donationPledges.certificateCode }).from(donationPledges)).map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
  });

  it('names a deleted donor only as "A donor"', async () => {
    const gone = await registerUser(t.app, { name: 'Shirin Akter', blood_group: 'B+' });
    const id = await donation(gone, 7);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${encodeURIComponent(gone.email)}`, headers: gone.auth, payload: { confirmEmail: gone.email } });
    expect(del.statusCode, del.body).toBe(200);
    const [row] = await t.database.db.select({ code: donationPledges.certificateCode }).from(donationPledges).where(eq(donationPledges.id, id));
    const res = await t.app.inject(`/api/certificates/${row!.code}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { firstName: string }).firstName).toBe(DELETED_NAME_FIRST);
    const [u] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, gone.id));
    expect(u!.name).toBe('Deleted user');
  });
});

describe('verifyPath', () => {
  it("is the route table's verification page", () => {
    expect(verifyPath('0123456789abcdef0123456789abcdef')).toBe(pathTo('verify', { code: '0123456789abcdef0123456789abcdef' }));
  });
});

describe('firstNameOf', () => {
  it('keeps the first word only', () => {
    expect(firstNameOf('  Karim Ahmed ')).toBe('Karim');
    expect(firstNameOf('রহিম উদ্দিন')).toBe('রহিম');
  });
});
