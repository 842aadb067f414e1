import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from './api';

// Every test fails when the page logs a console error or throws: a broken script, a CSP
// violation or a failed resource load all show up there.

interface Fixtures {
  /** Errors seen so far; the fixture asserts it is empty after the test. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const where = message.location().url;
        // Only our site's errors count (a stand-in's payment page may lack a favicon, say).
        if (/^https?:/.test(where) && new URL(where).origin !== new URL(BASE_URL).origin) return;
        errors.push(`console.error: ${message.text()} (${where})`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'no console errors or uncaught exceptions').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A phone-sized viewport (the smallest the site supports). */
export const PHONE = { width: 360, height: 780 } as const;

/**
 * How long a created request's form may take to lead to the request's page: the request is saved,
 * then the success dialog shows for 2 s (create-request-page.tsx); on two busy cores, more than the
 * default 5 s.
 */
export const TO_THE_NEW_REQUEST = { timeout: 15_000 } as const;

/** The page's single h1. */
export function mainHeading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}

/** A soft axe check (WCAG 2 A/AA, colour contrast included) of the page's main content, minus `exclude`. */
export async function axeMain(page: Page, label: string, exclude?: string) {
  let builder = new AxeBuilder({ page }).include('main');
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const found = results.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary ?? ''}`);
  expect.soft(found, label).toEqual([]);
}

/**
 * Waits for the request page's matching donors and pages through them (at most ten pages, the
 * list's hundred) until `name` shows. Donors who never gave tie, and ties go by id: other tests'
 * donors of the same group and upazila can put this one on any page of the list.
 */
export async function expectAmongMatches(matches: Locator, name: string) {
  await expect(matches.getByRole('listitem').first()).toBeVisible();
  const pages = matches.getByRole('navigation');
  const turn = async (button: 'Previous' | 'Next') => {
    const shown = await pages.locator('[aria-live]').textContent();
    await pages.getByRole('button', { name: button }).click();
    await expect(pages.locator('[aria-live]')).not.toHaveText(shown ?? '');
    await expect(matches.locator('[aria-busy="false"]')).toBeVisible();
  };
  if (await pages.isVisible()) {
    while (await pages.getByRole('button', { name: 'Previous' }).isEnabled()) await turn('Previous');
    for (let page = 1; page < 10 && !(await matches.getByText(name).isVisible()); page++) {
      if (await pages.getByRole('button', { name: 'Next' }).isDisabled()) break;
      await turn('Next');
    }
  }
  await expect(matches.getByText(name)).toBeVisible();
}
