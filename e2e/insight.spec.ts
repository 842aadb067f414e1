import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { ADMIN, adminChange, registerViaApi, signIn } from './api';
import { expect, test } from './fixtures';
import { withDemoData } from './insight-db';

// The admin home's charts, map and range (issue 18), and the CSV exports from the dashboard pages.

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  expect(await withDemoData(), "the e2e server's database").toBe(true);
});

test('the admin home keeps its statistics and shows the charts, the map and their tables for the range in the URL', async ({ page }) => {
  await signIn(page, ADMIN, '/dashboard/adminHome');
  const main = page.getByRole('main');
  await expect(main.getByRole('term').filter({ hasText: 'Total User' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Insight' })).toBeVisible();
  for (const title of ['Requests over time', 'Time to first pledge', 'Blood groups', 'Where blood is needed', 'From alert to donation']) await expect(main.getByRole('heading', { name: title })).toBeVisible();
  // The pledge funnel (issue 33): the demo's done requests gave blood.
  const funnel = main.getByRole('region', { name: 'From alert to donation' });
  await expect(funnel.getByRole('listitem').filter({ hasText: 'Gave blood' })).toContainText(/[1-9]/);
  // uPlot draws on canvases; the map is SVG, one mark per district.
  await expect(main.locator('.uplot canvas')).toHaveCount(2);
  await expect(main.getByRole('group', { name: 'Where blood is needed' }).getByRole('button')).toHaveCount(64);

  // The default range is 12 weeks, drawn per week: 12 or 13 periods in the table.
  await main.getByText('Show as a table').first().click();
  const requestsTable = main.getByRole('table', { name: /Donation requests created per period/ });
  await expect(requestsTable).toBeVisible();
  expect(await requestsTable.locator('tbody tr').count()).toBeGreaterThanOrEqual(13);

  // A mark's figures show on focus.
  const dhaka = main.getByRole('button', { name: /^Dhaka: \d+ requests/ });
  await dhaka.focus();
  await expect(main.getByText('Unanswered share').first()).toBeVisible();

  // 12 months, per month: the choice is in the URL and survives a reload.
  await main.getByRole('combobox', { name: 'Range' }).selectOption('12m');
  await expect(page).toHaveURL(/range=12m/);
  await main.getByRole('combobox', { name: 'Blood group' }).selectOption('B-');
  await expect(page).toHaveURL(/group=B-/);
  await page.reload();
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Range' })).toHaveValue('12m');
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Blood group' })).toHaveValue('B-');
  await page.getByRole('main').getByText('Show as a table').first().click();
  await expect(page.getByRole('main').getByRole('table', { name: /Donation requests created per period/ }).locator('tbody tr')).toHaveCount(13);

  // A custom range.
  await page.getByRole('main').getByRole('combobox', { name: 'Range' }).selectOption('custom');
  await page.getByRole('main').getByRole('textbox', { name: 'From', exact: true }).fill('2026-01-05');
  await page.getByRole('main').getByRole('textbox', { name: 'To', exact: true }).fill('2026-01-25');
  await page.getByRole('main').getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/range=custom&from=2026-01-05&to=2026-01-25|from=2026-01-05.*to=2026-01-25/);
});

test('a volunteer sees the charts too', async ({ page, request }) => {
  const volunteer = await registerViaApi(request, { name: 'Nadia Volunteer' });
  await adminChange(request, volunteer.email, { role: 'volunteer' });
  await signIn(page, volunteer, '/dashboard/adminHome');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Requests over time' })).toBeVisible();
});

test('admins download users, requests and the funding ledger as CSV', async ({ page }) => {
  await signIn(page, ADMIN, '/dashboard/allUsers');
  const save = async (path: string) => {
    await page.goto(path);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const text = await fs.readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    return { name: download.suggestedFilename(), rows: parse(text, { bom: true, columns: true }) as Record<string, string>[] };
  };
  const users = await save('/dashboard/allUsers');
  expect(users.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(users.rows.length).toBeGreaterThan(2000);
  expect(users.rows.some((r) => /[\u0980-\u09FF]/.test(r.name ?? ''))).toBe(true);

  const requests = await save('/dashboard/allDonationRequest?status=done');
  expect(requests.name).toMatch(/^donation-requests-/);
  expect(requests.rows.length).toBeGreaterThan(0);
  expect(requests.rows.every((r) => r.status === 'done')).toBe(true);

  const ledger = await save('/c');
  expect(ledger.name).toMatch(/^funding-ledger-/);
  expect(ledger.rows.length).toBeGreaterThanOrEqual(3);
});
