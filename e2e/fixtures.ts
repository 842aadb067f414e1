import { test as base, expect, type Page } from '@playwright/test';
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

/** The page's single h1. */
export function mainHeading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}
