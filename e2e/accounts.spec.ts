import { DONATION_MESSAGES } from '../src/shared/donation-requests/texts';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { IMAGE_ERROR_TEXT, IMAGE_ERROR_TITLE } from '../src/shared/images/texts';
import { NAV_LABELS, PAGE_HEADINGS } from '../src/shared/site/texts';
import { USER_MESSAGES } from '../src/shared/users/texts';
import { ACCOUNT_TEXTS } from '../src/web/users/form/messages';
import { ADMIN, PASSWORD, pictureBytes, registerViaApi, signIn, uniqueEmail } from './api';
import { expect, mainHeading, test } from './fixtures';

// Accounts (issue 3): registration, login, profile, and the admin's users table, through the UI.

/** Picks a location through the three cascading selects (names as the seed has them). */
async function chooseLocation(page: Page, prefix: string, division: string, district: string, upazila: string) {
  await page.locator(`#${prefix}-division`).selectOption({ label: division });
  await page.locator(`#${prefix}-district`).selectOption({ label: district });
  await page.locator(`#${prefix}-upazila`).selectOption({ label: upazila });
}

/** The SweetAlert2 dialog currently shown. */
const dialog = (page: Page) => page.locator('.swal2-popup');

/** Removes console errors a test provokes on purpose (a refused request logs one in Chromium). */
function expectConsoleErrors(consoleErrors: string[], pattern: RegExp) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (pattern.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
}

test.describe('registration, profile and login', () => {
  test('a new donor registers, edits the profile, logs out and logs back in', async ({ page }) => {
    const email = uniqueEmail('reg');
    await page.goto('/register');
    await expect(mainHeading(page)).toHaveText(PAGE_HEADINGS.register);
    await expect(page.getByText(ACCOUNT_TEXTS.registerInvite)).toBeVisible();

    await page.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pictureBytes() });
    await page.getByLabel('Full name').fill('Rahima Akter');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Blood Group').selectOption('B+');
    await chooseLocation(page, 'register', 'Chattogram', 'Comilla', 'Debidwar');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: ACCOUNT_TEXTS.createAccount }).click();

    await expect(dialog(page)).toContainText(USER_MESSAGES.userCreated);
    await expect(page).toHaveURL(/\/$/);
    const accountMenu = page.getByRole('button', { name: 'Account menu for Rahima Akter' });
    await expect(accountMenu).toBeVisible();
    await expect(accountMenu.locator('img')).toHaveAttribute('src', /\/api\/images\//);

    // The profile shows what was registered.
    await page.goto('/dashboard/profile');
    const main = page.getByRole('main');
    await expect(mainHeading(page)).toHaveText(ACCOUNT_TEXTS.profileHeading);
    for (const text of ['Rahima Akter', email, 'B+', 'Chattogram', 'Comilla', 'Debidwar']) await expect(main.getByText(text, { exact: true })).toBeVisible();

    // Edit: the form is prefilled, location included; change the name and the location.
    await main.getByRole('button', { name: ACCOUNT_TEXTS.edit }).click();
    await expect(main.getByRole('heading', { name: USER_MESSAGES.profileTitle })).toBeFocused();
    await expect(main.getByLabel('Full name')).toHaveValue('Rahima Akter');
    await expect(main.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(main.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
    await expect(main.getByLabel('Blood Group')).toHaveValue('B+');
    await expect(main.locator('#profile-upazila option:checked')).toHaveText('Debidwar');
    await main.getByLabel('Full name').fill('Rahima Begum');
    await chooseLocation(page, 'profile', 'Dhaka', 'Gazipur', 'Kaliakair');
    await main.getByRole('button', { name: ACCOUNT_TEXTS.saveProfile }).click();

    await expect(dialog(page)).toContainText(USER_MESSAGES.userCreated);
    await expect(main.getByRole('button', { name: ACCOUNT_TEXTS.edit })).toBeVisible();
    for (const text of ['Rahima Begum', 'Dhaka', 'Gazipur', 'Kaliakair']) await expect(main.getByText(text, { exact: true })).toBeVisible();

    // Saving again without a change: "No Changes".
    await main.getByRole('button', { name: ACCOUNT_TEXTS.edit }).click();
    await main.getByRole('button', { name: ACCOUNT_TEXTS.saveProfile }).click();
    await expect(page.getByText(DONATION_MESSAGES.noChanges)).toBeVisible();
    await main.getByRole('button', { name: ACCOUNT_TEXTS.cancel }).click();

    // Log out from the site's navbar, then log in through the form.
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu for Rahima Begum' }).click();
    await page.getByRole('button', { name: NAV_LABELS.logout }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: NAV_LABELS.login })).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: ACCOUNT_TEXTS.login, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account menu for Rahima Begum' })).toBeVisible();
  });

  test('a file that is not a picture is refused with the "Oops..." dialog', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(dialog(page)).toContainText(IMAGE_ERROR_TITLE);
    await expect(dialog(page)).toContainText(IMAGE_ERROR_TEXT);
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(page.getByLabel('Photo')).toHaveValue('');
  });

  test('validation messages appear once a field is touched', async ({ page }) => {
    await page.goto('/register');
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password', { exact: true });

    // Nothing shows before a field is touched.
    await expect(page.getByText(USER_MESSAGES.passwordRequired)).toHaveCount(0);
    await password.focus();
    await password.blur();
    await expect(page.getByText(USER_MESSAGES.passwordRequired)).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(USER_MESSAGES.passwordRequired);

    await password.fill('Ab1!');
    await expect(page.getByText(USER_MESSAGES.passwordMin)).toBeVisible();
    await password.fill('Abcdefgh1!Abcdefgh1!X');
    await expect(page.getByText(USER_MESSAGES.passwordMax)).toBeVisible();
    await password.fill('abcdefg1!');
    await expect(page.getByText(USER_MESSAGES.passwordPattern)).toBeVisible();
    await password.fill(PASSWORD);
    await expect(page.getByText(USER_MESSAGES.passwordPattern)).toHaveCount(0);

    await confirm.fill('Secret#13');
    await confirm.blur();
    await expect(page.getByText(USER_MESSAGES.passwordMismatch)).toBeVisible();
    await confirm.fill(PASSWORD);
    await expect(page.getByText(USER_MESSAGES.passwordMismatch)).toHaveCount(0);

    // Show/hide.
    await page.getByRole('button', { name: 'Show password', exact: true }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password', exact: true }).click();
    await expect(password).toHaveAttribute('type', 'password');

    // Submitting the rest empty shows every other rule.
    await page.getByRole('button', { name: ACCOUNT_TEXTS.createAccount }).click();
    for (const message of [
      USER_MESSAGES.photoRequired,
      USER_MESSAGES.nameRequired,
      USER_MESSAGES.emailRequired,
      USER_MESSAGES.bloodGroupRequired,
      USER_MESSAGES.divisionRequired,
      USER_MESSAGES.districtRequired,
      USER_MESSAGES.upazilaRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
  });

  test('an email that is already registered is reported under the email field', async ({ page, request, consoleErrors }) => {
    const existing = await registerViaApi(request);
    await page.goto('/register');
    await page.getByLabel('Photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await pictureBytes('jpeg') });
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Blood Group').selectOption('A-');
    await chooseLocation(page, 'register', 'Chattogram', 'Comilla', 'Debidwar');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: ACCOUNT_TEXTS.createAccount }).click();
    const emailField = page.getByLabel('Email');
    await expect(emailField).toHaveAccessibleDescription(USER_MESSAGES.emailTaken);
    await expect(emailField).toBeFocused();
    await expect(page).toHaveURL(/\/register$/);
    expectConsoleErrors(consoleErrors, /status of 409/);
  });

  test('a wrong password shows the server message', async ({ page, request, consoleErrors }) => {
    const user = await registerViaApi(request);
    await page.goto('/login');
    await expect(mainHeading(page)).toHaveText(PAGE_HEADINGS.login);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#123');
    await page.getByRole('button', { name: ACCOUNT_TEXTS.login, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(USER_MESSAGES.invalidCredentials);
    await expect(page).toHaveURL(/\/login$/);
    expectConsoleErrors(consoleErrors, /status of 401/);
  });

  test('login validates on touch, and returns to the page the visitor was going to', async ({ page, request }) => {
    const user = await registerViaApi(request);
    await page.goto('/dashboard/profile');
    await expect(page).toHaveURL(/\/login$/);
    const email = page.getByLabel('Email');
    await email.focus();
    await email.blur();
    await expect(page.getByText(USER_MESSAGES.loginEmailRequired)).toBeVisible();
    await email.fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: ACCOUNT_TEXTS.login, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(mainHeading(page)).toHaveText(ACCOUNT_TEXTS.profileHeading);
  });

  test('the login form validates and signs in even while its validation code is still downloading', async ({ page, request }) => {
    const user = await registerViaApi(request);
    // Hold the validation chunk back until the visitor has already touched a field and submitted.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/login-resolver-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    const email = page.getByLabel('Email');
    await email.focus();
    await email.blur();
    await page.getByRole('button', { name: ACCOUNT_TEXTS.login, exact: true }).click();
    await expect(page.getByText(USER_MESSAGES.loginEmailRequired)).toBeHidden();
    release();
    await expect(page.getByText(USER_MESSAGES.loginEmailRequired)).toBeVisible();
    await email.fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: ACCOUNT_TEXTS.login, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a failed social sign-in is explained', async ({ page }) => {
    await page.goto('/login?error=social');
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.socialFailure);
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`login and register pass axe (WCAG 2 AA) in ${theme}`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      for (const path of ['/login?error=social', '/register']) {
        await page.goto(path);
        await expect(mainHeading(page)).toBeVisible();
        if (path === '/register') {
          // With every message shown: their colour must meet AA too.
          await page.getByRole('button', { name: ACCOUNT_TEXTS.createAccount }).click();
          await expect(page.getByText(USER_MESSAGES.photoRequired)).toBeVisible();
        }
        const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
        expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes[0]?.failureSummary ?? ''}`)).toEqual([]);
      }
    });
  }
});

test.describe('admin: all users', () => {
  test('blocks, activates and changes the role of a user', async ({ page, request }) => {
    const donor = await registerViaApi(request, { name: 'Karim Uddin' });
    // Other workers register users all the time, so the newest-first list is narrowed to this
    // donor (a reload after a change would otherwise push them off the first page).
    await signIn(page, ADMIN, `/dashboard/allUsers?q=${encodeURIComponent(donor.email)}`);
    await expect(mainHeading(page)).toHaveText(ACCOUNT_TEXTS.allUsersHeading);
    await expect(page.getByText('Total Users: 1')).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: donor.email });
    const roleCell = row.getByRole('cell').nth(4);
    await expect(roleCell).toHaveText('donner');
    await expect(row.getByRole('button', { name: /^Activate/ })).toHaveCount(0);
    // Only the allowed role moves are offered.
    await expect(row.getByRole('button', { name: /^Make / })).toHaveText(['Make Volunteer (Karim Uddin)', 'Make Admin (Karim Uddin)']);

    await row.getByRole('button', { name: 'Block Karim Uddin' }).click();
    await expect(dialog(page)).toContainText(USER_MESSAGES.confirmTitle);
    await dialog(page).getByRole('button', { name: 'Yes, block' }).click();
    await expect(dialog(page)).toContainText(USER_MESSAGES.accountBlocked);
    await expect(row.getByText('blocked', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Block/ })).toHaveCount(0);

    // The filter shows them among the blocked users.
    await page.getByLabel('Filter by status').selectOption('blocked');
    await expect(page).toHaveURL(/status=blocked/);
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Activate Karim Uddin' }).click();
    await dialog(page).getByRole('button', { name: 'Yes, activate' }).click();
    await expect(dialog(page)).toContainText(USER_MESSAGES.accountActive);
    await page.getByLabel('Filter by status').selectOption('');
    await expect(row.getByText('active', { exact: true })).toBeVisible();

    // Cancelling changes nothing.
    await row.getByRole('button', { name: 'Make Volunteer (Karim Uddin)' }).click();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(roleCell).toHaveText('donner');

    await row.getByRole('button', { name: 'Make Volunteer (Karim Uddin)' }).click();
    await dialog(page).getByRole('button', { name: 'Yes, make volunteer' }).click();
    await expect(dialog(page)).toContainText(USER_MESSAGES.roleChanged.volunteer);
    await expect(roleCell).toHaveText('volunteer');
    await expect(row.getByRole('button', { name: /^Make / })).toHaveText(['Make Donner (Karim Uddin)', 'Make Admin (Karim Uddin)']);
  });

  test("a refused change (the last admin) shows the server's message", async ({ page, request, consoleErrors }) => {
    const donor = await registerViaApi(request, { name: 'Nasrin Begum' });
    await signIn(page, ADMIN, `/dashboard/allUsers?q=${encodeURIComponent(donor.email)}`);
    // Demoting the real last admin would break every other test running now: the server's
    // answer is stood in for.
    await page.route(/\/api\/users\?role=/, (route) =>
      route.fulfill({ status: 409, json: { message: USER_MESSAGES.lastAdmin, code: 'LAST_ADMIN' } }),
    );
    const row = page.getByRole('row').filter({ hasText: donor.email });
    await row.getByRole('button', { name: 'Make Admin (Nasrin Begum)' }).click();
    await dialog(page).getByRole('button', { name: 'Yes, make admin' }).click();
    await expect(dialog(page)).toContainText(USER_MESSAGES.lastAdmin);
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(row.getByRole('cell').nth(4)).toHaveText('donner');
    expectConsoleErrors(consoleErrors, /status of 409/);
  });

  test('a signed-in donor opening the page lands on the home page', async ({ page, request }) => {
    const donor = await registerViaApi(request);
    await signIn(page, donor, '/dashboard/allUsers');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
