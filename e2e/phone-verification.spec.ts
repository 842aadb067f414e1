import { expect, type Page } from '@playwright/test';
import { registrationBody } from '../test/registration-body';
import { ADMIN, pictureBytes, uniqueEmail } from './api';
import { axeSerious, BANGLA_INIT, noSidewaysScroll } from './i18n-check';
import { LOOKS, shooter, wear } from './screenshots';
import { test } from './texting';

// Issue 32: a donor verifies their phone from the profile, with the code the SMS brought, on a
// server that sends SMS (e2e/texting.ts). With SCREENSHOTS=1 the profile before and after, in both
// languages and themes, goes to screenshots/phone/ (git-ignored).

let nextNumber = 5_000_000;
const freshPhone = () => `0171${String(++nextNumber).padStart(7, '0')}`;

/** A donor with a phone on their profile (not verified), signed in on `page`. */
async function donorWithPhone(page: Page, baseUrl: string, phone: string) {
  const upload = await page.request.post(`${baseUrl}/api/images`, { multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: await pictureBytes() } }, headers: { origin: baseUrl } });
  const avatar = ((await upload.json()) as { data: { display_url: string } }).data.display_url;
  const email = uniqueEmail('phone');
  const registered = await page.request.post(`${baseUrl}/api/users`, { data: registrationBody({ name: 'Rahima Khatun', email, avatar }, { phone }), headers: { origin: baseUrl } });
  expect(registered.status(), await registered.text()).toBe(201);
  return email;
}

test('a donor verifies their phone with the code the SMS brought', async ({ page, texting }) => {
  const { baseUrl, smsc } = texting;
  const phone = freshPhone();
  await donorWithPhone(page, baseUrl, phone);
  await page.goto(`${baseUrl}/dashboard/profile`);
  const main = page.getByRole('main');
  await expect(main.getByText('Not verified', { exact: true })).toBeVisible();
  const panel = main.getByRole('region', { name: 'Verify your phone' });
  await expect(panel).toContainText(`+880 ${phone.slice(1, 5)}-${phone.slice(5)}`);
  await panel.getByRole('button', { name: 'Send the code' }).click();
  await expect(panel.getByRole('status')).toContainText('We sent a code to');

  const wire = `88${phone}`;
  await expect.poll(() => smsc.submitted.filter((m) => m.to === wire).length, { timeout: 20_000 }).toBe(1);
  const code = /\b(\d{6})\b/.exec(smsc.submitted.find((m) => m.to === wire)!.text)![1]!;

  // A wrong code first: the server's words, and the field says it is wrong.
  const field = panel.getByLabel('Code from the SMS');
  await field.fill(code === '000000' ? '111111' : '000000');
  await panel.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(panel.getByRole('alert')).toHaveText('That code is not right, or it has expired. Ask for a new one.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code);
  await panel.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await page.reload();
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();
});

test('a donor with a verified phone logs in with a code instead of the password', async ({ page, texting }) => {
  // A number gets one code a minute: the login's code comes a minute after the verification's.
  test.setTimeout(150_000);
  const { baseUrl, smsc } = texting;
  const phone = freshPhone();
  const wire = `88${phone}`;
  const codeOf = async (n: number) => {
    await expect.poll(() => smsc.submitted.filter((m) => m.to === wire).length, { timeout: 20_000 }).toBe(n);
    return /\b(\d{6})\b/.exec(smsc.submitted.filter((m) => m.to === wire)[n - 1]!.text)![1]!;
  };
  const email = await donorWithPhone(page, baseUrl, phone);
  // Verified as the profile does it (the session of the registration), then signed out.
  await page.request.post(`${baseUrl}/api/auth/phone-number/send-otp`, { data: { phoneNumber: phone }, headers: { origin: baseUrl } });
  const verified = await page.request.post(`${baseUrl}/api/auth/phone-number/verify`, { data: { phoneNumber: phone, code: await codeOf(1) }, headers: { origin: baseUrl } });
  expect(verified.status(), await verified.text()).toBe(200);
  const firstCodeAt = Date.now();
  await page.context().clearCookies();

  await page.goto(`${baseUrl}/login`);
  await page.getByRole('tab', { name: 'With phone' }).click();
  const panel = page.getByRole('tabpanel', { name: 'With phone' });
  await panel.getByLabel('Mobile number').fill('12345');
  await panel.getByRole('button', { name: 'Send me a code' }).click();
  await expect(panel.getByText('Enter a Bangladesh mobile number, like 01712345678')).toBeVisible();
  await page.waitForTimeout(Math.max(0, firstCodeAt + 61_000 - Date.now()));
  await panel.getByLabel('Mobile number').fill(phone.replace(/^(\d{5})/, '$1-'));
  await panel.getByRole('button', { name: 'Send me a code' }).click();
  await expect(panel.getByRole('status')).toContainText('We sent a 6-digit code to');
  await panel.getByLabel('Code from the SMS').fill(await codeOf(2));
  await panel.getByRole('button', { name: 'Log in with the code' }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
  await page.goto(`${baseUrl}/dashboard/profile`);
  await expect(page.getByRole('main')).toContainText(email);
});

test('the phone panel in both languages, on a phone and a desktop', async ({ browser, texting }) => {
  test.setTimeout(180_000);
  const { baseUrl, smsc } = texting;
  for (const look of process.env.SCREENSHOTS ? LOOKS : LOOKS.filter((l) => l.theme === 'light')) {
    for (const bangla of [false, true]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await wear(page, look);
      if (bangla) await page.addInitScript(BANGLA_INIT);
      const label = `${bangla ? 'bn' : 'en'} ${look.viewport.name} ${look.theme}`;
      const phone = freshPhone();
      await donorWithPhone(page, baseUrl, phone);
      await page.goto(`${baseUrl}/dashboard/profile`);
      const panel = page.getByRole('region', { name: bangla ? 'আপনার ফোন যাচাই করুন' : 'Verify your phone' });
      await expect(panel).toBeVisible();
      await noSidewaysScroll(page, `phone ${label}`);
      await axeSerious(page, `phone ${label}`);
      const shoot = shooter(page, 'screenshots/phone', look);
      if (process.env.SCREENSHOTS) await shoot(`profile-${bangla ? 'bn' : 'en'}`);
      await panel.getByRole('button', { name: bangla ? 'কোড পাঠান' : 'Send the code' }).click();
      await expect(panel.getByRole('status')).toBeVisible();
      await expect.poll(() => smsc.submitted.filter((m) => m.to === `88${phone}`).length, { timeout: 20_000 }).toBe(1);
      const sms = smsc.submitted.find((m) => m.to === `88${phone}`)!;
      // The code comes in the page's language.
      expect(sms.text).toContain(bangla ? 'ব্লাড ডোনেশন কোড' : 'is your Blood Donation code');
      // A wrong code, in the page's digits: the refusal is shown in the page's language.
      const right = /\b(\d{6})\b/.exec(sms.text)![1]!;
      const wrong = right === '000000' ? '111111' : '000000';
      await panel.getByLabel(bangla ? 'এসএমএসে পাওয়া কোড' : 'Code from the SMS').fill(bangla ? wrong.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d))) : wrong);
      await panel.getByRole('button', { name: bangla ? 'যাচাই করুন' : 'Verify', exact: true }).click();
      await expect(panel.getByRole('alert')).toHaveText(bangla ? 'কোডটি সঠিক নয়, অথবা এর মেয়াদ শেষ। নতুন কোড চান।' : 'That code is not right, or it has expired. Ask for a new one.');
      await axeSerious(page, `phone code ${label}`);
      if (process.env.SCREENSHOTS) await shoot(`code-${bangla ? 'bn' : 'en'}`);
      // Login's phone tab, with a code asked for.
      await context.clearCookies();
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('tab', { name: bangla ? 'ফোন দিয়ে' : 'With phone' }).click();
      const tab = page.getByRole('tabpanel', { name: bangla ? 'ফোন দিয়ে' : 'With phone' });
      await tab.getByLabel(bangla ? 'মোবাইল নম্বর' : 'Mobile number').fill(freshPhone());
      await tab.getByRole('button', { name: bangla ? 'আমাকে কোড পাঠান' : 'Send me a code' }).click();
      await expect(tab.getByRole('status')).toBeVisible();
      await noSidewaysScroll(page, `login phone ${label}`);
      await axeSerious(page, `login phone ${label}`);
      if (process.env.SCREENSHOTS) await shoot(`login-${bangla ? 'bn' : 'en'}`);
      // Register's phone tab (issue 32), at the code and the donor's details.
      await page.goto(`${baseUrl}/register`);
      await page.getByRole('tab', { name: bangla ? 'ফোন দিয়ে' : 'With phone' }).click();
      const signUp = page.getByRole('tabpanel', { name: bangla ? 'ফোন দিয়ে' : 'With phone' });
      await signUp.getByLabel(bangla ? 'মোবাইল নম্বর' : 'Mobile number').fill(freshPhone());
      await signUp.getByRole('button', { name: bangla ? 'আমাকে কোড পাঠান' : 'Send me a code' }).click();
      await expect(signUp.getByLabel(bangla ? 'এসএমএসে পাওয়া কোড' : 'Code from the SMS')).toBeVisible();
      await noSidewaysScroll(page, `register phone ${label}`);
      await axeSerious(page, `register phone ${label}`);
      if (process.env.SCREENSHOTS) await shoot(`register-${bangla ? 'bn' : 'en'}`);
      await context.close();
    }
  }
});

test("the admin home counts the site's SMS, in both languages", async ({ browser, texting }) => {
  test.setTimeout(120_000);
  const { baseUrl, smsc } = texting;
  // One code more, sent to a number no account has (a sign-in's first step): a message of one segment.
  const phone = freshPhone();
  const asked = await browser.newContext();
  await asked.request.post(`${baseUrl}/api/auth/phone-number/send-otp`, { data: { phoneNumber: phone }, headers: { origin: baseUrl } });
  await asked.close();
  await expect.poll(() => smsc.submitted.filter((m) => m.to === `88${phone}`).length, { timeout: 20_000 }).toBe(1);

  for (const look of process.env.SCREENSHOTS ? LOOKS : LOOKS.filter((l) => l.theme === 'light')) {
    for (const bangla of [false, true]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await wear(page, look);
      if (bangla) await page.addInitScript(BANGLA_INIT);
      const label = `sms usage ${bangla ? 'bn' : 'en'} ${look.viewport.name} ${look.theme}`;
      const signedIn = await page.request.post(`${baseUrl}/api/auth/sign-in/email`, { data: ADMIN, headers: { origin: baseUrl } });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      await page.goto(`${baseUrl}/dashboard/adminHome`);
      const panel = page.getByRole('region', { name: bangla ? 'টেক্সট মেসেজ (এসএমএস)' : 'Text messages (SMS)' });
      // Today's messages: at least the code above, once the gateway took it (a count in the page's digits).
      const today = panel.getByRole('row', { name: bangla ? /^মেসেজ/ : /^Messages/ }).getByRole('cell').first();
      await expect(async () => {
        await page.reload();
        await expect(today).toHaveText(bangla ? /^[১-৯][০-৯]*$/ : /^[1-9]\d*$/, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(panel.getByRole('row', { name: bangla ? /^পৌঁছায়নি/ : /^Not delivered/ }).getByRole('cell').first()).toHaveText(bangla ? '০' : '0');
      await noSidewaysScroll(page, label);
      await axeSerious(page, label);
      if (process.env.SCREENSHOTS) await shooter(page, 'screenshots/phone', look)(`admin-sms-${bangla ? 'bn' : 'en'}`);
      await context.close();
    }
  }
});
