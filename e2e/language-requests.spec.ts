import type { APIRequestContext, Page } from '@playwright/test';
import { todayInDhaka } from '../src/shared/donation-requests';
import BN from '../src/web/i18n/bn/donation-requests';
import { type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { axeMain, expect, mainHeading, PHONE, test } from './fixtures';
import { BANGLA_INIT, expectNoEnglish } from './i18n-check';

// Issue 16, the donation request pages in Bangla: no English left in <main> (but what people
// typed and the place names the public list only has in English), Bangla digits and dates, the
// schema's messages in Bangla, the plural of "requests are waiting", axe, and no sideways scroll
// at 360 px. With SCREENSHOTS=1 it also takes pictures (screenshots/language-requests/, phone and
// desktop, light and dark) to look at.

test.describe.configure({ timeout: 120_000 });

const DIR = 'screenshots/language-requests';
const VIEWPORTS = [
  { name: '360', size: PHONE },
  { name: '1280', size: { width: 1280, height: 800 } },
] as const;
const THEMES = process.env.SCREENSHOTS ? (['light', 'dark'] as const) : (['light'] as const);

function dayFromToday(days: number): string {
  const d = new Date(`${todayInDhaka()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function createRequest(request: APIRequestContext, user: NewUser, recipientName: string, days: number, unitsNeeded = 1) {
  const token = await tokenFor(request, user);
  const res = await request.post('/api/donationRequest', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      recipientName,
      bloodGroup: 'AB-',
      hospitalName: 'Comilla Medical College Hospital',
      fullAddress: 'Kuchaitoli, Comilla Sadar',
      donationDate: dayFromToday(days),
      donationTime: '14:30',
      requestMessage: 'Please ask for Rahima at the front desk.',
      recipientDivision: '1',
      recipientDistrict: '1',
      recipientUpazila: '1',
      unitsNeeded,
      urgency: 'urgent',
      component: 'platelets',
    },
  });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

async function donate(request: APIRequestContext, donor: NewUser, id: string) {
  const token = await tokenFor(request, donor);
  const res = await request.patch(`/api/confirmDonation/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`donate failed: ${res.status()} ${await res.text()}`);
}

/** What people typed (names, hospital, address), which stays as they wrote it. */
const TYPED = ['Rahima', 'Akter', 'Dipu', 'Hasan', 'Karim', 'Uddin', 'Nasrin', 'Begum', 'Comilla', 'Medical', 'College', 'Hospital', 'Kuchaitoli', 'Sadar'];
/** The public list's answer has the place names in English only (no location ids): see the report. */
const PUBLIC_PLACES = ['Comilla', 'Debidwar'];

const bangla = /[\u0980-\u09FF]/;

async function noSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${label}: no horizontal scroll`).toBeLessThanOrEqual(0);
}

// Digits only, so the names stay free of unknown English words and unique to this run.
const run = String(Date.now() % 100_000);
const KARIM = `Karim Uddin ${run}`;
const NASRIN = `Nasrin Begum ${run}`;

let requester: NewUser;
let donor: NewUser;
let pendingId: string;

test.beforeAll(async ({ request }) => {
  requester = await registerViaApi(request, { name: 'Rahima Akter' });
  donor = await registerViaApi(request, { name: 'Dipu Hasan' });
  pendingId = await createRequest(request, requester, KARIM, 3, 2);
  const inprogress = await createRequest(request, requester, NASRIN, 4);
  await donate(request, donor, inprogress);
});

test('the public list says how many requests wait, with the right plural in both languages', async ({ page }) => {
  await page.goto('/allRequest');
  const waiting = page.getByRole('main').locator('h1 + p > span.sr-only');
  await expect(waiting).toHaveText(/requests? (is|are) waiting\./);
  const english = (await waiting.textContent())!.trim();
  const count = Number(/^(\d+)/.exec(english)![1]);
  expect(english).toBe(count === 1 ? '1 request is waiting.' : `${count} requests are waiting.`);

  await page.evaluate(() => localStorage.setItem('lang', 'bn'));
  await page.reload();
  const digits = new Intl.NumberFormat('bn-BD').format(count);
  await expect(waiting).toHaveText(BN['donation-requests/public'].waiting.other.replace('{count}', digits));
});

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`the request pages in Bangla at ${viewport.name} in ${theme}`, async ({ page }) => {
      await page.setViewportSize(viewport.size);
      await page.addInitScript(BANGLA_INIT);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const check = async (name: string, allow: readonly string[] = TYPED) => {
        await page.waitForLoadState('networkidle');
        // Email addresses are marked translate="no" (split at the "@" so they wrap well).
        await expectNoEnglish(page, name, { scopes: ['main'], allow, exclude: ['[translate="no"]'] });
        await axeMain(page, `${name} ${viewport.name} ${theme}`);
        if (viewport.name === '360') await noSidewaysScroll(page, name);
        if (process.env.SCREENSHOTS) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: `${DIR}/${name}-${viewport.name}-${theme}.png`, fullPage: true });
        }
      };
      const main = page.getByRole('main');

      // The public list: Bangla headings, Bangla digits in dates and counts.
      await page.goto('/allRequest');
      await expect(main.getByRole('link', { name: new RegExp(`^${BN['donation-requests/public'].view}`) }).first()).toBeVisible();
      const karim = viewport.name === '360' ? main.getByRole('listitem').filter({ hasText: KARIM }) : main.getByRole('row', { name: KARIM });
      await expect(karim).toContainText('প্লাটিলেট · ২ ব্যাগ');
      await expect(karim).toContainText('অঙ্গীকার হয়েছে ০/২ ব্যাগ');
      await expect(karim).toContainText('দুপুর ২:৩০');
      await expect(karim.locator('time')).toHaveText(bangla);
      await expect(karim.locator('time')).not.toHaveText(/[0-9]/);
      await check('all-requests', [...TYPED, ...PUBLIC_PLACES]);

      // The dashboard: the requester's home and list, place names in Bangla from the location ids.
      await signIn(page, requester, '/dashboard/userHome');
      await expect(mainHeading(page)).toHaveText('স্বাগতম, Rahima Akter');
      await expect(main.getByRole('link', { name: new RegExp(`^${BN['donation-requests/table'].view}`) }).first()).toBeVisible();
      await expect(main).toContainText('কুমিল্লা');
      await check('user-home');

      await page.goto('/dashboard/myDonationRequests');
      await expect(mainHeading(page)).toHaveText(BN['donation-requests/dashboard'].myTitle);
      await expect(main.getByText(/^[০-৯]+টি অনুরোধ$/)).toBeVisible();
      await check('my-requests');

      // The form: submitted empty, the shared schema's messages come in Bangla.
      await page.goto('/dashboard/createDonationReq');
      await expect(mainHeading(page)).toHaveText(BN['donation-requests/form'].createHeading);
      await main.getByRole('button', { name: BN['donation-requests/form'].createButton }).click();
      await expect(main.getByText('*নাম দিন')).toBeVisible();
      await expect(main.getByText('*হাসপাতালের নাম দিন')).toBeVisible();
      await expect(main.getByText('বিভাগ বেছে নিন').last()).toBeVisible();
      await check('create-request');

      // Edit: the form filled in, "← Back" above the heading at its left.
      await page.goto(`/dashboard/userHome/editDonation/${pendingId}`);
      await expect(main.getByLabel('উপজেলা', { exact: true })).toHaveValue('1');
      const back = main.getByRole('link', { name: BN['donation-requests/form'].back });
      const [backBox, headingBox] = [await back.boundingBox(), await mainHeading(page).boundingBox()];
      expect(backBox!.y + backBox!.height).toBeLessThanOrEqual(headingBox!.y + 1);
      expect(Math.abs(backBox!.x + 12 - headingBox!.x)).toBeLessThanOrEqual(16);
      await check('edit-request', [...TYPED, 'Please', 'ask', 'for', 'the', 'front', 'desk']);
    });
  }
}
