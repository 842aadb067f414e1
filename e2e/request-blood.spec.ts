import type { APIRequestContext, Page } from '@playwright/test';
import { DONATION_MESSAGES } from '../src/shared/donation-requests/texts';
import { todayInDhaka } from '../src/shared/dates/model';
import { LANG_SWITCH_LABEL } from '../src/shared/i18n/model';
import type { OutreachProgress } from '../src/shared/outreach/schemas';
import { OUTREACH_MESSAGES } from '../src/shared/outreach/texts';
import { HOME_ACTIONS, HOME_HEADING, PAGE_HEADINGS } from '../src/shared/site/texts';
import { ACCOUNT_TEXTS } from '../src/web/users/form/messages';
import { type NewUser, PASSWORD, pictureBytes, registerViaApi, signIn, tokenFor, uniqueEmail } from './api';
import { expect, expectAmongMatches, mainHeading, PHONE, test, TO_THE_NEW_REQUEST } from './fixtures';
import { BANGLA_INIT } from './i18n-check';

// Issue 38, "I need blood" must be the obvious way in: "Request blood" on the home page, in the
// navbar and the dashboard menu, through sign-in or sign-up back to the form; a created request
// opens its own page with the search for donors in plain sentences (English and Bangla, 12-hour
// times, places in the reader's language); "Join as a Donor" for a signed-in user; the donor
// search's note for visitors; the Bengali font only for pages that show Bengali.

// The web's own English texts (src/web/components/texts.ts; its module loads the app's i18n, which only Vite can).
const REQUEST_BLOOD = 'Request blood';
const STEP_LINKS = ['Request blood', 'Search donors', 'See who needs blood'];
const FORM_PATH = '/dashboard/createDonationReq';
const DAY = 86_400_000;

/** Fills the request form (English mode) and sends it. */
async function fillRequestForm(page: Page, recipient: string, bloodGroup = 'AB-') {
  await page.getByLabel('Recipient name').fill(recipient);
  await page.getByLabel('Blood group').selectOption(bloodGroup);
  await page.getByLabel('Division', { exact: true }).selectOption('1');
  await page.getByLabel('District', { exact: true }).selectOption('1');
  await page.getByLabel('Upazila', { exact: true }).selectOption('1');
  await page.getByLabel('Urgency').selectOption('critical');
  await page.getByLabel('Hospital name').fill('Comilla Medical College Hospital');
  await page.getByLabel('Full address').fill('Kuchaitoli, Comilla');
  await page.getByLabel('Donation date').fill(todayInDhaka(Date.now() + DAY));
  await page.getByLabel('Donation time').fill('18:15');
  await page.getByLabel('Request message').fill('Two bags before surgery.');
  await page.getByRole('button', { name: DONATION_MESSAGES.createButton }).click();
}

/** The request's outreach progress, as the requester's API sees it. */
async function progressOf(request: APIRequestContext, user: NewUser, id: string): Promise<OutreachProgress> {
  const token = await tokenFor(request, user);
  const res = await request.get(`/api/donationRequest/${id}/outreach`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as OutreachProgress;
}

test('"Request blood" is first in the home hero, above the fold on a phone, and a visitor reaches the form through Register', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  // The hero's (the first step card links to the form too: "Request blood →").
  const hero = page.getByRole('region', { name: HOME_HEADING }).getByRole('link', { name: REQUEST_BLOOD });
  await expect(hero).toHaveAttribute('href', FORM_PATH);
  await expect(hero).toBeInViewport({ ratio: 1 });
  // The phone's menu has it first.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menuItems = page.locator('#mobile-menu').getByRole('link');
  await expect(menuItems.first()).toHaveText(REQUEST_BLOOD);
  await expect(menuItems.first()).toHaveAttribute('href', FORM_PATH);
  await page.getByRole('button', { name: 'Menu' }).click();

  // The step cards lead to their actions.
  for (const [text, href] of [
    [STEP_LINKS[0]!, FORM_PATH],
    [STEP_LINKS[1]!, '/searchDonors'],
    [STEP_LINKS[2]!, '/allRequest'],
  ] as const) {
    await expect(page.getByRole('main').getByRole('listitem').getByRole('link', { name: text })).toHaveAttribute('href', href);
  }

  // A visitor: Login, then "Create an account", then back to the form once registered.
  await hero.click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  const email = uniqueEmail('family');
  await page.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pictureBytes() });
  await page.getByLabel('Full name').fill('Rokeya Family');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Blood Group').selectOption('B+');
  await page.locator('#register-division').selectOption('1');
  await page.locator('#register-district').selectOption('1');
  await page.locator('#register-upazila').selectOption('1');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: ACCOUNT_TEXTS.createAccount }).click();
  await expect(page).toHaveURL(new RegExp(`${FORM_PATH}$`));
  await expect(mainHeading(page)).toHaveText(DONATION_MESSAGES.createHeading);
  await expect(page.getByLabel('Requester email')).toHaveValue(email);
});

test('a visitor who signs in from "Request blood" in the navbar lands on the form; the dashboard menu has it too', async ({ page, request }) => {
  const user = await registerViaApi(request, { name: 'Navbar Family' });
  await page.goto('/blog');
  const nav = page.getByRole('banner').getByRole('link', { name: REQUEST_BLOOD });
  await expect(nav).toBeVisible();
  await nav.click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('main').getByRole('button', { name: ACCOUNT_TEXTS.login, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${FORM_PATH}$`));
  await expect(mainHeading(page)).toHaveText(DONATION_MESSAGES.createHeading);

  await page.goto('/dashboard/profile');
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  await expect(menu.getByRole('link').first()).toHaveText(REQUEST_BLOOD);
  await menu.getByRole('link', { name: REQUEST_BLOOD }).click();
  await expect(page).toHaveURL(new RegExp(`${FORM_PATH}$`));
});

test("a signed-in user's \"Join as a Donor\" opens their profile", async ({ page, request }) => {
  const user = await registerViaApi(request, { name: 'Joined Already' });
  await signIn(page, user, '/');
  const join = page.getByRole('main').getByRole('link', { name: HOME_ACTIONS.joinAsDonor });
  await expect(join).toHaveAttribute('href', '/dashboard/profile');
  await join.click();
  await expect(mainHeading(page)).toHaveText(ACCOUNT_TEXTS.profileHeading);
});

test('the donor search tells visitors that signing in shows how to reach a donor; signed in, it does not', async ({ page, request }) => {
  await page.goto('/searchDonors');
  const note = page.getByTestId('search-sign-in');
  await expect(note).toContainText('partly hidden until you sign in');
  await note.getByRole('link').click();
  await expect(page).toHaveURL(/\/login$/);
  const user = await registerViaApi(request);
  await signIn(page, user, '/searchDonors');
  await expect(mainHeading(page)).toHaveText(PAGE_HEADINGS.searchDonors);
  await expect(page.getByTestId('search-sign-in')).toHaveCount(0);
});

test('a created request opens its own page: the search for donors in plain sentences, English and Bangla, and the matching donors', async ({ page, request }) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const requester = await registerViaApi(request, { name: `Family ${tag}`, blood_group: 'O+' });
  // AB- in Debidwar (the request's upazila): told in the first wave, and a match.
  const donor = await registerViaApi(request, { name: `Donor ${tag}`, blood_group: 'AB-' });
  const recipient = `Karim ${tag}`;

  await signIn(page, requester, FORM_PATH);
  await fillRequestForm(page, recipient);
  await expect(page.getByRole('heading', { name: DONATION_MESSAGES.created(recipient) })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/userHome\/viewDetails\/[0-9a-f-]+$/, TO_THE_NEW_REQUEST);
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('main')).toContainText('6:15 pm');
  const matches = page.getByRole('region', { name: new RegExp(DONATION_MESSAGES.matchingDonors) });
  await expectAmongMatches(matches, donor.name);

  // Once the first wave has gone out (a job on the server), the page says who was told, and where.
  await expect.poll(async () => (await progressOf(request, requester, id)).notified, { timeout: 20_000 }).toBeGreaterThan(0);
  const p = await progressOf(request, requester, id);
  await page.reload();
  const progress = page.getByRole('region', { name: OUTREACH_MESSAGES.progressHeading });
  const donors = `${p.notified} donor${p.notified === 1 ? '' : 's'}`;
  // How far the first wave reached depends on the donors other tests registered before this one:
  // with fewer than a wave's worth of compatible donors in the district, it goes farther.
  const told = { upazila: `We told ${donors} near Debidwar.`, district: `We told ${donors} in Comilla district.` } as Partial<Record<string, string>>;
  await expect(progress).toContainText(told[p.area] ?? `We told ${donors} in Comilla and`);
  await expect(progress).toContainText('Nobody has answered yet.');
  await expect(progress).not.toContainText(/\d{2}:\d{2}(?! ?[ap]m)/);
  if (p.nextWaveAt) await expect(progress).toContainText(/We will tell more donors (tomorrow )?at \d{1,2}:\d{2} [ap]m\./);

  // The same in Bangla: the place's Bangla name, Bangla digits, the part of the day.
  await page.getByRole('button', { name: LANG_SWITCH_LABEL.en }).click();
  const bnProgress = page.getByRole('region', { name: 'রক্তদাতা খোঁজার অগ্রগতি' });
  const count = p.notified.toString().replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
  const bnTold = { upazila: `দেবিদ্বার এলাকার ${count} জন রক্তদাতাকে জানানো হয়েছে।`, district: `কুমিল্লা জেলার ${count} জন রক্তদাতাকে জানানো হয়েছে।` } as Partial<Record<string, string>>;
  await expect(bnProgress).toContainText(bnTold[p.area] ?? `${count} জন রক্তদাতাকে জানানো হয়েছে।`);
  if (p.area !== 'upazila') await expect(bnProgress).toContainText('কুমিল্লা');
  await expect(bnProgress).toContainText('এখনো কেউ সাড়া দেননি।');
  await expect(bnProgress).not.toContainText(/Debidwar|Comilla|[0-9]/);
  if (p.nextWaveAt) await expect(bnProgress).toContainText(/(সকাল|দুপুর|বিকাল|সন্ধ্যা|রাত) [০-৯]{1,2}:[০-৯]{2}-এ আরও রক্তদাতাকে জানানো হবে।/);
  await expect(page.getByRole('main')).toContainText('সন্ধ্যা ৬:১৫');
});

test('in Bangla, the division select lists the divisions in Bangla alphabetical order', async ({ page }) => {
  await page.addInitScript(BANGLA_INIT);
  await page.goto('/register');
  const division = page.locator('#register-division');
  await expect(division.locator('option')).toHaveCount(9);
  const names = (await division.locator('option').allTextContents()).slice(1);
  expect(names).toEqual([...names].sort(new Intl.Collator('bn').compare));
  expect(names).toContain('চট্টগ্রাম');
});

test('the Bengali font: an English page without Bangla fetches none; one showing a Bangla name fetches it', async ({ page, request }) => {
  const fonts: string[] = [];
  page.on('response', (r) => {
    if (/noto-sans-bengali[^/]*\.woff2$/.test(r.url())) fonts.push(r.url());
  });
  const user = await registerViaApi(request, { name: 'Plain English' });
  await signIn(page, user, '/dashboard/profile');
  await expect(mainHeading(page)).toHaveText(ACCOUNT_TEXTS.profileHeading);
  // The font's rules are on the page (added after the first paint, in English too)...
  const declared = () =>
    page.evaluate(() => {
      let found = false;
      document.fonts.forEach((f) => (found ||= f.family.includes('Noto Sans Bengali')));
      return found;
    });
  await expect.poll(declared).toBe(true);
  await page.waitForLoadState('networkidle');
  // ...and nothing Bengali is shown, so nothing is fetched.
  expect(fonts).toEqual([]);

  // A Bangla name in English mode: the browser fetches the font for it, and draws it.
  const bangla = await registerViaApi(request, { name: 'রহিমা খাতুন' });
  await signIn(page, bangla, '/dashboard/profile');
  await expect(page.getByRole('main').getByText('রহিমা খাতুন').first()).toBeVisible();
  await expect.poll(() => fonts.length).toBeGreaterThan(0);
  // A face of it is loaded (the weight the name is drawn in: the other may never be needed).
  const loaded = () =>
    page.evaluate(() => {
      let found = false;
      document.fonts.forEach((f) => (found ||= f.family.includes('Noto Sans Bengali') && f.status === 'loaded'));
      return found;
    });
  await expect.poll(loaded).toBe(true);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
});
