import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { PASSWORD, registrationBody } from '../test/registration-body';
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process';
import { startSmtpStandIn, type SmtpStandIn } from '../test/smtp-stand-in';
import { ACCOUNT_TEXTS } from '../src/web/users/form/messages';
import { pictureBytes, uniqueEmail } from './api';
import { axeSerious, BANGLA_INIT, noSidewaysScroll } from './i18n-check';
import { LOOKS, shooter, wear } from './screenshots';

// Issue 38: "Forgot password?" as a person uses it. The suite's own server sends no email, so
// this spec starts one of its own that does (a real server process on a fresh embedded database,
// mailing through the SMTP stand-in): Login's link, the address, the mail, its link, the new
// password, Login with it. With SCREENSHOTS=1 both pages in both languages and themes go to
// screenshots/password-reset/ (git-ignored).

const NEW_PASSWORD = 'Fresh#2026';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no test-scoped fixtures, one worker-scoped
const test = base.extend<{}, { mailing: { server: ServerProcess; smtp: SmtpStandIn; baseUrl: string } }>({
  mailing: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use) => {
      const [smtp, dataDir, port] = await Promise.all([startSmtpStandIn(), fs.mkdtemp(path.join(os.tmpdir(), 'bd-e2e-reset-')), freePort()]);
      // A port of its own, known before it starts: the mail's link is built from PUBLIC_URL's.
      const server = await startServerProcess({
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: smtp.url,
        WEB_DIST_DIR: path.resolve('dist/web'),
        NEW_ACCOUNT_HOURS: '0',
      });
      try {
        await use({ server, smtp, baseUrl: `http://localhost:${server.port}` });
      } finally {
        process.kill(-server.child.pid!, 'SIGTERM');
        await server.exited;
        await smtp.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test('a donor who forgot the password gets a link by email, chooses a new one and logs in with it', async ({ page, mailing }) => {
  const { baseUrl, smtp } = mailing;
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));

  // An account on that server, registered as the register form does.
  const email = uniqueEmail('forgot');
  const upload = await page.request.post(`${baseUrl}/api/images`, {
    multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: await pictureBytes() } },
    headers: { origin: baseUrl },
  });
  const avatar = ((await upload.json()) as { data: { display_url: string } }).data.display_url;
  const registered = await page.request.post(`${baseUrl}/api/users`, { data: registrationBody({ name: 'Forgetful Donor', email, avatar }), headers: { origin: baseUrl } });
  expect(registered.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account uses ${email}, a link to choose a new password is on its way.`);

  await expect.poll(() => smtp.messages.filter((m) => m.subject === 'Reset your password' && m.envelopeTo.includes(email)).length, { timeout: 20_000 }).toBe(1);
  const mail = smtp.messages.find((m) => m.subject === 'Reset your password' && m.envelopeTo.includes(email))!;
  const link = /http:\/\/localhost:\d+\/reset-password\?token=\S+/.exec(mail.text)![0];

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill('Other#2026');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('* Password do not match')).toBeVisible();
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password was changed. Log in with the new one.');

  // The link is spent: a second use says so and offers a new one.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Again#2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Again#2026');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link is not valid or has expired: ask for a new one');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  // The old password is refused, the new one logs in.
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: ACCOUNT_TEXTS.login }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: ACCOUNT_TEXTS.login }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
  // The spent link's 400 and the old password's 401, which the browser logs as failed
  // resources, are the only errors.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)', 'Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
});

test('the forgot and reset pages in both languages, on a phone and a desktop', async ({ browser, mailing }) => {
  test.setTimeout(120_000);
  for (const look of process.env.SCREENSHOTS ? LOOKS : LOOKS.filter((l) => l.theme === 'light')) {
    for (const bangla of [false, true]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await wear(page, look);
      if (bangla) await page.addInitScript(BANGLA_INIT);
      const label = `${bangla ? 'bn' : 'en'} ${look.viewport.name} ${look.theme}`;
      await page.goto(`${mailing.baseUrl}/forgot-password`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(bangla ? 'পাসওয়ার্ড ভুলে গেছেন?' : 'Forgot your password?');
      await noSidewaysScroll(page, `forgot ${label}`);
      await axeSerious(page, `forgot ${label}`);
      if (process.env.SCREENSHOTS) await shooter(page, 'screenshots/password-reset', look)(`forgot-${bangla ? 'bn' : 'en'}`);
      await page.goto(`${mailing.baseUrl}/reset-password?token=made-up`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(bangla ? 'নতুন পাসওয়ার্ড বেছে নিন' : 'Choose a new password');
      await noSidewaysScroll(page, `reset ${label}`);
      await axeSerious(page, `reset ${label}`);
      if (process.env.SCREENSHOTS) await shooter(page, 'screenshots/password-reset', look)(`reset-${bangla ? 'bn' : 'en'}`);
      await context.close();
    }
  }
});
