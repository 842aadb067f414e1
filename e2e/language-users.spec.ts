import type { APIRequestContext, Page } from '@playwright/test';
import { todayInDhaka } from '../src/shared/dates/model';
import BN_CERTIFICATES from '../src/web/certificates/texts.bn';
import BN from '../src/web/users/texts.bn';
import { readPdf } from '../test/pdf';
import { adminChange, type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { expect, mainHeading, test } from './fixtures';
import { axeSerious, BANGLA_INIT, expectNoEnglish, noSidewaysScroll } from './i18n-check';
import { LOOKS, type Look, THEMES, VIEWPORTS } from './screenshots';

// Issue 16, the account pages in Bangla: the profile (its notification settings, donation history
// and badges, "Your data" with the delete dialog), the admin's All Users page (cards on a phone,
// nothing offered on the admin's own account) and the certificate verification page. No English
// left in <main> but what people typed (marked data-user-content) and email addresses, axe, no
// sideways scroll at 360 px. With SCREENSHOTS=1, pictures go to screenshots/language-users/
// (phone and desktop, light and dark).

test.describe.configure({ timeout: 180_000 });

const DIR = 'screenshots/language-users';
const looks: readonly Look[] = process.env.SCREENSHOTS ? LOOKS : VIEWPORTS.map((viewport) => ({ viewport, theme: THEMES[0] }));

async function bearer(request: APIRequestContext, user: NewUser) {
  return { authorization: `Bearer ${await tokenFor(request, user)}` };
}

let donor: NewUser;
let certificateCode: string;

test.beforeAll(async ({ request }) => {
  donor = await registerViaApi(request, { name: 'Farhana Yasmin', blood_group: 'O-' });
  const requester = await registerViaApi(request, { name: 'Rokeya Khatun' });
  const asRequester = await bearer(request, requester);
  const asDonor = await bearer(request, donor);
  const created = await request.post('/api/donationRequest', {
    headers: asRequester,
    data: {
      recipientName: 'Rokeya Khatun',
      bloodGroup: 'O-',
      hospitalName: 'Comilla Medical College Hospital',
      fullAddress: 'Kuchaitoli, Comilla',
      donationDate: todayInDhaka(Date.now() + 86_400_000),
      donationTime: '09:00',
      requestMessage: 'Surgery',
      recipientDivision: '1',
      recipientDistrict: '1',
      recipientUpazila: '1',
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { insertedId: string }).insertedId;
  expect((await request.patch(`/api/confirmDonation/${id}`, { headers: asDonor })).status()).toBe(200);
  expect((await request.patch(`/api/donationRequest/${id}/status`, { headers: asRequester, data: { donationStatus: 'done' } })).status()).toBe(200);
  // The certificate's code is printed on it, with its verification address.
  const donations = (await (await request.get(`/api/users/${encodeURIComponent(donor.email)}/donations`, { headers: asDonor })).json()) as { _id: string }[];
  const pdf = await request.get(`/api/donations/${donations[0]!._id}/certificate.pdf`, { headers: asDonor });
  expect(pdf.status()).toBe(200);
  const { text } = await readPdf(await pdf.body());
  certificateCode = /\/verify\/([0-9a-f]{32})/.exec(text)![1]!;
});

/** No English, axe, no sideways scroll on a phone, and a picture with SCREENSHOTS=1. */
function checker(page: Page, look: Look) {
  return async (name: string, allow: readonly string[] = []) => {
    await page.waitForLoadState('networkidle');
    await expectNoEnglish(page, `${name} ${look.viewport.name}`, { scopes: ['main'], allow });
    await axeSerious(page, `${name} ${look.viewport.name} ${look.theme}`);
    if (look.viewport.name === '360') await noSidewaysScroll(page, name);
    if (process.env.SCREENSHOTS) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${DIR}/${name}-${look.viewport.name}-${look.theme}.png`, fullPage: true });
    }
  };
}

for (const look of looks) {
  test(`the account pages in Bangla at ${look.viewport.name} in ${look.theme}`, async ({ page, request, consoleErrors }) => {
    await page.setViewportSize(look.viewport.size);
    await page.addInitScript(BANGLA_INIT);
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), look.theme);
    const check = checker(page, look);
    const main = page.getByRole('main');

    // The profile: facts with Bangla place names and digits, the settings, the history and badges.
    await signIn(page, donor, '/dashboard/profile');
    await expect(mainHeading(page)).toHaveText(BN['users/profile'].heading);
    await expect(main).toContainText('কুমিল্লা');
    await expect(main.getByText(BN['users/profile'].bloodGroup, { exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { name: BN['users/notifications'].heading })).toBeVisible();
    await expect(main.getByLabel(BN['users/notifications'].maxPerWeek)).toBeVisible();
    const history = main.getByRole('region', { name: BN['users/donations'].heading });
    await expect(history.getByText('১টি রক্তদান সম্পন্ন')).toBeVisible();
    await expect(history.getByRole('listitem', { name: BN['users/donations'].firstBadge })).toBeVisible();
    await expect(history.getByRole('listitem', { name: `৩বার রক্তদান${BN['users/donations'].notYet}` })).toBeVisible();
    await expect(history).toContainText('Comilla Medical College Hospital, কুমিল্লা');
    await expect(history.getByRole('button', { name: /সনদ ডাউনলোড করুন$/ })).toBeVisible();
    await expect(main.getByRole('heading', { name: BN['users/privacy'].heading })).toBeVisible();
    await check('profile');

    // A field check in Bangla (the limit in Bangla digits).
    const perWeek = main.getByLabel(BN['users/notifications'].maxPerWeek);
    await perWeek.fill('500');
    await perWeek.blur();
    await expect(main.getByText('০ থেকে ৫০-এর মধ্যে একটি পূর্ণসংখ্যা লিখুন')).toBeVisible();
    await page.reload();

    // The edit form.
    await main.getByRole('button', { name: BN['users/profile'].edit, exact: true }).click();
    await expect(main.getByRole('heading', { name: BN['users/profile-form'].title })).toBeFocused();
    await check('profile-form');
    await main.getByRole('button', { name: BN['users/profile-form'].cancel, exact: true }).click();

    // "Your data": the delete dialog, then cancelled.
    await main.getByRole('button', { name: BN['users/privacy'].deleteButton }).click();
    const dialog = page.getByRole('dialog', { name: BN['users/privacy'].dialogTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: BN['users/privacy'].confirmButton })).toBeDisabled();
    await check('profile-delete-dialog');
    await dialog.getByRole('button', { name: BN['users/privacy'].cancel }).click();
    await expect(dialog).toBeHidden();

    // The verification page: genuine, the date and district in Bangla; and a code nobody has.
    await page.goto(`/verify/${certificateCode}`);
    await expect(mainHeading(page)).toHaveText(BN_CERTIFICATES['certificates/verify'].title);
    await expect(page.getByRole('status')).toHaveText(new RegExp(BN_CERTIFICATES['certificates/verify'].genuine));
    await expect(main).toContainText('কুমিল্লা');
    await expect(main).not.toContainText(/[0-9]/);
    await check('verify');
    await page.goto('/verify/0123456789abcdef0123456789abcdef');
    await expect(main.getByRole('alert')).toHaveText(BN_CERTIFICATES['certificates/verify'].notFound);
    await check('verify-not-found');
    // The check's 404 is the answer "not genuine", logged by the browser as a failed load.
    const notFound = consoleErrors.findIndex((e) => /status of 404.*\/api\/certificates\//.test(e));
    expect(notFound).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(notFound, 1);

    // All Users as an admin: cards on a phone, a table on a desktop; nothing offered on their own
    // account. The list is newest first, so the admin and the donor are made just before it loads
    // (on its first page); other specs registering many users at that moment push them down, and
    // then it is tried again with new ones.
    await page.context().clearCookies();
    const phone = look.viewport.name === '360';
    const item = (email: string) => (phone ? main.getByRole('listitem').filter({ hasText: email }) : main.getByRole('row').filter({ hasText: email }));
    const admin = await registerViaApi(request, { name: 'Nasrin Akter' });
    await adminChange(request, admin.email, { role: 'admin' });
    await signIn(page, admin, '/dashboard/allUsers');
    await expect(mainHeading(page)).toHaveText(BN['users/all'].heading);
    await expect(main.getByText(/^মোট ব্যবহারকারী: [০-৯]+$/)).toBeVisible();
    let listed = donor;
    await expect(async () => {
      listed = await registerViaApi(request, { name: 'Farhana Yasmin' });
      await page.reload();
      await expect(item(admin.email)).toBeVisible({ timeout: 3_000 });
      await expect(item(listed.email)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    const self = item(admin.email);
    await expect(self).toContainText(BN['users/row'].ownAccount);
    await expect(self.getByRole('button')).toHaveCount(0);
    const farhana = item(listed.email);
    await expect(farhana).toContainText(BN['users/role'].donner);
    await expect(farhana).toContainText(BN['users/status'].active);
    await expect(farhana.getByRole('button')).toHaveText([
      `${BN['users/row'].block} Farhana Yasmin`,
      `${BN['users/row'].makeVolunteer} (Farhana Yasmin)`,
      `${BN['users/row'].makeAdmin} (Farhana Yasmin)`,
    ]);
    if (phone) {
      await expect(main.getByRole('table')).toBeHidden();
      // Email, role, status and every button in view without sideways scrolling.
      for (const box of [await farhana.getByText(listed.email).boundingBox(), ...(await Promise.all((await farhana.getByRole('button').all()).map((b) => b.boundingBox())))]) {
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      }
    }
    await check('all-users', ['CSV']);

    // The block confirmation in Bangla, then cancelled.
    await farhana.getByRole('button', { name: new RegExp(`^${BN['users/row'].block}`) }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(BN['users/row'].confirmTitle);
    await expect(confirm).toContainText('Farhana Yasmin ব্লক হবেন');
    await confirm.getByRole('button', { name: /বাতিল/ }).click();
    await expect(farhana).toContainText(BN['users/status'].active);
  });
}
