import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { todayInDhaka } from '../src/shared/dates/model';
import { PAGE_ROUTES } from '../src/shared/routing/routes';
import { ADMIN, type NewUser, registerViaApi, signIn, tokenFor, uploadPicture } from './api';
import { expect, PHONE, test } from './fixtures';
import { axeSerious, BANGLA_INIT, expectNoEnglish, noSidewaysScroll } from './i18n-check';

// Issue 16's "done when": every route in Bangla mode, signed out, as a donor and as the admin, in
// both themes, at phone and desktop width: no English word left on the page but the allowed ones,
// no serious or critical axe violation, no sideways scroll at 360 px. The routes come from the
// route table (src/shared/routing/routes.ts), so a new page joins the sweep by being added there. Pages a
// role may not open are checked as what that role sees instead (the sign-in page, the refusal).

// Its own Playwright project, run before the others (playwright.config.ts); its tests in parallel.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

const ROLES = ['signed out', 'donor', 'admin'] as const;
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1280, height: 800 } },
] as const;

/**
 * Rightly English: the switch back to English, the admin account's name (the server seeds it as
 * "Administrator"), the exports' file format (CSV) and the editor's key names. Everything else the
 * sweep creates is written in Bangla, as users here would write it.
 */
const ALLOWED = ['English', 'Administrator', 'CSV', 'Ctrl', 'Alt', 'Shift'];

/** Every check soft: one run lists every page's leftovers. */
const soft = expect.configure({ soft: true });

const BANGLA_NAME = 'রহিমা আক্তার';

interface Ids {
  request: string;
  blog: string;
}

function dayFromToday(days: number): string {
  const d = new Date(`${todayInDhaka()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function setUp(request: APIRequestContext): Promise<{ donor: NewUser; ids: Ids }> {
  const donor = await registerViaApi(request, { name: BANGLA_NAME });
  const token = await tokenFor(request, donor);
  const created = await request.post('/api/donationRequest', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      recipientName: 'করিম উদ্দিন',
      bloodGroup: 'B+',
      hospitalName: 'কুমিল্লা মেডিকেল কলেজ হাসপাতাল',
      fullAddress: 'কুচাইতলী, কুমিল্লা সদর',
      donationDate: dayFromToday(3),
      donationTime: '10:30',
      requestMessage: 'অভ্যর্থনা কক্ষে রহিমাকে খুঁজবেন।',
      recipientDivision: '1',
      recipientDistrict: '1',
      recipientUpazila: '1',
      unitsNeeded: 2,
      urgency: 'urgent',
    },
  });
  if (created.status() !== 201) throw new Error(`request: ${created.status()} ${await created.text()}`);
  const adminHeaders = { authorization: `Bearer ${await tokenFor(request, ADMIN)}` };
  const blog = await request.post('/api/blog', {
    headers: adminHeaders,
    data: {
      blogTitle: 'প্রথমবার রক্ত দেওয়ার আগে যা জানা দরকার',
      content: '<p>রক্ত দেওয়ার আগের রাতে ভালো করে ঘুমান, সকালে খেয়ে আসুন আর বেশি করে পানি পান করুন। রক্তদানের পরে কিছুক্ষণ বিশ্রাম নিন।</p>',
      thumbnail: await uploadPicture(request),
    },
  });
  if (blog.status() !== 201) throw new Error(`blog: ${blog.status()} ${await blog.text()}`);
  const blogId = ((await blog.json()) as { insertedId: string }).insertedId;
  await request.patch(`/api/blog?status=published&&id=${blogId}`, { headers: adminHeaders });
  return { donor, ids: { request: ((await created.json()) as { insertedId: string }).insertedId, blog: blogId } };
}

/**
 * Leaves the database as it found it for the next project's specs (whose lists page by what they
 * wrote themselves): the request and the post deleted, the donor's account deleted (no longer listed).
 */
async function tearDown(request: APIRequestContext, donor: NewUser, ids: Ids) {
  const donorHeaders = { authorization: `Bearer ${await tokenFor(request, donor)}` };
  const adminHeaders = { authorization: `Bearer ${await tokenFor(request, ADMIN)}` };
  const answers = [
    await request.delete(`/api/donationRequest?id=${ids.request}`, { headers: donorHeaders }),
    await request.delete(`/api/blog?id=${ids.blog}`, { headers: adminHeaders }),
    await request.delete(`/api/users/${encodeURIComponent(donor.email)}`, { headers: donorHeaders, data: { confirmEmail: donor.email } }),
  ];
  for (const answer of answers) if (answer.status() !== 200) throw new Error(`tear-down: ${answer.url()} ${answer.status()} ${await answer.text()}`);
}

/** Every address of the route table with its parameters filled, the home page and a missing page. */
function addresses(ids: Ids): string[] {
  const paths = PAGE_ROUTES.filter((route) => route.path !== '/c') // /c is /funding's alias
    .map((route) =>
      route.path
        .replace(':id', route.path.includes('Blog') ? ids.blog : ids.request)
        .replace(':code', 'BD-0000-0000'),
    );
  return ['/', ...paths, '/no-such-page'];
}

/** Waits for the page's data: its main landmark, then a quiet network (briefly: some pages poll). */
async function settle(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
}

for (const role of ROLES) {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      test(`every route in Bangla: ${role}, ${theme}, ${width.name}`, async ({ browser, baseURL, request }) => {
        const { donor, ids } = await setUp(request);
        try {
          await sweep(browser, baseURL!, { role, theme, width }, donor, ids);
        } finally {
          await tearDown(request, donor, ids);
        }
      });
    }
  }
}

interface Look {
  role: (typeof ROLES)[number];
  theme: (typeof THEMES)[number];
  width: (typeof WIDTHS)[number];
}

async function sweep(browser: Browser, baseURL: string, { role, theme, width }: Look, donor: NewUser, ids: Ids) {
  const context = await browser.newContext({ baseURL, viewport: width.size });
  await context.addInitScript(BANGLA_INIT);
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  if (role !== 'signed out') await signIn(page, role === 'admin' ? ADMIN : donor);

  // A role is sent to the same page by many routes (the sign-in page signed out, the refusal for a
  // donor on staff pages): axe and the width check read each distinct page once per look, as the
  // same markup in the same theme and width gives the same answer. The words are read on every one.
  const checked = new Set<string>();
  for (const path of addresses(ids)) {
    const label = `${role} ${theme} ${width.name} ${path}`;
    await page.goto(path);
    await settle(page);
    await soft(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expectNoEnglish(page, label, { allow: ALLOWED, scopes: ['body'] });
    await soft.poll(() => page.title(), { message: `${label}: the page title in Bangla`, timeout: 3_000 }).toMatch(/^[^A-Za-z]*$/);
    const markup = await page.locator('body').evaluate((body) => body.outerHTML);
    if (checked.has(markup)) continue;
    checked.add(markup);
    await axeSerious(page, label);
    if (width.name === 'phone') await noSidewaysScroll(page, label);
  }
  await context.close();
}
