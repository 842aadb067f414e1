import type { Page } from '@playwright/test';
import { PHONE } from './fixtures';

// What every screenshot spec shares (run with SCREENSHOTS=1; pictures are git-ignored): the
// looks to take (phone and desktop, light and dark) and how one picture is taken.

export const VIEWPORTS = [
  { name: '360', size: PHONE },
  { name: '1280', size: { width: 1280, height: 800 } },
] as const;
export const THEMES = ['light', 'dark'] as const;

export interface Look {
  viewport: (typeof VIEWPORTS)[number];
  theme: (typeof THEMES)[number];
}

/** Every viewport in every theme. */
export const LOOKS: readonly Look[] = VIEWPORTS.flatMap((viewport) => THEMES.map((theme) => ({ viewport, theme })));

/** Puts the page in a look: its size now, its theme from the next page load on. */
export async function wear(page: Page, look: Look): Promise<void> {
  await page.setViewportSize(look.viewport.size);
  await page.addInitScript((theme) => localStorage.setItem('theme', theme), look.theme);
}

/** Takes `<dir>/<name>-<width>-<theme>.png` once the network is quiet, from the top of the page. */
export function shooter(page: Page, dir: string, look: Look) {
  return async (name: string, fullPage = true): Promise<void> => {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/${name}-${look.viewport.name}-${look.theme}.png`, fullPage });
  };
}
