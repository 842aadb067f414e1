import { ADMIN, signIn, uniqueEmail } from './api';
import { axeMain, expect, test } from './fixtures';
import { LOOKS, shooter, wear } from './screenshots';

// Screenshots of the home page's contact section (after sending), /privacy, /terms and the staff's
// list of messages (issue 38), at phone and desktop size, light and dark, in English and Bangla.
// Only for looking at: run with SCREENSHOTS=1. Pictures land in screenshots/contact/.

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the contact screenshots');
test.describe.configure({ timeout: 180_000 });

const DIR = 'screenshots/contact';

test.beforeAll(async ({ request }) => {
  for (const [name, message] of [
    ['Rahim Uddin', 'Can our school in Savar host a blood drive next month? We have about 200 students over 18.'],
    ['নুসরাত জাহান', 'আমার বাবার জন্য গত সপ্তাহে রক্ত পেয়েছি। সবাইকে ধন্যবাদ।'],
  ]) {
    await request.post('/api/contact-messages', { data: { name, email: uniqueEmail('sender'), message } });
  }
});

for (const look of LOOKS) {
  for (const code of ['en', 'bn'] as const) {
    test(`contact, privacy, terms and messages at ${look.viewport.name} px, ${look.theme}, ${code}`, async ({ page }) => {
      await wear(page, look);
      await page.addInitScript((c) => localStorage.setItem('lang', c), code);
      const shot = shooter(page, DIR, look);
      await page.goto('/');
      await page.locator('#contact-name').fill('Karim');
      await page.locator('#contact-email').fill(uniqueEmail('karim'));
      await page.locator('#contact-message').fill('Hello');
      await page.locator('#contact-heading').scrollIntoViewIfNeeded();
      await page.locator('form[aria-labelledby="contact-heading"] button[type="submit"]').click();
      await expect(page.getByRole('status').filter({ hasText: /\S/ }).first()).toBeVisible();
      await page.locator('section[aria-labelledby="contact-heading"]').screenshot({ path: `${DIR}/contact-${code}-${look.viewport.name}-${look.theme}.png` });
      await page.goto('/privacy');
      await shot(`privacy-${code}`);
      await axeMain(page, `privacy ${code}`);
      await page.goto('/terms');
      await shot(`terms-${code}`, false);
      await signIn(page, ADMIN, '/dashboard/contactMessages');
      await expect(page.locator('main li').first()).toBeVisible();
      await shot(`messages-${code}`);
      await axeMain(page, `messages ${code}`);
    });
  }
}
