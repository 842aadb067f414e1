import type { APIRequestContext, Page } from '@playwright/test';
import { todayInDhaka } from '../src/shared/dates/model';
import { ADMIN, type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { axeMain, expect, test } from './fixtures';
import { LOOKS, shooter, wear } from './screenshots';

// Screenshots of the donation-request pages at phone and desktop size, light and dark, with an
// axe check (WCAG 2 A/AA, colour contrast included) of each page's main content. Slow and only
// for looking at: run with SCREENSHOTS=1. Pictures land in screenshots/requests/ (git-ignored).

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the donation-request screenshots');
test.describe.configure({ timeout: 120_000 });

const DIR = 'screenshots/requests';

function dayFromToday(days: number): string {
  const d = new Date(`${todayInDhaka()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function createRequest(request: APIRequestContext, user: NewUser, recipientName: string, days: number) {
  const token = await tokenFor(request, user);
  const res = await request.post('/api/donationRequest', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      recipientName,
      bloodGroup: 'AB-',
      hospitalName: 'Comilla Medical College Hospital',
      fullAddress: 'Kuchaitoli, Comilla Sadar, Comilla',
      donationDate: dayFromToday(days),
      donationTime: '10:30',
      requestMessage: 'My mother needs two bags of blood before her surgery on Thursday morning. Please ask for Rahima at the front desk.',
      recipientDivision: '1',
      recipientDistrict: '1',
      recipientUpazila: '1',
    },
  });
  return ((await res.json()) as { insertedId: string }).insertedId;
}

async function act(request: APIRequestContext, user: NewUser, method: 'patch', path: string, data?: object) {
  const token = await tokenFor(request, user);
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}` }, data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
}

// LocationSelect (src/web/components, not this feature's) writes its errors in text-error,
// 2.9:1 on white; the fix is reported to its owner.
const axe = (page: Page, label: string) => axeMain(page, label, '[id$="-division-error"], [id$="-district-error"], [id$="-upazila-error"]');

let requester: NewUser;
let donor: NewUser;
let pendingId: string;
let inprogressId: string;

test.beforeAll(async ({ request }) => {
  requester = await registerViaApi(request, { name: 'Rahima Akter' });
  donor = await registerViaApi(request, { name: 'Dipu Hasan' });
  const names = ['Karim Uddin', 'Nasrin Begum', 'Abdul Jabbar Chowdhury', 'Sumaiya Islam'];
  const ids: string[] = [];
  for (const [i, name] of names.entries()) ids.push(await createRequest(request, requester, name, i + 2));
  pendingId = ids[0]!;
  inprogressId = ids[1]!;
  // One in progress, one done, one canceled: every badge colour shows.
  for (const id of ids.slice(1)) await act(request, donor, 'patch', `/api/confirmDonation/${id}`);
  await act(request, requester, 'patch', `/api/donationRequest/${ids[2]}/status`, { donationStatus: 'done' });
  await act(request, requester, 'patch', `/api/donationRequest/${ids[3]}/status`, { donationStatus: 'canceled' });
});

for (const look of LOOKS) {
  const { viewport, theme } = look;
  test(`pages at ${viewport.name} in ${theme}`, async ({ page }) => {
    await wear(page, look);
    const shot = shooter(page, DIR, look);

    await page.goto('/allRequest');
    await expect(page.getByRole('main').getByRole('link', { name: /^View/ }).first()).toBeVisible();
    await shot('all-requests');
    await axe(page, 'allRequest');

    await signIn(page, donor, `/requestDetails/${pendingId}`);
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot('request-details-dialog', false);
    await axe(page, 'requestDetails dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.waitForTimeout(400); // the modal's closing fade
    await shot('request-details');

    await page.context().clearCookies();
    await signIn(page, requester, '/dashboard/userHome');
    await expect(page.getByRole('main').getByRole('link', { name: /^View/ }).first()).toBeVisible();
    await shot('user-home');
    await axe(page, 'userHome');

    await page.goto('/dashboard/myDonationRequests');
    await expect(page.getByRole('main').getByRole('link', { name: /^View/ }).first()).toBeVisible();
    await shot('my-requests');
    await axe(page, 'myDonationRequests');

    await page.goto('/dashboard/createDonationReq');
    await page.getByRole('button', { name: 'Create Request' }).click();
    await expect(page.getByText('*Name field is required')).toBeVisible();
    await shot('create-request');
    await axe(page, 'createDonationReq');

    await page.goto(`/dashboard/userHome/editDonation/${pendingId}`);
    await expect(page.getByLabel('Upazila', { exact: true })).toHaveValue('1');
    await shot('edit-request');
    await axe(page, 'editDonation');

    await page.goto(`/dashboard/userHome/viewDetails/${inprogressId}`);
    await expect(page.getByRole('region', { name: 'Hospital' })).toBeVisible();
    await shot('view-request');
    await axe(page, 'viewDetails');

    await page.context().clearCookies();
    await signIn(page, ADMIN, '/dashboard/allDonationRequest');
    await expect(page.getByRole('main').getByRole('link', { name: /^View/ }).first()).toBeVisible();
    await shot('all-donation-requests');
    await axe(page, 'allDonationRequest');
  });
}
