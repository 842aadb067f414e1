import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { todayInDhaka } from '../src/shared/dates/model';
import { DONATION_TEXTS } from '../src/shared/donations/texts';
import { readPdf, renderPng } from '../test/pdf';
import { ADMIN, BASE_URL, type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { axeMain, expect, mainHeading, test } from './fixtures';

// Issue 17: a donor downloads the certificate of a completed donation from their profile; its
// first page is rendered to PNG (screenshots/certificates/, to look at), and the verification
// address it carries opens the public page, which confirms it without saying more than it should.

const OUT = 'screenshots/certificates';

async function bearer(request: APIRequestContext, user: NewUser) {
  return { authorization: `Bearer ${await tokenFor(request, user)}` };
}

let donor: NewUser;
const donationDate = todayInDhaka(Date.now() + 86_400_000);

test.beforeAll(async ({ request }) => {
  donor = await registerViaApi(request, { name: 'Farhana Yasmin', blood_group: 'O-' });
  const requester = await registerViaApi(request, { name: 'Certificate Requester' });
  const asRequester = await bearer(request, requester);
  const created = await request.post('/api/donationRequest', {
    headers: asRequester,
    data: {
      recipientName: 'Rokeya Khatun',
      bloodGroup: 'O-',
      hospitalName: 'Comilla Medical College Hospital',
      fullAddress: 'Kuchaitoli, Comilla',
      donationDate,
      donationTime: '09:00',
      requestMessage: 'Surgery',
      recipientDivision: '1',
      recipientDistrict: '1',
      recipientUpazila: '1',
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { insertedId: string }).insertedId;
  expect((await request.patch(`/api/confirmDonation/${id}`, { headers: await bearer(request, donor) })).status()).toBe(200);
  expect((await request.patch(`/api/donationRequest/${id}/status`, { headers: asRequester, data: { donationStatus: 'done' } })).status()).toBe(200);
});

test('a donor downloads a certificate and its verification link confirms it', async ({ page, browser }) => {
  await signIn(page, donor, '/dashboard/profile');
  const history = page.getByRole('region', { name: DONATION_TEXTS.historyTitle });
  await expect(history.getByText(DONATION_TEXTS.count(1))).toBeVisible();
  await expect(history.getByRole('list', { name: DONATION_TEXTS.badgesTitle }).getByRole('listitem', { name: 'First donation' })).toBeVisible();
  await expect(history.getByRole('listitem', { name: '3 donations (not yet)' })).toBeVisible();
  await expect(history.getByText('Comilla Medical College Hospital, Comilla')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), history.getByRole('button', { name: /Download the certificate/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^donation-certificate-[0-9a-f-]{36}\.pdf$/);
  fs.mkdirSync(OUT, { recursive: true });
  const pdf = path.join(OUT, 'certificate.pdf');
  await download.saveAs(pdf);

  // One A4 landscape page, rendered for a look (screenshots/certificates/certificate.png).
  const bytes = fs.readFileSync(pdf);
  const read = await readPdf(bytes);
  expect(read.pages).toHaveLength(1);
  fs.writeFileSync(path.join(OUT, 'certificate.png'), await renderPng(bytes, 1, 80));
  expect(fs.statSync(path.join(OUT, 'certificate.png')).size).toBeGreaterThan(10_000);
  const text = read.text;
  expect(text).toContain('Farhana Yasmin');
  expect(text).toContain('Comilla Medical College Hospital');
  const url = new RegExp(`${BASE_URL.replace(/[.:/]/g, '\\$&')}/verify/[0-9a-f]{32}`).exec(text)?.[0];
  expect(url, text).toBeDefined();

  // Anyone opening the link (no sign-in) sees it is genuine: first name, date and district only.
  const visitor = await browser.newContext();
  const open = await visitor.newPage();
  await open.goto(url!);
  await expect(mainHeading(open)).toHaveText(DONATION_TEXTS.verify.title);
  await expect(open.getByRole('status')).toHaveText(new RegExp(DONATION_TEXTS.verify.genuine));
  const main = open.getByRole('main');
  await expect(main).toContainText('Farhana');
  await expect(main).not.toContainText('Yasmin');
  await expect(main).toContainText('Comilla');
  await expect(main).not.toContainText('Medical College');
  await axeMain(open, 'verify page');

  // A code nobody was given is not genuine.
  await open.goto('/verify/0123456789abcdef0123456789abcdef');
  await expect(open.getByRole('alert')).toHaveText(DONATION_TEXTS.verify.notFound);
  await open.goto('/verify/not-a-code');
  await expect(open.getByRole('alert')).toHaveText(DONATION_TEXTS.verify.notFound);
  await visitor.close();
});

// Issue 30: the donor says "I did not donate" (after a confirmation); the donation leaves the
// history, its certificate is no longer genuine, and staff see the requester on the reports page.
test('a donor disputes a donation recorded for them; staff see the requester', async ({ page, browser, request }) => {
  await signIn(page, donor, '/dashboard/profile');
  const history = page.getByRole('region', { name: DONATION_TEXTS.historyTitle });
  await expect(history.getByText(DONATION_TEXTS.count(1))).toBeVisible();
  const donationId = await (async () => {
    const res = await request.get(`/api/users/${encodeURIComponent(donor.email)}/donations`, { headers: await bearer(request, donor) });
    const [row] = (await res.json()) as { _id: string }[];
    return row!._id;
  })();

  await axeMain(page, 'donation history with "I did not donate"');

  // Cancel keeps it.
  await history.getByRole('button', { name: /^I did not donate on / }).click();
  await expect(page.getByRole('dialog')).toContainText(DONATION_TEXTS.disputeTitle);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(history.getByText('Comilla Medical College Hospital, Comilla')).toBeVisible();

  await history.getByRole('button', { name: /^I did not donate on / }).click();
  await page.getByRole('dialog').getByRole('button', { name: DONATION_TEXTS.dispute }).click();
  await expect(page.getByText(DONATION_TEXTS.disputed)).toBeVisible();
  await expect(history.getByText(DONATION_TEXTS.historyEmpty)).toBeVisible();
  await expect(history.getByText('Comilla Medical College Hospital, Comilla')).toHaveCount(0);
  const pdf = await request.get(`/api/donations/${donationId}/certificate.pdf`, { headers: await bearer(request, donor) });
  expect(pdf.status()).toBe(404);

  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signIn(admin, ADMIN, '/dashboard/reports');
  const section = admin.getByRole('region', { name: DONATION_TEXTS.disputes.title });
  await expect(section.getByRole('row', { name: /Certificate Requester/ })).toContainText('1 disputed donation');
  await axeMain(admin, 'reports page with disputed donations');
  await staff.close();
});

