import type { APIRequestContext } from '@playwright/test';
import { todayInDhaka } from '../src/shared/dates/model';
import BN_AUDIT from '../src/web/audit/texts.bn';
import BN from '../src/web/donation-requests/texts.bn';
import BN_REPORTS from '../src/web/reports/texts.bn';
import { ADMIN, adminChange, type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { axeMain, expect, mainHeading, PHONE, test } from './fixtures';
import { BANGLA_INIT, expectNoEnglish, noSidewaysScroll } from './i18n-check';

// Issue 16, the donation request pages in Bangla: no English left in <main> (but what people
// typed), place names in Bangla (the public list and the matching donors too), Bangla digits and
// dates, the schema's messages in Bangla, the plural of "requests are waiting", axe, and no
// sideways scroll at 360 px; then the details and view pages, and as admin all requests, the
// reports queue and the audit log. With SCREENSHOTS=1 it also takes pictures
// (screenshots/language-requests/, phone and desktop, light and dark) to look at.

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

/** What people typed (names, hospital, address, message), which stays as they wrote it; the first admin's name. */
const TYPED = ['Rahima', 'Akter', 'Dipu', 'Hasan', 'Karim', 'Uddin', 'Nasrin', 'Begum', 'Salma', 'Khatun', 'Comilla', 'Medical', 'College', 'Hospital', 'Kuchaitoli', 'Sadar'];
const MESSAGE = ['Please', 'ask', 'for', 'the', 'front', 'desk'];
const ADMIN_NAME = ['Administrator'];

const bangla = /[\u0980-\u09FF]/;

// Digits only, so the names stay free of unknown English words and unique to this run.
const run = String(Date.now() % 100_000);
const KARIM = `Karim Uddin ${run}`;
const NASRIN = `Nasrin Begum ${run}`;
const SALMA = `Salma Khatun ${run}`;

let requester: NewUser;
let donor: NewUser;
let pendingId: string;
let inprogressId: string;

test.beforeAll(async ({ request }) => {
  requester = await registerViaApi(request, { name: 'Rahima Akter' });
  // A donor who can give for the AB- request: among its matching donors.
  donor = await registerViaApi(request, { name: 'Dipu Hasan', blood_group: 'AB-' });
  await registerViaApi(request, { name: 'Karim Hasan', blood_group: 'AB-' });
  pendingId = await createRequest(request, requester, KARIM, 3, 2);
  inprogressId = await createRequest(request, requester, NASRIN, 4);
  await donate(request, donor, inprogressId);
  // A reported request for the queue, and a change by the admin for the audit log.
  const reported = await createRequest(request, requester, SALMA, 5);
  const res = await request.post(`/api/donationRequest/${reported}/reports`, {
    headers: { authorization: `Bearer ${await tokenFor(request, donor)}` },
    data: { reason: 'paid' },
  });
  if (res.status() !== 201) throw new Error(`report failed: ${res.status()} ${await res.text()}`);
  const blocked = await registerViaApi(request, { name: SALMA });
  await adminChange(request, blocked.email, { status: 'blocked' });
});

test('the public list says how many requests wait, with the right plural in both languages', async ({ page }) => {
  await page.goto('/allRequest');
  const waiting = page.getByRole('main').locator('h1 + p > span.sr-only');
  await expect(waiting).toHaveText(/requests? (is|are) waiting\./);
  const english = (await waiting.textContent())!.trim();
  const count = Number(/^(\d+)/.exec(english)![1]);
  expect(english).toBe(count === 1 ? '1 request is waiting.' : `${count} requests are waiting.`);

  // The other worker creates requests meanwhile: the Bangla sentence is checked against the count it
  // shows itself (in Bangla digits), not against the English one read before the reload.
  await page.evaluate(() => localStorage.setItem('lang', 'bn'));
  await page.reload();
  const forms = BN['donation-requests/public'].waiting;
  await expect(waiting).toHaveText(new RegExp(`^\\s*${forms.other.replace('{count}', '[০-৯]+')}$`));
  const bangla = (await waiting.textContent())!.trim();
  const shown = Number([...bangla.matchAll(/[০-৯]/g)].map(([d]) => d.charCodeAt(0) - '০'.charCodeAt(0)).join(''));
  const form = forms[new Intl.PluralRules('bn').select(shown) as keyof typeof forms];
  expect(bangla).toBe(form.replace('{count}', new Intl.NumberFormat('bn-BD').format(shown)));
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
      await expect(karim).toContainText('কুমিল্লা, দেবিদ্বার');
      await check('all-requests');

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
      await check('edit-request', [...TYPED, ...MESSAGE]);

      // The dashboard's details page: the requester's actions, "← My requests" aligned with the
      // heading, the search for donors and the matching donors with Bangla place names.
      await page.goto(`/dashboard/userHome/viewDetails/${pendingId}`);
      await expect(mainHeading(page)).toHaveText(`${KARIM}-এর জন্য অনুরোধ`);
      await expect(main.getByRole('link', { name: BN['donation-requests/view'].edit, exact: true })).toBeVisible();
      const matches = main.getByRole('list', { name: BN['donation-requests/details'].matchingDonors });
      await expect(matches.getByRole('listitem').filter({ hasText: 'Karim Hasan' }).first()).toContainText('দেবিদ্বার, কুমিল্লা');
      const myRequests = main.getByRole('link', { name: BN['donation-requests/view'].myRequests });
      const [myBox, viewHeading] = [await myRequests.boundingBox(), await mainHeading(page).boundingBox()];
      expect(myBox!.y + myBox!.height).toBeLessThanOrEqual(viewHeading!.y + 1);
      expect(Math.abs(myBox!.x + 12 - viewHeading!.x)).toBeLessThanOrEqual(16);
      await check('view-details', [...TYPED, ...MESSAGE]);

      // With a donor: the done and cancel buttons, "Donor information".
      await page.goto(`/dashboard/userHome/viewDetails/${inprogressId}`);
      await expect(main.getByRole('heading', { name: BN['donation-requests/view'].donorInformation })).toBeVisible();
      await expect(main.getByRole('button', { name: new RegExp(`^${BN['donation-requests/view'].done}`) })).toBeVisible();
      await check('view-details-donor', [...TYPED, ...MESSAGE]);

      // The public details page, for the requester: why Donate is not offered, and the safety notice.
      await page.goto(`/requestDetails/${pendingId}`);
      await expect(main.getByText(BN['donation-requests/request-details'].ownRequest)).toBeVisible();
      await expect(main.getByRole('heading', { name: BN_REPORTS['reports/notice'].neverPayTitle })).toBeVisible();
      await check('request-details-own', [...TYPED, ...MESSAGE]);

      // ...and for a donor: Donate, and "Report this request".
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.removeItem('access-token'));
      await signIn(page, donor, `/requestDetails/${pendingId}`);
      await expect(main.getByRole('button', { name: BN['donation-requests/details'].donate })).toBeVisible();
      await expect(main.getByRole('button', { name: BN_REPORTS['reports/notice'].reportLink })).toBeVisible();
      await expect(main.getByText(`${KARIM}-এর জন্য AB- রক্ত প্রয়োজন`)).toBeVisible();
      await check('request-details', [...TYPED, ...MESSAGE]);
    });

    test(`the admin's request, report and audit pages in Bangla at ${viewport.name} in ${theme}`, async ({ page }) => {
      await page.setViewportSize(viewport.size);
      await page.addInitScript(BANGLA_INIT);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const check = async (name: string, allow: readonly string[] = [...TYPED, ...ADMIN_NAME]) => {
        await page.waitForLoadState('networkidle');
        // The admin sees every spec's requests and reports: only this run's rows are read.
        await page.evaluate((mine) => {
          for (const row of Array.from(document.querySelectorAll('main tbody tr, main ul[aria-label] > li'))) {
            if (!row.textContent?.includes(mine)) row.setAttribute('data-other-run', '');
          }
        }, run);
        await expectNoEnglish(page, name, { scopes: ['main'], allow, exclude: ['[translate="no"]', '[data-other-run]'] });
        await axeMain(page, `${name} ${viewport.name} ${theme}`);
        if (viewport.name === '360') await noSidewaysScroll(page, name);
        if (process.env.SCREENSHOTS) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: `${DIR}/${name}-${viewport.name}-${theme}.png`, fullPage: true });
        }
      };
      const main = page.getByRole('main');

      await signIn(page, ADMIN, '/dashboard/allDonationRequest');
      await expect(mainHeading(page)).toHaveText(BN['donation-requests/all'].title);
      await expect(main.getByRole('button', { name: BN['donation-requests/all'].exportCsv })).toBeVisible();
      await expect(main).toContainText('কুমিল্লা');
      await check('all-donation-requests');

      await page.goto('/dashboard/reports');
      await expect(mainHeading(page)).toHaveText(BN_REPORTS['reports/queue'].pageTitle);
      const salma = main.getByRole('listitem').filter({ hasText: SALMA });
      await expect(salma).toContainText('১টি খোলা অভিযোগ');
      await expect(salma).toContainText(BN_REPORTS['reports/reasons'].paid);
      await expect(salma.locator('time')).not.toHaveText(/[0-9]/);
      await check('reports');

      await page.goto('/dashboard/audit');
      await expect(mainHeading(page)).toHaveText(BN_AUDIT['audit/page'].pageTitle);
      const entries = viewport.name === '360' ? main.getByRole('listitem') : main.getByRole('row');
      await expect(entries.filter({ hasText: BN_AUDIT['audit/actions']['user.status'] }).first()).toBeVisible();
      await expect(main).toContainText('সক্রিয় → ব্লক করা');
      await check('audit');
    });
  }
}
