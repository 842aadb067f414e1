import type { APIRequestContext, Page } from '@playwright/test';
import { DONATION_MESSAGES, STATUS_FILTER_PLACEHOLDER, STATUS_LABELS } from '../src/shared/donation-requests/texts';
import type { DonationRequestInput } from '../src/shared/donation-requests/schemas';
import { todayInDhaka } from '../src/shared/dates/model';
import { PAGE_HEADINGS } from '../src/shared/site/texts';
import { ADMIN, adminChange, type NewUser, registerViaApi, signIn, tokenFor } from './api';
import { expect, mainHeading, test, TO_THE_NEW_REQUEST } from './fixtures';

// Donation requests end to end (issue 4): the form, the public list, donating, the dashboard lists
// and their actions. Each test makes its own users and requests through the API.

let counter = 0;
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A day `days` after today in Dhaka, as YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const d = new Date(`${todayInDhaka()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A request made through POST /api/donationRequest as `user`; dated a week ahead by default. */
async function createRequestViaApi(request: APIRequestContext, user: NewUser, overrides: Partial<DonationRequestInput> = {}) {
  const token = await tokenFor(request, user);
  const body = {
    recipientName: uniqueName('Recipient'),
    bloodGroup: 'A+',
    hospitalName: 'Comilla Medical College Hospital',
    fullAddress: 'Kuchaitoli, Comilla',
    donationDate: dayFromToday(7),
    donationTime: '10:30',
    requestMessage: 'Two bags needed before surgery.',
    recipientDivision: '1',
    recipientDistrict: '1',
    recipientUpazila: '1',
    ...overrides,
  };
  const res = await request.post('/api/donationRequest', { data: body, headers: { authorization: `Bearer ${token}` } });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  const { insertedId } = (await res.json()) as { insertedId: string };
  return { ...body, id: insertedId };
}

/** `donor` offers to donate through PATCH /api/confirmDonation/{id}. */
async function donateViaApi(request: APIRequestContext, donor: NewUser, id: string) {
  const token = await tokenFor(request, donor);
  const res = await request.patch(`/api/confirmDonation/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`donate failed: ${res.status()} ${await res.text()}`);
}

const rowOf = (page: Page, recipientName: string) => page.getByRole('row', { name: new RegExp(recipientName) });
const statusOf = (page: Page, recipientName: string) => rowOf(page, recipientName).locator('[data-status]');

test.describe('donation requests', () => {
  test('a request goes from the form to a donor, and the requester marks it done', async ({ page, browser, request }) => {
    // Two browsers, five pages and the request's own page in between (issue 38): more than the default 30 s on a busy 2-core machine.
    test.setTimeout(60_000);
    const requester = await registerViaApi(request, { name: 'Rahima Requester' });
    const recipient = uniqueName('Karim');

    // Create it through the form.
    await signIn(page, requester, '/dashboard/createDonationReq');
    await expect(mainHeading(page)).toHaveText(DONATION_MESSAGES.createHeading);
    await expect(page.getByLabel('Requester name')).toHaveValue(requester.name);
    await expect(page.getByLabel('Requester email')).toHaveValue(requester.email);
    await expect(page.getByLabel('Donation date')).toHaveAttribute('min', todayInDhaka());
    // Validation runs when a field is touched, with the spec's message linked to the field.
    const name = page.getByLabel('Recipient name');
    await name.focus();
    await name.blur();
    await expect(page.getByText(DONATION_MESSAGES.recipientNameRequired)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill(recipient);
    await expect(page.getByText(DONATION_MESSAGES.recipientNameRequired)).toHaveCount(0);
    await page.getByLabel('Blood group').selectOption('B+');
    await page.getByLabel('Division', { exact: true }).selectOption('1');
    await page.getByLabel('District', { exact: true }).selectOption('1');
    await page.getByLabel('Upazila', { exact: true }).selectOption('1');
    await page.getByLabel('Hospital name').fill('Comilla Medical College Hospital');
    await page.getByLabel('Full address').fill('Kuchaitoli, Comilla');
    // Tomorrow: a request whose date and time have passed (Dhaka) is expired and leaves the public list.
    await page.getByLabel('Donation date').fill(dayFromToday(1));
    await page.getByLabel('Donation time').fill('00:05');
    await page.getByLabel('Request message').fill('Two bags needed before surgery.');
    await page.getByRole('button', { name: DONATION_MESSAGES.createButton }).click();
    await expect(page.getByRole('heading', { name: DONATION_MESSAGES.created(recipient) })).toBeVisible();
    // Issue 38: the requester lands on the request's own page; it is on their list too.
    await expect(page).toHaveURL(/\/dashboard\/userHome\/viewDetails\/[0-9a-f-]+$/, TO_THE_NEW_REQUEST);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(recipient);
    await page.goto('/dashboard/myDonationRequests');
    await expect(statusOf(page, recipient)).toHaveText(STATUS_LABELS.pending);

    // It is on the public list.
    await page.goto('/allRequest');
    await expect(mainHeading(page)).toHaveText(PAGE_HEADINGS.donationRequests);
    await expect(rowOf(page, recipient)).toContainText('B+');

    // A second user, in a browser of their own, donates.
    const donor = await registerViaApi(request, { name: 'Dipu Donor' });
    const donorContext = await browser.newContext();
    const donorPage = await donorContext.newPage();
    const donorErrors: string[] = [];
    donorPage.on('console', (m) => m.type() === 'error' && donorErrors.push(m.text()));
    donorPage.on('pageerror', (e) => donorErrors.push(e.message));
    await signIn(donorPage, donor, '/allRequest');
    await rowOf(donorPage, recipient).getByRole('link', { name: /^View/ }).click();
    await expect(donorPage).toHaveURL(/\/requestDetails\/[0-9a-f-]+$/);
    await expect(mainHeading(donorPage)).toHaveText(PAGE_HEADINGS.requestDetails);
    for (const section of ['Recipient', 'Hospital', 'Donation', 'Requester information']) {
      await expect(donorPage.getByRole('region', { name: section, exact: true })).toBeVisible();
    }
    const requesterInfo = donorPage.getByRole('region', { name: 'Requester information' });
    await expect(requesterInfo).toContainText(requester.email);
    await expect(requesterInfo).toContainText(requester.name);
    await donorPage.getByRole('button', { name: 'Donate' }).click();
    const dialog = donorPage.getByRole('dialog', { name: 'Confirm your donation' });
    await expect(dialog.getByLabel('Donor name')).toHaveValue(donor.name);
    await expect(dialog.getByLabel('Donor email')).toHaveValue(donor.email);
    await expect(dialog.getByLabel('Donor email')).toHaveAttribute('readonly', '');
    await dialog.getByRole('button', { name: 'Confirm Donation' }).click();
    await expect(donorPage.getByRole('heading', { name: DONATION_MESSAGES.donatedTitle })).toBeVisible();
    await expect(donorPage.getByText(DONATION_MESSAGES.donatedText)).toBeVisible();
    await expect(donorPage).toHaveURL(/\/allRequest$/);
    await expect(mainHeading(donorPage)).toHaveText(PAGE_HEADINGS.donationRequests);
    await expect(rowOf(donorPage, recipient)).toHaveCount(0);
    expect(donorErrors, 'no console errors in the donor browser').toEqual([]);
    await donorContext.close();

    // The requester sees the donor, and marks the donation done.
    await page.goto('/dashboard/myDonationRequests');
    const row = rowOf(page, recipient);
    await expect(statusOf(page, recipient)).toHaveText(STATUS_LABELS.inprogress);
    await expect(row).toContainText(donor.name);
    await expect(row).toContainText(donor.email);
    await row.getByRole('button', { name: /^Done/ }).click();
    await page.getByRole('button', { name: 'Yes, it is done' }).click();
    await expect(statusOf(page, recipient)).toHaveText(STATUS_LABELS.done);
    await expect(row.getByRole('button', { name: /^Done/ })).toHaveCount(0);
    await expect(row.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  });

  test('a blocked user cannot create a request, and nothing is sent', async ({ page, request }) => {
    const user = await registerViaApi(request);
    await adminChange(request, user.email, { status: 'blocked' });
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/donationRequest') && posts.push(r.url()));

    await signIn(page, user, '/dashboard/createDonationReq');
    await expect(page.getByRole('note')).toContainText(DONATION_MESSAGES.blockedText);
    await page.getByRole('button', { name: DONATION_MESSAGES.createButton }).click();
    await expect(page.getByRole('heading', { name: DONATION_MESSAGES.blockedTitle })).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText(DONATION_MESSAGES.blockedText);
    await page.getByRole('button', { name: 'OK' }).click();
    expect(posts).toEqual([]);
    // Still signed in, still on the page.
    await expect(page).toHaveURL(/\/dashboard\/createDonationReq$/);
  });

  test('a blocked user sees why they cannot donate', async ({ page, request }) => {
    const requester = await registerViaApi(request);
    const created = await createRequestViaApi(request, requester);
    const user = await registerViaApi(request);
    await adminChange(request, user.email, { status: 'blocked' });

    await signIn(page, user, `/requestDetails/${created.id}`);
    await expect(page.getByRole('region', { name: 'Recipient', exact: true })).toContainText(created.recipientName);
    await expect(page.getByRole('note')).toContainText(DONATION_MESSAGES.blockedText);
    await expect(page.getByRole('button', { name: 'Donate' })).toHaveCount(0);
  });

  test('editing: no change says "No Changes", a change says "Update Successfully"', async ({ page, request }) => {
    const user = await registerViaApi(request);
    const created = await createRequestViaApi(request, user);

    await signIn(page, user, `/dashboard/userHome/editDonation/${created.id}`);
    await expect(page.getByLabel('Recipient name')).toHaveValue(created.recipientName);
    await expect(page.getByLabel('Upazila', { exact: true })).toHaveValue('1');
    // Spec section 5: the edit form takes the time as free text.
    await expect(page.getByLabel('Donation time')).toHaveAttribute('type', 'text');
    await expect(page.getByLabel('Donation time')).toHaveValue(created.donationTime);

    await page.getByRole('button', { name: DONATION_MESSAGES.editButton }).click();
    await expect(page.getByText(DONATION_MESSAGES.noChanges)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/editDonation/${created.id}$`));

    await page.getByLabel('Hospital name').fill('Dhaka Medical College Hospital');
    await page.getByRole('button', { name: DONATION_MESSAGES.editButton }).click();
    await expect(page.getByRole('heading', { name: DONATION_MESSAGES.updated })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myDonationRequests$/);
    await rowOf(page, created.recipientName).getByRole('link', { name: /^View/ }).click();
    await expect(page.getByRole('region', { name: 'Hospital' })).toContainText('Dhaka Medical College Hospital');
    await expect(page.getByRole('region', { name: 'Donor information' })).toHaveCount(0);
  });

  test('deleting asks first, then says who was deleted', async ({ page, request }) => {
    const user = await registerViaApi(request);
    const created = await createRequestViaApi(request, user);

    await signIn(page, user, '/dashboard/myDonationRequests');
    const row = rowOf(page, created.recipientName);
    // Cancelling the confirmation keeps the request.
    await row.getByRole('button', { name: /^Delete/ }).click();
    await expect(page.getByRole('heading', { name: DONATION_MESSAGES.deleteTitle })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: /^Delete/ }).click();
    await expect(page.getByText(DONATION_MESSAGES.deleteText)).toBeVisible();
    await page.getByRole('button', { name: DONATION_MESSAGES.deleteConfirm }).click();
    await expect(page.getByRole('heading', { name: DONATION_MESSAGES.deletedTitle })).toBeVisible();
    await expect(page.getByText(DONATION_MESSAGES.deleted(created.recipientName))).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('the requester is not offered Donate on their own request', async ({ page, request }) => {
    const user = await registerViaApi(request);
    const created = await createRequestViaApi(request, user);

    await signIn(page, user, `/requestDetails/${created.id}`);
    await expect(page.getByRole('region', { name: 'Hospital' })).toContainText(created.hospitalName);
    await expect(page.getByRole('note')).toContainText(DONATION_MESSAGES.ownRequest);
    await expect(page.getByRole('button', { name: 'Donate' })).toHaveCount(0);
  });

  test('user home shows the three newest requests and links to all of them', async ({ page, request }) => {
    const user = await registerViaApi(request, { name: 'Home Owner' });
    const names: string[] = [];
    for (let i = 0; i < 4; i++) names.push((await createRequestViaApi(request, user)).recipientName);

    await signIn(page, user, '/dashboard/userHome');
    await expect(mainHeading(page)).toHaveText(`Welcome, ${user.name}`);
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText(names[3]!);
    await expect(rowOf(page, names[0]!)).toHaveCount(0);
    await page.getByRole('link', { name: DONATION_MESSAGES.viewAll }).click();
    await expect(page).toHaveURL(/\/dashboard\/myDonationRequests$/);
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(4);
  });

  test('user home invites a new user to create a request', async ({ page, request }) => {
    const user = await registerViaApi(request);
    await signIn(page, user, '/dashboard/userHome');
    await expect(page.getByText('You have not asked for blood yet.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: DONATION_MESSAGES.createButton }).click();
    await expect(mainHeading(page)).toHaveText(DONATION_MESSAGES.createHeading);
  });

  test('my requests filter by status and come back to all', async ({ page, request }) => {
    const user = await registerViaApi(request);
    const waiting = await createRequestViaApi(request, user);
    const answered = await createRequestViaApi(request, user);
    await donateViaApi(request, await registerViaApi(request), answered.id);

    await signIn(page, user, '/dashboard/myDonationRequests');
    const filter = page.getByLabel('Filter by status');
    await expect(filter.locator('option:checked')).toHaveText(STATUS_FILTER_PLACEHOLDER);
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);

    await filter.selectOption('inprogress');
    await expect(page).toHaveURL(/status=inprogress/);
    await expect(rowOf(page, answered.recipientName)).toBeVisible();
    await expect(rowOf(page, waiting.recipientName)).toHaveCount(0);

    await filter.selectOption('done');
    await expect(page.getByText('No done requests.')).toBeVisible();

    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);
    await expect(filter.locator('option:checked')).toHaveText(STATUS_FILTER_PLACEHOLDER);
  });

  test('all requests: volunteers close donations but cannot edit or delete; admins can', async ({ page, browser, request }) => {
    const requester = await registerViaApi(request);
    const created = await createRequestViaApi(request, requester);
    await donateViaApi(request, await registerViaApi(request), created.id);
    const volunteer = await registerViaApi(request);
    await adminChange(request, volunteer.email, { role: 'volunteer' });

    await signIn(page, volunteer, '/dashboard/allDonationRequest?status=inprogress');
    await expect(mainHeading(page)).toHaveText('All Donation Requests');
    const row = rowOf(page, created.recipientName);
    await expect(row).toContainText(requester.email);
    await expect(row.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await row.getByRole('button', { name: /^Cancel/ }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(row).toHaveCount(0); // it left the "inprogress" filter
    await page.getByLabel('Filter by status').selectOption('canceled');
    await expect(statusOf(page, created.recipientName)).toHaveText(STATUS_LABELS.canceled);

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, ADMIN, '/dashboard/allDonationRequest?status=canceled');
    const adminRow = rowOf(adminPage, created.recipientName);
    await expect(adminRow.getByRole('button', { name: /^Delete/ })).toBeVisible();
    // A canceled request is closed: no edit link, and the edit page explains why.
    await expect(adminRow.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
    await adminPage.goto(`/dashboard/userHome/editDonation/${created.id}`);
    await expect(adminPage.getByText('so it can no longer be edited')).toBeVisible();
    await expect(adminPage.getByRole('button', { name: DONATION_MESSAGES.editButton })).toHaveCount(0);
    await adminContext.close();
  });
});
