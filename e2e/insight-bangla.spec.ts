import type { Page } from '@playwright/test';
import BN from '../src/web/insight/texts.bn';
import { ADMIN, signIn } from './api';
import { expect, test } from './fixtures';
import { axeSerious, BANGLA_INIT, expectNoEnglish, noSidewaysScroll } from './i18n-check';
import { withDemoData } from './insight-db';
import { LOOKS, shooter, wear } from './screenshots';

// Issue 16, the admin home's charts (issue 18) in Bangla over the demo data: titles, legends,
// axis labels, the tables under the charts, the range picker and the district map in Bangla,
// Bangla digits and month names, district names from the dataset's Bangla names; axe, and no
// sideways scroll at 360 px. Switching the language redraws the charts in place. With
// SCREENSHOTS=1 it also takes pictures (screenshots/insight-bangla/, phone and desktop, light and
// dark) to look at.

test.describe.configure({ timeout: 120_000 });

const DIR = 'screenshots/insight-bangla';
const INSIGHT = 'section[aria-labelledby="insight-heading"]';
const CHARTS = BN['insight/charts'];
const MAP = BN['insight/map'];

test.beforeAll(async () => {
  expect(await withDemoData(), "the e2e server's database").toBe(true);
});

const insight = (page: Page) => page.locator(INSIGHT);

/** Waits for both uPlot charts and the data behind the tables. */
async function chartsDrawn(page: Page) {
  await expect(insight(page).locator('.uplot canvas')).toHaveCount(2);
  await page.waitForLoadState('networkidle');
}

async function openTables(page: Page) {
  for (const summary of await insight(page).getByText(CHARTS.showTable, { exact: true }).all()) await summary.click();
}

for (const look of LOOKS) {
  test(`the insight charts in Bangla at ${look.viewport.name} in ${look.theme}`, async ({ page }) => {
    const label = `insight ${look.viewport.name} ${look.theme}`;
    const shoot = shooter(page, DIR, look);
    await wear(page, look);
    await page.addInitScript(BANGLA_INIT);
    await signIn(page, ADMIN, '/dashboard/adminHome');
    const section = insight(page);
    await expect(section.getByRole('heading', { name: BN['insight/panel'].heading, exact: true })).toBeVisible();
    for (const title of [CHARTS.requestsTitle, CHARTS.pledgeTitle, CHARTS.groupsTitle, MAP.mapTitle]) {
      await expect(section.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await chartsDrawn(page);
    // The map: one mark per district, named in Bangla, its figures in Bangla digits.
    const map = section.getByRole('group', { name: MAP.mapTitle });
    await expect(map.getByRole('button')).toHaveCount(64);
    const dhaka = map.getByRole('button', { name: /^ঢাকা: [০-৯]+টি অনুরোধ, [০-৯]+টি সাড়া পায়নি/ });
    await dhaka.focus();
    await expect(section.getByText(MAP.unansweredShare).first()).toBeVisible();
    if (process.env.SCREENSHOTS) await shoot('admin-home');

    await openTables(page);
    // Bangla month names for the weeks, Bangla digits everywhere (no Latin digit left).
    const requestsTable = section.getByRole('table', { name: CHARTS.requestsCaption });
    const firstPeriod = (await requestsTable.locator('tbody th').first().textContent())!.trim();
    expect(firstPeriod).toMatch(/^[০-৯]+ [\u0980-\u09FF]+/);
    expect(await section.evaluate((el) => (el as HTMLElement).innerText.match(/[0-9]/g) ?? [])).toEqual([]);
    const districts = section.getByRole('table', { name: MAP.mapCaption });
    await expect(districts.getByRole('rowheader', { name: 'ঢাকা', exact: true })).toBeVisible();

    await expectNoEnglish(page, label, { scopes: [INSIGHT] });
    await axeSerious(page, label);
    if (look.viewport.name === '360') await noSidewaysScroll(page, label);
    if (process.env.SCREENSHOTS) await shoot('admin-home-tables');

    // The range picker: the presets, the divisions in Bangla, a wrong custom range's message.
    const range = section.getByRole('combobox', { name: BN['insight/range'].range });
    await expect(range.locator('option')).toHaveText(Object.values(BN['insight/presets']));
    await expect(section.getByRole('combobox', { name: BN['insight/range'].division }).locator('option', { hasText: 'ঢাকা' })).toHaveCount(1);
    await range.selectOption('custom');
    // Bangla mode's date fields are three selects each (day, month, year; components/form/date-time-inputs.tsx).
    const chooseDay = async (name: string, date: string) => {
      const [y, m, d] = date.split('-');
      const [day, month, year] = [0, 1, 2].map((i) => section.getByRole('group', { name, exact: true }).getByRole('combobox').nth(i));
      await year!.selectOption(y!);
      await month!.selectOption(m!);
      await day!.selectOption(d!);
    };
    await chooseDay(BN['insight/range'].from, '2026-02-10');
    await chooseDay(BN['insight/range'].to, '2026-01-10');
    await section.getByRole('button', { name: BN['insight/range'].apply }).click();
    await expect(section.getByRole('alert')).toHaveText(BN['insight/range'].badRange);
    await expectNoEnglish(page, `${label} custom range`, { scopes: [INSIGHT] });
    if (look.viewport.name === '360') await noSidewaysScroll(page, `${label} custom range`);
    if (process.env.SCREENSHOTS) await shoot('admin-home-custom');
  });
}

test('switching the language redraws the charts in place', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN, '/dashboard/adminHome?range=12m');
  const section = insight(page);
  await chartsDrawn(page);
  // uPlot draws its axes (labels, months, digits) on the canvas: a redraw in the other language changes its pixels.
  const pictures = () => section.locator('.uplot canvas').evaluateAll((canvases) => canvases.map((c) => (c as HTMLCanvasElement).toDataURL()));
  const english = await pictures();
  await section.getByText('Show as a table').first().click();
  // The requests chart's table, whatever its language.
  const periods = section.locator('section[aria-labelledby="insight-requests-title"] tbody th');
  await expect(periods.first()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);

  await page.locator('button.lang-switch:visible').first().click();
  await expect(section.getByRole('heading', { name: BN['insight/panel'].heading, exact: true })).toBeVisible();
  await expect(section.getByRole('heading', { name: CHARTS.requestsTitle, exact: true })).toBeVisible();
  await expect(section.locator('.uplot canvas')).toHaveCount(2);
  await expect.poll(async () => (await pictures()).map((picture, i) => picture !== english[i])).toEqual([true, true]);
  // The open table stays open, now in Bangla: months by name, years in Bangla digits.
  await expect(periods.first()).toHaveText(/^[\u0980-\u09FF]+ [০-৯]{4}$/);

  await page.locator('button.lang-switch:visible').first().click();
  await expect(section.getByRole('heading', { name: 'Insight', exact: true })).toBeVisible();
  await expect.poll(pictures).toEqual(english);
  await expect(periods.first()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
});
