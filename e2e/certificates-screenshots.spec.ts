import type { APIRequestContext } from '@playwright/test';
import { todayInDhaka } from '../src/shared/dates/model';
import { DONATION_TEXTS } from '../src/shared/donations/texts';
import { PRIVACY_TEXTS } from '../src/shared/privacy/texts';
import { type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { axeMain, expect, test } from './fixtures';
import { LOOKS, shooter, wear } from './screenshots';

// Screenshots of issue 17's donor pages: the profile's donation history, badges and "Your data"
// card, the delete dialog, and the public verification page, at phone and desktop size, light and
// dark, with an axe check. Only for looking at: run with SCREENSHOTS=1. Pictures land in
// screenshots/certificates/ (git-ignored).

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the certificate screenshots');
test.describe.configure({ timeout: 120_000 });

const DIR = 'screenshots/certificates';

async function bearer(request: APIRequestContext, user: NewUser) {
  return { authorization: `Bearer ${await tokenFor(request, user)}` };
}

let donor: NewUser;
let code = '';

test.beforeAll(async ({ request }) => {
  donor = await registerViaApi(request, { name: 'Sharmin Sultana', blood_group: 'A-' });
  const requester = await registerViaApi(request, { name: 'Screenshot Requester' });
  const asRequester = await bearer(request, requester);
  const asDonor = await bearer(request, donor);
  for (const [days, hospital] of [
    [1, 'Comilla Medical College Hospital'],
    [2, 'Chandina Upazila Health Complex'],
    [3, 'Ibn Sina Hospital, Comilla'],
  ] as const) {
    const created = await request.post('/api/donationRequest', {
      headers: asRequester,
      data: {
        recipientName: 'Patient',
        bloodGroup: 'A-',
        hospitalName: hospital,
        fullAddress: 'Comilla',
        donationDate: todayInDhaka(Date.now() + days * 86_400_000),
        donationTime: '09:00',
        requestMessage: 'Surgery',
        recipientDivision: '1',
        recipientDistrict: '1',
        recipientUpazila: '1',
      },
    });
    const id = ((await created.json()) as { insertedId: string }).insertedId;
    await request.patch(`/api/confirmDonation/${id}`, { headers: asDonor });
    await request.patch(`/api/donationRequest/${id}/status`, { headers: asRequester, data: { donationStatus: 'done' } });
  }
  const exported = (await (await request.get(`/api/users/${encodeURIComponent(donor.email)}/export`, { headers: asDonor })).json()) as { pledges: { _id: string }[] };
  expect(exported.pledges).toHaveLength(3);
  // The code is only in the PDF: read it through the certificate's printed address.
  const pdf = await request.get(`/api/donations/${exported.pledges[0]!._id}/certificate.pdf`, { headers: asDonor });
  expect(pdf.status()).toBe(200);
  code = /\/verify\/([0-9a-f]{32})/.exec((await pdf.body()).toString('latin1'))?.[1] ?? '';
});

for (const look of LOOKS) {
  const { viewport, theme } = look;
  test(`donor pages at ${viewport.name} in ${theme}`, async ({ page, browser }) => {
    await wear(page, look);
    const shot = shooter(page, DIR, look);

    await signIn(page, donor, '/dashboard/profile');
    await expect(page.getByText(DONATION_TEXTS.count(3))).toBeVisible();
    await shot('profile');
    await axeMain(page, 'profile');

    await page.getByRole('button', { name: PRIVACY_TEXTS.deleteButton }).click();
    await expect(page.getByRole('dialog', { name: PRIVACY_TEXTS.dialogTitle })).toBeVisible();
    await page.screenshot({ path: `${DIR}/delete-dialog-${viewport.name}-${theme}.png` });
    await page.keyboard.press('Escape');

    if (code) {
      await page.goto(`/verify/${code}`);
      await expect(page.getByRole('status')).toContainText(DONATION_TEXTS.verify.genuine);
      await shot('verify');
      await axeMain(page, 'verify');
    }
    // An unknown code answers 404, which the browser logs: shown in a context of its own (the
    // page's fixture fails on any console error).
    const visitor = await browser.newContext({ viewport: viewport.size });
    await visitor.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const unknown = await visitor.newPage();
    await unknown.goto('/verify/0123456789abcdef0123456789abcdef');
    await expect(unknown.getByRole('alert')).toBeVisible();
    await unknown.screenshot({ path: `${DIR}/verify-unknown-${viewport.name}-${theme}.png`, fullPage: true });
    await visitor.close();
  });
}
