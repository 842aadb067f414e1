import type { Browser, BrowserContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { registrationBody } from '../test/registration-body';
import { pictureBytes, uniqueEmail } from './api';
import { axeSerious } from './i18n-check';
import { LOOKS, shooter, wear } from './screenshots';
import { type Texting, test } from './texting';

// Issue 32: a donor who has only a phone's SMS answers an alert. A family creates a critical
// request; the donor's phone (the SMSC stand-in) gets the alert SMS, answers "1 CODE", and gets the
// family's phone back by SMS; the family's request page shows the pledge and that the donor was
// reached by SMS. Then the alert's short link, opened with JavaScript off as on the cheapest
// phones. With SCREENSHOTS=1 the link's page goes to screenshots/sms/ in every look.

let nextNumber = 6_000_000;
const freshPhone = () => `0171${String(++nextNumber).padStart(7, '0')}`;

/** An account registered and signed in in its own browser context (a B+ donor, or a family member). */
async function account(browser: Browser, texting: Texting, overrides: Record<string, string>) {
  const { baseUrl } = texting;
  const context = await browser.newContext({ baseURL: baseUrl });
  const upload = await context.request.post('/api/images', { multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: await pictureBytes() } }, headers: { origin: baseUrl } });
  const avatar = ((await upload.json()) as { data: { display_url: string } }).data.display_url;
  const email = uniqueEmail('sms');
  const res = await context.request.post('/api/users', { data: registrationBody({ name: overrides.name ?? 'Rahima Khatun', email, avatar }, overrides), headers: { origin: baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  return { context, email };
}

/** Proves the phone of the account signed in in `context`, with the code the SMS brought. */
async function verifyPhone(context: BrowserContext, texting: Texting, phone: string) {
  const { baseUrl, smsc } = texting;
  const wire = `88${phone}`;
  const before = smsc.submitted.filter((m) => m.to === wire).length;
  await context.request.post('/api/auth/phone-number/send-otp', { data: { phoneNumber: phone }, headers: { origin: baseUrl } });
  await expect.poll(() => smsc.submitted.filter((m) => m.to === wire).length, { timeout: 20_000 }).toBe(before + 1);
  const code = /\b(\d{6})\b/.exec(smsc.submitted.filter((m) => m.to === wire).at(-1)!.text)![1]!;
  const res = await context.request.post('/api/auth/phone-number/verify', { data: { phoneNumber: phone, code }, headers: { origin: baseUrl } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A family member without email signs up on /register's "With phone" tab, with the code the SMS
 * brought, in a context of their own; the page is left on the home page, signed in.
 */
async function phoneSignUp(browser: Browser, texting: Texting, phone: string, name: string) {
  const { baseUrl, smsc } = texting;
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/register');
  await page.getByRole('tab', { name: 'With phone' }).click();
  const panel = page.getByRole('tabpanel', { name: 'With phone' });
  await panel.getByLabel('Mobile number').fill(phone);
  await panel.getByRole('button', { name: 'Send me a code' }).click();
  await expect.poll(() => smsc.submitted.filter((m) => m.to === `88${phone}`).length, { timeout: 20_000 }).toBe(1);
  const code = /\b(\d{6})\b/.exec(smsc.submitted.find((m) => m.to === `88${phone}`)!.text)![1]!;
  await panel.getByLabel('Code from the SMS').fill(code);
  await panel.getByLabel('Full name').fill(name);
  await panel.getByLabel('Blood Group').selectOption('A+');
  await panel.locator('#register-phone-division').selectOption('1');
  await panel.locator('#register-phone-district').selectOption('1');
  await panel.locator('#register-phone-upazila').selectOption('1');
  await panel.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible({ timeout: 20_000 });
  return { context, page };
}

/** A critical request in Debidwar (division, district and upazila 1), created by the family signed in in `context` (named by its email or, without one, its proven phone). */
async function criticalRequest(context: BrowserContext, who: { email: string } | { phoneNumber: string }, overrides: Record<string, unknown>): Promise<string> {
  const token = ((await (await context.request.post('/api/jwt', { data: who })).json()) as { token: string }).token;
  const created = await context.request.post('/api/donationRequest', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      recipientName: 'Ayesha Begum',
      hospitalName: 'Comilla Medical College Hospital',
      fullAddress: 'Kuchaitoli, Comilla',
      donationDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      donationTime: '10:30',
      requestMessage: 'Ask for Karim at the reception',
      recipientDivision: '1',
      recipientDistrict: '1',
      recipientUpazila: '1',
      contactPhone: '01911223344',
      urgency: 'critical',
      ...overrides,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { insertedId: string }).insertedId;
}

test('a family signs up with a phone and asks for blood; a donor answers the alert SMS with "1 CODE"; the family sees the pledge, reached by SMS', async ({ browser, texting }) => {
  test.setTimeout(150_000);
  const { smsc } = texting;
  const phone = freshPhone();
  const wire = `88${phone}`;
  const donor = await account(browser, texting, { blood_group: 'B+', phone });
  await verifyPhone(donor.context, texting, phone);

  // The family has a phone and no email (issue 32).
  const familyPhone = freshPhone();
  const family = await phoneSignUp(browser, texting, familyPhone, 'Karim Uddin');
  const { page } = family;
  const id = await criticalRequest(family.context, { phoneNumber: familyPhone }, { bloodGroup: 'B+' });

  // The alert SMS: critical, so at once, with its reply code and short link.
  await expect.poll(() => smsc.submitted.filter((m) => m.to === wire && /Reply 1 \w{4}/.test(m.text)).length, { timeout: 30_000 }).toBe(1);
  const alert = smsc.submitted.find((m) => m.to === wire && /Reply 1 \w{4}/.test(m.text))!.text;
  expect(alert).toMatch(/^CRITICAL: B\+ blood, 1 unit, at Comilla Medical College Hos/);
  const code = /Reply 1 (\w{4})/.exec(alert)![1]!;
  const link = /(https?:\/\/\S+\/r\/[\w-]{8})$/.exec(alert)![1]!;

  await smsc.sendInbound(wire, `1 ${code}`);
  await expect.poll(() => smsc.submitted.filter((m) => m.to === wire && m.text.includes('01911223344')).length, { timeout: 20_000 }).toBe(1);
  expect(smsc.submitted.filter((m) => m.to === wire).at(-1)!.text).toMatch(/^Thank you! Please call the family now on 01911223344\./);

  await page.goto(`/dashboard/userHome/viewDetails/${id}`);
  const progress = page.getByRole('region', { name: 'Search for donors' });
  await expect(progress).toContainText('By text message (SMS): 1.');
  await expect(progress).toContainText('1 donor said yes.');
  await expect(page.getByRole('main')).toContainText('Rahima Khatun');

  // The short link, opened without JavaScript: the donor already said yes, so no buttons.
  const path = new URL(link).pathname;
  const nojs = await browser.newContext({ baseURL: texting.baseUrl, javaScriptEnabled: false });
  const linkPage = await nojs.newPage();
  await linkPage.goto(path);
  await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('B+ blood needed');
  await expect(linkPage.getByText('You pledged to donate')).toBeVisible();
  await expect(linkPage.getByRole('button')).toHaveCount(0);
  await Promise.all([donor.context.close(), family.context.close(), nojs.close()]);
});

test('the short link answers with JavaScript off, in the donor\u2019s language, on every look', async ({ browser, texting }) => {
  test.setTimeout(180_000);
  const { smsc } = texting;
  for (const lang of ['en', 'bn'] as const) {
    const phone = freshPhone();
    const wire = `88${phone}`;
    const donor = await account(browser, texting, { blood_group: 'O-', phone, name: lang === 'bn' ? 'রহিমা খাতুন' : 'Rahima Khatun' });
    await verifyPhone(donor.context, texting, phone);
    const token = ((await (await donor.context.request.post('/api/jwt', { data: { email: donor.email } })).json()) as { token: string }).token;
    await donor.context.request.patch(`/api/users/${encodeURIComponent(donor.email)}/notification-settings`, { headers: { authorization: `Bearer ${token}` }, data: { language: lang } });
    const family = await account(browser, texting, { name: 'Karim Uddin', blood_group: 'A+' });
    await criticalRequest(family.context, { email: family.email }, { bloodGroup: 'O-', unitsNeeded: 2, ...(lang === 'bn' && { hospitalName: 'কুমিল্লা মেডিকেল কলেজ হাসপাতাল' }) });
    const linkOf = () => smsc.submitted.find((m) => m.to === wire && /\/r\/[\w-]{8}$/.test(m.text))?.text;
    await expect.poll(linkOf, { timeout: 30_000 }).toBeTruthy();
    const path = new URL(/(https?:\/\/\S+\/r\/[\w-]{8})$/.exec(linkOf()!)![1]!).pathname;

    for (const look of process.env.SCREENSHOTS ? LOOKS : LOOKS.filter((l) => l.theme === 'light')) {
      // The page follows the phone's own dark mode (no script to read a stored theme). It has no
      // script of its own, so it looks the same with JavaScript on, which axe needs to run.
      const context = await browser.newContext({ baseURL: texting.baseUrl, colorScheme: look.theme });
      const page = await context.newPage();
      await wear(page, look);
      const label = `sms link ${lang} ${look.viewport.name} ${look.theme}`;
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('button', { name: lang === 'bn' ? 'হ্যাঁ, আমি রক্ত দিতে পারব' : 'Yes, I can donate' })).toBeVisible();
      // The phone's own fonts only (no web font to wait for): nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), label).toBeLessThanOrEqual(0);
      await axeSerious(page, label);
      if (process.env.SCREENSHOTS) await shooter(page, 'screenshots/sms', look)(`link-${lang}`);
      await context.close();
    }

    // The answer, as a plain form post from a page without scripts.
    const context = await browser.newContext({ baseURL: texting.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path);
    await page.getByRole('button', { name: lang === 'bn' ? 'হ্যাঁ, আমি রক্ত দিতে পারব' : 'Yes, I can donate' }).click();
    await expect(page.getByRole('link', { name: '01911223344' })).toHaveAttribute('href', 'tel:01911223344');
    if (process.env.SCREENSHOTS) await shooter(page, 'screenshots/sms', LOOKS[0]!)(`pledged-${lang}`);
    await Promise.all([context.close(), donor.context.close(), family.context.close()]);
  }
});
