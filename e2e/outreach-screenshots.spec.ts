import type { APIRequestContext } from '@playwright/test';
import { todayInDhaka } from '../src/shared/dates/model';
import { respondPath } from '../src/shared/outreach/model';
import { type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { axeMain, expect, test } from './fixtures';
import { LOOKS, shooter, wear } from './screenshots';

// Screenshots of the outreach pages (issue 15) at phone and desktop size, light and dark, with an
// axe check of each page's main content. Only for looking at: run with SCREENSHOTS=1. Pictures
// land in screenshots/outreach/ (git-ignored).

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the outreach screenshots');
test.describe.configure({ timeout: 120_000 });

const DIR = 'screenshots/outreach';

async function asUser(request: APIRequestContext, user: NewUser) {
  return { authorization: `Bearer ${await tokenFor(request, user)}` };
}

const axe = axeMain;

let requester: NewUser;
let donor: NewUser;
let requestId: string;
let openId: string;

test.beforeAll(async ({ request }) => {
  requester = await registerViaApi(request, { name: 'Rahima Akter', blood_group: 'B-' });
  donor = await registerViaApi(request, { name: 'Dipu Hasan', blood_group: 'B-' });
  const donorAuth = await asUser(request, donor);
  await request.patch(`/api/users/${encodeURIComponent(donor.email)}`, {
    headers: donorAuth,
    data: { name: donor.name, blood_group: 'B-', division: '1', district: '1', upazila: '1', phone: '01812-345678' },
  });
  const auth = await asUser(request, requester);
  const body = (recipientName: string, units: number) => ({
    recipientName,
    bloodGroup: 'B-',
    hospitalName: 'Comilla Medical College Hospital',
    fullAddress: 'Kuchaitoli, Comilla Sadar, Comilla',
    donationDate: todayInDhaka(Date.now() + 2 * 86_400_000),
    donationTime: '10:30',
    requestMessage: 'My mother needs blood before her surgery.',
    recipientDivision: '1',
    recipientDistrict: '1',
    recipientUpazila: '1',
    urgency: 'critical',
    unitsNeeded: units,
    contactPhone: '01712-345678',
  });
  requestId = ((await (await request.post('/api/donationRequest', { headers: auth, data: body('Karim Uddin', 2) })).json()) as { insertedId: string }).insertedId;
  openId = ((await (await request.post('/api/donationRequest', { headers: auth, data: body('Nasrin Begum', 1) })).json()) as { insertedId: string }).insertedId;
  // Wait for the first waves, then the donor pledges to the first request.
  await expect.poll(async () => ((await (await request.get('/api/notifications?page=1&limit=10', { headers: donorAuth })).json()) as unknown[]).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await request.post(`/api/donationRequest/${requestId}/respond`, { headers: donorAuth, data: { answer: 'accept' } });
});

for (const look of LOOKS) {
  const { viewport, theme } = look;
  test(`outreach pages at ${viewport.name} in ${theme}`, async ({ page }) => {
    await wear(page, look);
    const shot = shooter(page, DIR, look);

    await signIn(page, donor, '/dashboard/notifications');
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await shot('notifications');
    await axe(page, 'notifications');

    await page.goto(respondPath(openId, 'accept'));
    await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
    await shot('respond');
    await axe(page, 'respond');

    await page.goto('/dashboard/profile');
    await expect(page.getByRole('main')).toBeVisible();
    await shot('profile');

    await page.context().clearCookies();
    await signIn(page, requester, `/dashboard/userHome/viewDetails/${requestId}`);
    await expect(page.getByRole('region').first()).toBeVisible();
    await shot('view-details-outreach');
    await axe(page, 'viewDetails');
  });
}
