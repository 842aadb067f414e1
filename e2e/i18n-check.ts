import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Issue 16: "every text a user can see in Bangla mode is Bangla". A reusable check for any page in
// Bangla mode: it reads what a person sees or hears in the page's landmarks (visible text, the
// options of selects, and the aria-label, placeholder, title and alt attributes, screen-reader-only
// text included) and reports every English word left (three or more Latin letters in a row) that
// the caller did not allow. Email addresses and web addresses are left out (they are not words).
//
//   await expectNoEnglish(page, 'login', { allow: ['English'] });
//
// `allow`: words that are rightly English (the language switch's "English", brands, what a user
// typed...): a string matches the word exactly, ignoring case; a RegExp is tested against the word.
// What users wrote is skipped where the page marks it `data-user-content` (a blog's title, excerpt
// and body), and so is what it marks `translate="no"` (emails, ids); `exclude` adds CSS selectors
// whose contents are not checked either. `scopes`: the landmarks to read (main, nav and footer by
// default).

export interface EnglishCheckOptions {
  allow?: readonly (string | RegExp)[];
  exclude?: readonly string[];
  scopes?: readonly string[];
}

export interface EnglishWord {
  word: string;
  /** The text or attribute it was found in, e.g. `<button aria-label> "Show password"`. */
  where: string;
}

/** The English words left in the page's landmarks, minus the allowed ones. */
export async function englishWordsLeft(page: Page, options: EnglishCheckOptions = {}): Promise<EnglishWord[]> {
  const { allow = [], scopes = ['main', 'nav', 'footer'] } = options;
  // What users wrote, and what the page marks as never translated (emails, ids, codes).
  const exclude = ['[data-user-content]', '[translate="no"]', ...(options.exclude ?? [])];
  const found = await page.evaluate(
    ({ scopes, exclude }) => {
      const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'];
      const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg']);
      const texts: { text: string; where: string }[] = [];
      const excluded = (el: Element) => exclude.some((selector) => el.closest(selector));
      const shown = (el: Element) => {
        // Options of a closed select are not rendered, but they are what the user picks from.
        const target = el.closest('select') ?? el;
        return target.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || target.closest('.sr-only') !== null;
      };
      const roots = new Set<Element>();
      for (const scope of scopes) for (const root of Array.from(document.querySelectorAll(scope))) roots.add(root);
      for (const root of roots) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          const text = node.textContent?.trim();
          if (!parent || !text || SKIP_TAGS.has(parent.tagName) || parent.closest('svg') || excluded(parent) || !shown(parent)) continue;
          texts.push({ text, where: `<${parent.tagName.toLowerCase()}>` });
        }
        for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
          if (excluded(el)) continue;
          for (const name of ATTRIBUTES) {
            const value = el.getAttribute(name)?.trim();
            if (value) texts.push({ text: value, where: `<${el.tagName.toLowerCase()} ${name}>` });
          }
        }
      }
      return texts;
    },
    { scopes: [...scopes], exclude: [...exclude] },
  );
  const allowed = (word: string) => allow.some((rule) => (typeof rule === 'string' ? rule.toLowerCase() === word.toLowerCase() : rule.test(word)));
  const words: EnglishWord[] = [];
  for (const { text, where } of found) {
    const plain = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ').replace(/\b(https?:\/\/|www\.)\S+/g, ' ');
    for (const word of plain.match(/[A-Za-z]{3,}/g) ?? []) {
      if (!allowed(word)) words.push({ word, where: `${where} "${text.slice(0, 80)}"` });
    }
  }
  return words;
}

/**
 * Fails (softly, so one run lists every page's leftovers) when an English word is left. Waits a
 * little first: a Bangla catalogue loads when its component is first shown.
 */
export async function expectNoEnglish(page: Page, label: string, options: EnglishCheckOptions = {}): Promise<void> {
  await expect
    .poll(() => englishWordsLeft(page, options), { message: `${label}: English words left in Bangla mode`, timeout: 5_000 })
    .toEqual([])
    .catch(async () => {
      // Report the final list itself (soft), not only the poll's timeout.
      expect.soft(await englishWordsLeft(page, options), `${label}: English words left in Bangla mode`).toEqual([]);
    });
}

/** Bangla mode from the first paint of every page in this context (the stored choice, as the switch leaves it). */
export const BANGLA_INIT = () => localStorage.setItem('lang', 'bn');

/** No serious or critical axe violation in main (WCAG 2 A/AA, contrast included): the bar for Bangla mode. */
export async function axeSerious(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const found = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary ?? ''}`);
  expect.soft(found, label).toEqual([]);
}

/**
 * In Bangla mode, waits until Noto Sans Bengali has loaded: the page adds it after its first paint
 * (decision 055), and text measured before the swap is measured in another font.
 */
export async function banglaFontLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        let loaded = document.documentElement.lang !== 'bn';
        document.fonts.forEach((f) => (loaded ||= f.family.includes('Noto Sans Bengali') && f.status === 'loaded'));
        return loaded;
      }),
    )
    .toBe(true);
}

/** The page does not scroll sideways at its current width (Bangla words are longer), in its final font. */
export async function noSidewaysScroll(page: Page, label: string): Promise<void> {
  await banglaFontLoaded(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${label}: sideways scrolling at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
}
