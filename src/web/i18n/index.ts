import { createI18n, strings, transform, type ComponentsJSON, type TranslationJSON } from '@nanostores/i18n';
import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';
import { CATALOGUE_FILES, cataloguesFor, type Lang } from '../../shared/i18n/model';
import { pageModulesFor } from '../../shared/routing/routes';
import { lang } from './lang';

// Texts of the web app in both languages (issue 16, decision 040): @nanostores/i18n. English is
// the base language: each component's English texts are the constants the specification's texts
// live in, bundled with the code that shows them. Bangla catalogues are one module per prefix (the
// one CATALOGUE_FILES names holds every component named `<prefix>/...`), beside the English texts
// (`<feature>/texts.bn.ts`), loaded only when Bangla is on and a component of that prefix is shown:
// an English visit loads no Bangla text. Each is a chunk of its own (vite.config.ts groups none).

export { lang, setLang } from './lang';

const catalogues = import.meta.glob<{ default: ComponentsJSON }>(['../*/texts.bn.ts', '../*/*-texts.bn.ts']);

/** The catalogue of a prefix, or nothing when the prefix has none (a folder whose texts the frame's catalogue holds). */
const catalogueOf = (prefix: string): Promise<ComponentsJSON> => {
  const file = CATALOGUE_FILES[prefix];
  const load = file === undefined ? undefined : catalogues[`../${file}`];
  return load ? load().then((m) => m.default) : Promise.resolve({});
};

async function loadBangla(components: string[]): Promise<ComponentsJSON> {
  const prefixes = [...new Set(components.map((name) => name.split('/')[0]!))];
  const loaded = await Promise.all(prefixes.map(catalogueOf));
  return Object.assign({}, ...loaded) as ComponentsJSON;
}

export const i18n = createI18n<Lang, 'en'>(lang, {
  baseLocale: 'en',
  get: (code, components) => (code === 'bn' ? loadBangla(components) : Promise.resolve({})),
});

/**
 * Before the first render in Bangla mode: the frame's catalogue and the first page's, so the
 * page never flashes English. Prefixes are the web folders of the page's modules.
 */
export async function preloadLanguage(pathname: string): Promise<void> {
  if (lang.get() !== 'bn') return;
  const prefixes = cataloguesFor(pageModulesFor(pathname));
  try {
    const loaded = await loadBangla(prefixes.map((prefix) => `${prefix}/`));
    // The cache is by language, then component (the library's type says otherwise).
    const cache = i18n.cache as unknown as Record<Lang, ComponentsJSON | undefined>;
    cache.bn = { ...cache.bn, ...loaded };
  } catch {
    // Offline or a stale deploy: render in English; the catalogues load again when shown.
  }
}

/**
 * The value of a store (a component's texts, the language), re-rendered when it changes. React's
 * own external-store hook: listening mounts the store, which loads its Bangla texts when needed.
 */
export function useMessages<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(store.listen, store.get);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const localeOf = (code: string) => (code === 'bn' ? 'bn-BD' : 'en-GB');

// Whole numbers are written here, not by Intl: the first Intl formatter a page makes loads the
// locale's data, about 25 ms of a phone's main thread (100 ms in Lighthouse's slowed-down CPU), on
// every first visit, for "1", "2", "3" and a year. The output is Intl's own, checked against it in
// i18n.test.ts: en-GB groups by thousands (1,234,567), bn-BD the Indian way in Bangla digits
// (১২,৩৪,৫৬৭). Fractions and huge numbers still go to Intl.
/** Bangla digit zero (০); the others follow it. Not written out: an English visit loads no Bangla text. */
const BANGLA_ZERO = 0x09e6;

/** A text's digits 0-9 as Bangla digits (০-৯). */
export const banglaDigits = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(BANGLA_ZERO + Number(d)));

function formatInteger(value: number, code: string, grouping: boolean): string {
  const digits = String(Math.abs(value));
  let grouped = digits;
  if (grouping && digits.length > 3) {
    const last = digits.slice(-3);
    const head = digits.slice(0, -3);
    grouped = `${head.replace(code === 'bn' ? /\B(?=(\d{2})+$)/g : /\B(?=(\d{3})+$)/g, ',')},${last}`;
  }
  const text = `${value < 0 ? '-' : ''}${grouped}`;
  return code === 'bn' ? banglaDigits(text) : text;
}

const isPlainInteger = (value: number) => Number.isSafeInteger(value) && !Object.is(value, -0);

/** A number in the language's digits ("১২" in Bangla). */
export function formatNumber(value: number, code: string = lang.get()): string {
  if (isPlainInteger(value)) return formatInteger(value, code, true);
  const locale = localeOf(code);
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}

/**
 * The CLDR plural category of a whole number (English: one for 1; Bangla: one for 0 and 1), the
 * rest by Intl.PluralRules; as for numbers, Intl's first use is costly.
 */
export function pluralForm(count: number, code: string): Intl.LDMLPluralRule {
  if (isPlainInteger(count) && count >= 0) return count === 1 || (code === 'bn' && count === 0) ? 'one' : 'other';
  return new Intl.PluralRules(localeOf(code)).select(count);
}

/**
 * Plural forms by the language's plural rules, `{count}` in its digits:
 * `plural({ one: '{count} request is waiting.', other: '{count} requests are waiting.' })`.
 */
export const plural = transform((code, translation: TranslationJSON, count: number) => {
  const forms = translation as Record<string, string>;
  const form = pluralForm(count, code);
  return strings(forms[form] ?? forms.other ?? '', (text) => text.replaceAll('{count}', formatNumber(count, code)));
}) as unknown as <Forms extends { one: string; other: string }>(forms: Forms) => (count: number) => string;

/** A year, in the language's digits and without grouping ("২০২৬"). */
export const formatYear = (year: number, code: string = lang.get()) =>
  isPlainInteger(year) ? formatInteger(year, code, false) : new Intl.NumberFormat(localeOf(code), { useGrouping: false }).format(year);

const show = (value: string | number | undefined, code: string) => (typeof value === 'number' ? formatNumber(value, code) : String(value));

/** A text with `{name}` placeholders (numbers shown in the language's digits): `fill('Page {page} of {pages}')({ page, pages })`. */
export const fill = transform((code, translation: TranslationJSON, values: Record<string, string | number>) =>
  strings(translation, (text) => text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? show(values[key], code) : whole))),
) as unknown as (text: string) => (values: Record<string, string | number>) => string;
