import type { APIRequestContext } from '@playwright/test';
import { AUDIT_ACTION_LABELS } from '../src/shared/audit/texts';
import { todayInDhaka } from '../src/shared/dates/model';
import { REPORT_TEXTS } from '../src/shared/reports/texts';
import { ADMIN, adminChange, type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { axeMain, expect, test } from './fixtures';
import { LOOKS, shooter, wear } from './screenshots';

// Screenshots of the moderation queue, the audit trail and a request page's "never pay" notice
// (issue 17) at phone and desktop size, light and dark, with an axe check of each page's main
// content. Only for looking at: run with SCREENSHOTS=1. Pictures land in screenshots/reports/.

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the reports screenshots');
test.describe.configure({ timeout: 120_000 });

const DIR = 'screenshots/reports';

const auth = async (request: APIRequestContext, user: { email: string; password: string }) => ({ authorization: `Bearer ${await tokenFor(request, user)}` });

let volunteer: NewUser;
let reporter: NewUser;
let secondId: string;

test.beforeAll(async ({ request }) => {
  const requester = await registerViaApi(request, { name: 'Rafiq Islam' });
  volunteer = await registerViaApi(request, { name: 'Sumon Ahmed' });
  reporter = await registerViaApi(request, { name: 'Nadia Rahman' });
  await adminChange(request, volunteer.email, { role: 'volunteer' });
  const body = (recipientName: string) => ({
    recipientName,
    bloodGroup: 'O-',
    hospitalName: 'Comilla Medical College Hospital',
    fullAddress: 'Kuchaitoli, Comilla',
    donationDate: todayInDhaka(Date.now() + 2 * 86_400_000),
    donationTime: '10:30',
    requestMessage: 'Send 3000 taka first and I will arrange the blood.',
    recipientDivision: '1',
    recipientDistrict: '1',
    recipientUpazila: '1',
  });
  const requesterAuth = await auth(request, requester);
  const ids: string[] = [];
  for (const name of ['Karim Uddin', 'Nasrin Begum with a rather long name for a phone screen']) {
    ids.push(((await (await request.post('/api/donationRequest', { headers: requesterAuth, data: body(name) })).json()) as { insertedId: string }).insertedId);
  }
  secondId = ids[1]!;
  const reasons = ['paid', 'fake', 'duplicate'];
  for (let i = 0; i < 3; i++) {
    const user = i === 0 ? reporter : await registerViaApi(request);
    await request.post(`/api/donationRequest/${ids[0]}/reports`, {
      headers: await auth(request, user),
      data: { reason: reasons[i], ...(i === 0 && { note: 'Asked me to send 3000 taka by bKash before giving the hospital name.' }) },
    });
  }
  await request.post(`/api/donationRequest/${ids[1]}/reports`, { headers: await auth(request, reporter), data: { reason: 'duplicate' } });
  // Something for the audit trail: a role change and a dismissal.
  await adminChange(request, reporter.email, { role: 'volunteer' });
  await adminChange(request, reporter.email, { role: 'donner' });
});

for (const look of LOOKS) {
  const { viewport, theme } = look;
  test(`reports and audit pages at ${viewport.name} in ${theme}`, async ({ page, request }) => {
    await wear(page, look);
    const shot = shooter(page, DIR, look);

    await signIn(page, volunteer, '/dashboard/reports');
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await shot('reports');
    await axeMain(page, 'reports');

    // A request page as a signed-in reader who may report it: the notice, then the dialog.
    await page.context().clearCookies();
    await signIn(page, await registerViaApi(request), `/requestDetails/${secondId}`);
    await expect(page.getByRole('complementary', { name: REPORT_TEXTS.neverPayTitle })).toBeVisible();
    await shot('request-notice');
    await axeMain(page, 'request notice');
    await page.getByRole('button', { name: REPORT_TEXTS.reportLink }).click();
    await expect(page.getByRole('dialog', { name: REPORT_TEXTS.dialogTitle })).toBeVisible();
    await page.waitForTimeout(500); // the modal's opening animation
    await page.screenshot({ path: `${DIR}/report-dialog-${viewport.name}-${theme}.png` });

    await page.context().clearCookies();
    await signIn(page, ADMIN, '/dashboard/audit');
    // A table on wider screens, cards on a phone.
    await expect(page.getByText(AUDIT_ACTION_LABELS['user.role']).filter({ visible: true }).first()).toBeVisible();
    await shot('audit');
    await axeMain(page, 'audit');
  });
}
