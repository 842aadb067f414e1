import type { APIRequestContext, Page } from '@playwright/test';
import { todayInDhaka } from '../src/shared/dates/model';
import { type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { axeMain, expect, test } from './fixtures';
import { BANGLA_INIT } from './i18n-check';
import { inE2eDatabase } from './insight-db';
import { LOOKS, shooter, wear } from './screenshots';

// Issue 33, a pledge has a life: the donor says "on my way" and "arrived" on the request's page;
// the family sees it and records what happened: donated (the donor's history has it at once), or
// turned away at the bank with the reason (the unit is open again).

async function auth(request: APIRequestContext, user: NewUser) {
  return { authorization: `Bearer ${await tokenFor(request, user)}` };
}

/** A 1-unit B- request by `requester` in Debidwar, two days from now, and `donor`'s pledge to it. */
async function pledgedRequest(request: APIRequestContext, requester: NewUser, donor: NewUser, recipientName: string, hospitalName: string) {
  const created = await request.post('/api/donationRequest', {
    headers: await auth(request, requester),
    data: {
      recipientName,
      bloodGroup: 'B-',
      hospitalName,
      fullAddress: 'Kuchaitoli, Comilla',
      donationDate: todayInDhaka(Date.now() + 2 * 86_400_000),
      donationTime: '10:30',
      requestMessage: 'Two bags before surgery.',
      recipientDivision: '1',
      recipientDistrict: '1',
      recipientUpazila: '1',
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { insertedId: string }).insertedId;
  expect((await request.patch(`/api/confirmDonation/${id}`, { headers: await auth(request, donor) })).status()).toBe(200);
  return id;
}

const myPledge = (page: Page) => page.getByRole('region', { name: /pledged to donate|অঙ্গীকার করেছেন/ });
const pledges = (page: Page) => page.getByRole('region', { name: /^Pledges|^অঙ্গীকার/ });

test('the donor says on the way and arrived; the family records donated, and it is in the donor\'s history at once', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const requester = await registerViaApi(request, { name: `Family ${tag}`, blood_group: 'B-' });
  const donor = await registerViaApi(request, { name: `Comes ${tag}`, blood_group: 'B-' });
  const hospital = `Comilla Medical ${tag}`;
  const id = await pledgedRequest(request, requester, donor, `Karim ${tag}`, hospital);

  await signIn(page, donor, `/requestDetails/${id}`);
  await expect(page.getByTestId('my-pledge-state')).toHaveText('Your pledge: Pledged.');
  await page.getByRole('button', { name: 'I am on my way' }).click();
  await expect(page.getByTestId('my-pledge-state')).toHaveText('Your pledge: On the way.');
  await expect(page.getByRole('button', { name: 'I am on my way' })).toHaveCount(0);
  await page.getByRole('button', { name: 'I have arrived' }).click();
  await expect(page.getByTestId('my-pledge-state')).toHaveText('Your pledge: Arrived.');
  await expect(page.getByRole('button', { name: 'I have arrived' })).toHaveCount(0);

  const family = await (await browser.newContext()).newPage();
  await signIn(family, requester, `/dashboard/userHome/viewDetails/${id}`);
  const list = pledges(family);
  await expect(list).toContainText('Arrived');
  await list.getByRole('group', { name: `What happened with ${donor.name}?` }).getByRole('button', { name: 'Donated' }).click();
  await expect(list.getByText('Donated', { exact: true })).toBeVisible();
  await expect(list.getByRole('group')).toHaveCount(0);
  await family.context().close();

  await page.reload();
  await expect(page.getByTestId('my-pledge-state')).toHaveText('Your pledge: Donated.');
  await expect(page.getByRole('button', { name: /withdraw/i })).toHaveCount(0);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('list', { name: 'My donations' })).toContainText(hospital);
  // And the donor is thanked (issue 33, decision 071).
  await page.goto('/dashboard/notifications');
  const thanks = page.getByRole('listitem', { name: 'Thank you for giving blood' });
  await expect(thanks).toContainText(`Your blood reached ${hospital}.`);
});

test('turned away at the bank, with the reason: the request is pending again and the donor\'s history stays empty', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const requester = await registerViaApi(request, { name: `Family ${tag}`, blood_group: 'B-' });
  const donor = await registerViaApi(request, { name: `Deferred ${tag}`, blood_group: 'B-' });
  const id = await pledgedRequest(request, requester, donor, `Nasrin ${tag}`, 'Comilla Medical College Hospital');

  await signIn(page, requester, `/dashboard/userHome/viewDetails/${id}`);
  const list = pledges(page);
  const outcome = list.getByRole('group', { name: `What happened with ${donor.name}?` });
  await outcome.getByRole('button', { name: 'Turned away' }).click();
  await outcome.getByLabel('Why the bank turned them away').selectOption('illness');
  await outcome.getByRole('button', { name: 'Save' }).click();
  await expect(list).toContainText('Turned away at the bank: Illness');
  await expect(page.getByRole('main')).toContainText('Pending');
  expect((await (await request.get(`/api/users/${encodeURIComponent(donor.email)}/donations`, { headers: await auth(request, donor) })).json()) as unknown[]).toEqual([]);
});

/** A notice as its job makes it at its moment: "you can give again" on the day (decision 071), or a request's "Still coming?" (decision 072). */
async function notice(email: string, kind: 'eligible' | 'reminder', requestId: string | null = null) {
  const made = await inE2eDatabase((pool) =>
    pool.query(`INSERT INTO notifications (user_id, kind, request_id, reminder_hours) SELECT id, $2, $3, $4 FROM users WHERE email = $1`, [email, kind, requestId, kind === 'reminder' ? 3 : null]),
  );
  expect(made?.rowCount, "the e2e server's database").toBe(1);
}

test.describe('screenshots', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the pledge screenshots');
  test.describe.configure({ timeout: 120_000 });
  for (const look of LOOKS) {
    for (const language of ['en', 'bn'] as const) {
      test(`a pledge's check-ins and outcomes at ${look.viewport.name} in ${look.theme}, ${language}`, async ({ browser, page, request }) => {
        const tag = Date.now().toString(36);
        const requester = await registerViaApi(request, { name: 'Rahima Akter', blood_group: 'B-' });
        const donor = await registerViaApi(request, { name: `Dipu Hasan ${tag}`, blood_group: 'B-' });
        const id = await pledgedRequest(request, requester, donor, 'Karim Uddin', 'Comilla Medical College Hospital');
        const shot = shooter(page, 'screenshots/pledge-states', { ...look });
        await wear(page, look);
        if (language === 'bn') await page.addInitScript(BANGLA_INIT);
        await signIn(page, donor, `/requestDetails/${id}`);
        await expect(page.getByTestId('my-pledge-state')).toBeVisible();
        await shot(`donor-${language}`);
        await axeMain(page, `donor ${language}`);

        const family = await (await browser.newContext()).newPage();
        await wear(family, look);
        if (language === 'bn') await family.addInitScript(BANGLA_INIT);
        await signIn(family, requester, `/dashboard/userHome/viewDetails/${id}`);
        await expect(pledges(family)).toBeVisible();
        await pledges(family).getByRole('button').nth(2).click();
        await shooter(family, 'screenshots/pledge-states', look)(`family-${language}`);
        await axeMain(family, `family ${language}`);
        await expect(myPledge(page)).toBeVisible();
        await family.context().close();
      });

      test(`a donor's "Still coming?", thank-you and "you can give again" at ${look.viewport.name} in ${look.theme}, ${language}`, async ({ page, request }) => {
        const tag = Date.now().toString(36);
        const requester = await registerViaApi(request, { name: 'Rahima Akter', blood_group: 'B-' });
        const donor = await registerViaApi(request, { name: `Dipu Hasan ${tag}`, blood_group: 'B-' });
        const id = await pledgedRequest(request, requester, donor, 'Karim Uddin', 'Comilla Medical College Hospital');
        const headers = await auth(request, requester);
        const pledgeId = ((await (await request.get(`/api/donationRequest?id=${id}`, { headers })).json()) as { pledges: { id: string }[] }).pledges[0]!.id;
        await notice(donor.email, 'reminder', id);
        expect((await request.patch(`/api/donationRequest/${id}/pledges/${pledgeId}`, { headers, data: { outcome: 'donated' } })).status()).toBe(200);
        await notice(donor.email, 'eligible');
        await wear(page, look);
        if (language === 'bn') await page.addInitScript(BANGLA_INIT);
        await signIn(page, donor, '/dashboard/notifications');
        await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Comilla Medical College Hospital' }).first()).toBeVisible();
        await expect(page.getByRole('main').getByRole('link', { name: language === 'bn' ? 'কাদের রক্ত লাগবে দেখুন' : 'See who needs blood' })).toBeVisible();
        await shooter(page, 'screenshots/pledge-states', look)(`notices-${language}`);
        await axeMain(page, `notices ${language}`);
      });
    }
  }
});
