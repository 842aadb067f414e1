import { todayInDhaka } from '../src/shared/dates/model';
import BN from '../src/web/donation-requests/texts.bn';
import BN_SITE from '../src/web/components/texts.bn';
import BN_USERS from '../src/web/users/texts.bn';
import { registerViaApi, signIn, tokenFor } from './api';
import { expect, mainHeading, PHONE, test, TO_THE_NEW_REQUEST } from './fixtures';
import { axeSerious, BANGLA_INIT, noSidewaysScroll } from './i18n-check';

// Issue 16: a browser draws its date and time fields in the device's language, so in Bangla mode
// the forms show selects written in Bangla instead (components/form/date-time-inputs.tsx): the
// day, month and year, and the time of day every 15 minutes. English mode keeps the browser's
// fields (the English specs fill them). Checked at phone width: the request form and the profile.

const F = BN['donation-requests/form'];
const FORM = BN_SITE['site/form'];

function dayFromToday(days: number): string {
  const d = new Date(`${todayInDhaka()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const bnDigits = (n: number) => new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(n);

test("in Bangla, a request's date and time are chosen from Bangla selects, and saved as the same values", async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await page.addInitScript(BANGLA_INIT);
  const requester = await registerViaApi(request, { name: 'সালমা খাতুন' });
  const headers = { authorization: `Bearer ${await tokenFor(request, requester)}` };
  const main = page.getByRole('main');
  const day = () => main.getByRole('combobox', { name: F.donationDate, exact: true });
  const month = () => main.getByRole('combobox', { name: FORM.month, exact: true });
  const year = () => main.getByRole('combobox', { name: FORM.year, exact: true });
  const choose = async (date: string) => {
    const [y, m, d] = date.split('-');
    await year().selectOption(y!);
    await month().selectOption(m!);
    await day().selectOption(d!);
  };

  // Create: the date from three selects, the time of day from one, both in Bangla.
  await signIn(page, requester, '/dashboard/createDonationReq');
  await expect(mainHeading(page)).toHaveText(F.createHeading);
  expect(await main.locator('input[type="date"], input[type="time"]').count()).toBe(0);
  await main.getByLabel(F.recipientName).fill('করিম উদ্দিন');
  await main.getByLabel(F.bloodGroup, { exact: true }).selectOption('A+');
  await main.getByLabel(BN_SITE['site/location'].division, { exact: true }).selectOption('1');
  await main.getByLabel(BN_SITE['site/location'].district, { exact: true }).selectOption('1');
  await main.getByLabel(BN_SITE['site/location'].upazila, { exact: true }).selectOption('1');
  await main.getByLabel(F.hospitalName).fill('কুমিল্লা মেডিকেল কলেজ হাসপাতাল');
  await main.getByLabel(F.fullAddress).fill('কুচাইতলী, কুমিল্লা');
  await choose(dayFromToday(3));
  await expect(day().locator('option:checked')).toHaveText(bnDigits(Number(dayFromToday(3).slice(8))));
  const time = main.getByRole('combobox', { name: F.donationTime, exact: true });
  await time.selectOption('18:15');
  await expect(time.locator('option:checked')).toHaveText('সন্ধ্যা ৬:১৫');
  await main.getByLabel(F.requestMessage).fill('অভ্যর্থনা কক্ষে খুঁজবেন।');
  await axeSerious(page, 'create request, Bangla date and time');
  await noSidewaysScroll(page, 'create request, Bangla date and time');
  await main.getByRole('button', { name: F.createButton }).click();
  // Issue 38: the created request's own page.
  await expect(page).toHaveURL(/\/dashboard\/userHome\/viewDetails\/[0-9a-f-]+$/, TO_THE_NEW_REQUEST);
  const mine = (await (await request.get(`/api/donationRequest?email=${encodeURIComponent(requester.email)}`, { headers })).json()) as { _id: string; donationDate: string; donationTime: string }[];
  expect(mine).toMatchObject([{ donationDate: dayFromToday(3), donationTime: '18:15' }]);

  // Edit: the stored day is shown in the selects; another one (perhaps in another month or year) is saved.
  await page.goto(`/dashboard/userHome/editDonation/${mine[0]!._id}`);
  await expect(mainHeading(page)).toHaveText(F.editHeading);
  const [y, m, d] = dayFromToday(3).split('-');
  await expect(day()).toHaveValue(d!);
  await expect(month()).toHaveValue(m!);
  await expect(year()).toHaveValue(y!);
  await choose(dayFromToday(40));
  await main.getByRole('button', { name: F.editHeading }).click();
  await expect(page.getByText(F.updated)).toBeVisible();
  const saved = (await (await request.get(`/api/donationRequest?id=${mine[0]!._id}`, { headers })).json()) as { donationDate: string; donationTime: string };
  expect(saved).toMatchObject({ donationDate: dayFromToday(40), donationTime: '18:15' });
});

test("in Bangla, the profile's last donation and quiet hours are Bangla selects; what is chosen is saved", async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await page.addInitScript(BANGLA_INIT);
  const donor = await registerViaApi(request, { name: 'রহিম মিয়া' });
  await signIn(page, donor, '/dashboard/profile');
  const main = page.getByRole('main');

  // Quiet hours: 22:00 to 07:00 by default, read as Bangla times.
  const start = main.getByLabel(BN_USERS['users/notifications'].quietStart);
  await expect(start).toHaveValue('22:00');
  await expect(start.locator('option:checked')).toHaveText('রাত ১০:০০');
  await start.selectOption('23:30');
  await main.getByRole('button', { name: BN_USERS['users/notifications'].save }).click();
  await expect(page.getByText(BN_USERS['users/notifications'].saved)).toBeVisible();

  // The last donation: a day two months ago, chosen in the edit form.
  await main.getByRole('button', { name: BN_USERS['users/profile'].edit, exact: true }).click();
  const [year, month, day] = dayFromToday(-60).split('-');
  await main.getByRole('combobox', { name: FORM.year, exact: true }).selectOption(year!);
  await main.getByRole('combobox', { name: FORM.month, exact: true }).selectOption(month!);
  await main.getByRole('combobox', { name: BN_USERS['users/profile-form'].lastDonation, exact: true }).selectOption(day!);
  await noSidewaysScroll(page, 'profile form, Bangla date');
  await main.getByRole('button', { name: BN_USERS['users/profile-form'].save }).click();
  await expect(page.getByText(BN_USERS['users/profile-form'].saved)).toBeVisible();

  const headers = { authorization: `Bearer ${await tokenFor(request, donor)}` };
  const profile = (await (await request.get(`/api/users/${encodeURIComponent(donor.email)}`, { headers })).json()) as { lastDonationDate: string };
  expect(profile.lastDonationDate).toBe(dayFromToday(-60));
  const settings = (await (await request.get(`/api/users/${encodeURIComponent(donor.email)}/notification-settings`, { headers })).json()) as { quietHoursStart: string };
  expect(settings.quietHoursStart).toBe('23:30');
});
