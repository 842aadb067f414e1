import type { Page } from '@playwright/test';
import { todayInDhaka } from '../src/shared/dates/model';
import BN from '../src/web/donation-requests/texts.bn';
import BN_SITE from '../src/web/components/texts.bn';
import { type NewUser, registerViaApi, signIn } from './api';
import { give } from './gifts';
import { expect, test, TO_THE_NEW_REQUEST } from './fixtures';
import { BANGLA_INIT } from './i18n-check';
import { LOOKS, shooter, wear } from './screenshots';

// Issue 38: what a worried family sees, at phone and desktop size, light and dark, English and
// Bangla: home, the request form, the request's page right after it was created (the search for
// donors and the matching donors), and the funding table (no word broken in a cell). Only for
// looking at: run with SCREENSHOTS=1. Pictures land in screenshots/request-blood/ (git-ignored).

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the request-blood screenshots');
test.describe.configure({ timeout: 240_000 });

const DIR = 'screenshots/request-blood';
const DAY = 86_400_000;

// The form's English labels (the texts modules load the app's i18n, which only Vite can).
const EN_FORM = {
  recipientName: 'Recipient name',
  bloodGroup: 'Blood group',
  urgency: 'Urgency',
  hospitalName: 'Hospital name',
  fullAddress: 'Full address',
  donationDate: 'Donation date',
  donationTime: 'Donation time',
  requestMessage: 'Request message',
  createButton: 'Create Request',
};

let requester: NewUser;

test.beforeAll(async ({ request }) => {
  requester = await registerViaApi(request, { name: 'Rahima Akter', blood_group: 'O+' });
  for (const name of ['Karim Uddin', 'Sumaiya Islam', 'Tanvir Ahmed Chowdhury']) await registerViaApi(request, { name, blood_group: 'AB-' });
  // The ledger: a long Bangla name and a short English one beside an anonymous gift, each paid
  // through the Stripe stand-in.
  await give(request, await registerViaApi(request, { name: 'Nusrat Jahan' }), 100000, true);
  await give(request, await registerViaApi(request, { name: 'মোহাম্মদ আব্দুল্লাহ আল মামুন চৌধুরী' }), 1850.5, true);
  await give(request, await registerViaApi(request, { name: 'Hidden Giver' }), 500, false);
});

/** Fills the request form through its labels in the page's language, and sends it. */
async function createThroughForm(page: Page, bangla: boolean, recipient: string) {
  const F = bangla ? BN['donation-requests/form'] : EN_FORM;
  const L = bangla ? BN_SITE['site/location'] : { division: 'Division', district: 'District', upazila: 'Upazila' };
  const main = page.getByRole('main');
  await main.getByLabel(F.recipientName).fill(recipient);
  await main.getByLabel(F.bloodGroup, { exact: true }).selectOption('AB-');
  await main.getByLabel(L.division, { exact: true }).selectOption('1');
  await main.getByLabel(L.district, { exact: true }).selectOption('1');
  await main.getByLabel(L.upazila, { exact: true }).selectOption('1');
  await main.getByLabel(F.urgency, { exact: true }).selectOption('critical');
  await main.getByLabel(F.hospitalName).fill(bangla ? 'কুমিল্লা মেডিকেল কলেজ হাসপাতাল' : 'Comilla Medical College Hospital');
  await main.getByLabel(F.fullAddress).fill(bangla ? 'কুচাইতলী, কুমিল্লা' : 'Kuchaitoli, Comilla');
  const day = todayInDhaka(Date.now() + DAY);
  if (bangla) {
    const [y, m, d] = day.split('-');
    await main.getByRole('combobox', { name: BN_SITE['site/form'].year, exact: true }).selectOption(y!);
    await main.getByRole('combobox', { name: BN_SITE['site/form'].month, exact: true }).selectOption(m!);
    await main.getByRole('combobox', { name: F.donationDate, exact: true }).selectOption(d!);
    await main.getByRole('combobox', { name: F.donationTime, exact: true }).selectOption('18:15');
  } else {
    await main.getByLabel(F.donationDate).fill(day);
    await main.getByLabel(F.donationTime).fill('18:15');
  }
  await main.getByLabel(F.requestMessage).fill(bangla ? 'অস্ত্রোপচারের আগে দুই ব্যাগ রক্ত লাগবে।' : 'Two bags needed before surgery.');
  await main.getByRole('button', { name: F.createButton }).click();
  await expect(page).toHaveURL(/\/viewDetails\//, TO_THE_NEW_REQUEST);
}

for (const bangla of [false, true]) {
  test(`home, request form, request page, funding: ${bangla ? 'Bangla' : 'English'}`, async ({ browser, baseURL }) => {
    for (const look of LOOKS) {
      const context = await browser.newContext({ baseURL });
      if (bangla) await context.addInitScript(BANGLA_INIT);
      const page = await context.newPage();
      await wear(page, look);
      const shoot = shooter(page, DIR, look);
      const lang = bangla ? 'bn' : 'en';

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(`home-${lang}`, false);

      await signIn(page, requester, '/dashboard/createDonationReq');
      await expect(page.getByRole('main').locator('form')).toBeVisible();
      await shoot(`request-form-${lang}`);

      await createThroughForm(page, bangla, bangla ? 'করিম উদ্দিন' : 'Karim Uddin');
      // The first wave goes out as a job: give it a moment, then read the page as the family would.
      await page.waitForTimeout(3000);
      await page.reload();
      await expect(page.locator('[data-testid="outreach-summary"]')).toBeVisible();
      await shoot(`request-page-${lang}`);

      await page.goto('/c');
      await expect(page.getByRole('table')).toBeVisible();
      await shoot(`funding-${lang}`);
      await context.close();
    }
  });
}
