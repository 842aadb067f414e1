// The two languages of the app (issue 16) and how a language is chosen, for the web (which stores
// the choice) and the server (which answers errors and sends alerts in it). Zod-free: the main
// bundle loads it.

export const LANGS = ['en', 'bn'] as const;
export type Lang = (typeof LANGS)[number];

export const DEFAULT_LANG: Lang = 'en';
export const LANG_STORAGE_KEY = 'lang';

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'bn';

/** The language switch shows the language it switches to, in that language. */
export const LANG_SWITCH_LABEL: Record<Lang, string> = { en: 'বাংলা', bn: 'English' };

/** The `Intl` locale of each language: Bangla digits and month names in Bangla mode. */
export const INTL_LOCALE: Record<Lang, string> = { en: 'en-GB', bn: 'bn-BD' };

const primary = (tag: string) => tag.trim().toLowerCase().split('-')[0];

/** Bangla when `bn` comes before `en` in the user's preferred languages, else English. */
export function langFromPreferences(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const code = primary(tag);
    if (code === 'bn') return 'bn';
    if (code === 'en') return 'en';
  }
  return DEFAULT_LANG;
}

/**
 * Catalogues a folder's pages show besides their own: the sign-in texts beside the users/ pages,
 * the request badges and facts in the alerts, the charts under the admin home's statistics.
 */
const SHOWN_WITH: Record<string, readonly string[]> = { users: ['auth'], notifications: ['donation-requests'], stats: ['insight'] };

/**
 * Where each Bangla catalogue is, by the prefix of the components it holds (`<prefix>/...`), relative
 * to src/web: beside the English texts it translates, `<feature>/texts.bn.ts`; the frame's (`site`:
 * the texts of components/, layouts/ and the bell) beside components/texts.ts, and the sign-in
 * texts (`auth`) beside users/auth-texts.ts. The web loads a catalogue by this path only in Bangla
 * mode, when a component of its prefix is shown (src/web/i18n/index.ts); the server preloads the
 * first page's by the same path (spa.ts). src/web/i18n/catalogues.test.ts checks that it names
 * every catalogue, and each catalogue only its prefix's components.
 */
export const CATALOGUE_FILES: Readonly<Record<string, string>> = {
  site: 'components/texts.bn.ts',
  auth: 'users/auth-texts.bn.ts',
  audit: 'audit/texts.bn.ts',
  blogs: 'blogs/texts.bn.ts',
  certificates: 'certificates/texts.bn.ts',
  contact: 'contact/texts.bn.ts',
  'donation-requests': 'donation-requests/texts.bn.ts',
  funding: 'funding/texts.bn.ts',
  insight: 'insight/texts.bn.ts',
  notifications: 'notifications/texts.bn.ts',
  reports: 'reports/texts.bn.ts',
  search: 'search/texts.bn.ts',
  stats: 'stats/texts.bn.ts',
  users: 'users/texts.bn.ts',
};

/**
 * The Bangla catalogues (by prefix: CATALOGUE_FILES) a page needs before its first render, from its
 * modules (`pageModulesFor`): the frame's, each module folder's, and what those folders' pages
 * show besides (SHOWN_WITH). The page waits for them, and the server preloads them (spa.ts).
 */
export function cataloguesFor(modules: readonly string[]): string[] {
  const folders = modules.map((module) => module.split('/')[0]!);
  return [...new Set(['site', ...folders, ...folders.flatMap((folder) => SHOWN_WITH[folder] ?? [])])];
}

/** The cookie the web sets beside localStorage when the user chooses, so the server can serve the page in it. */
export const LANG_COOKIE = 'lang';

/** The choice in a Cookie header, if any. */
export function langFromCookie(header: string | undefined): Lang | null {
  const value = header?.match(/(?:^|;\s*)lang=(en|bn)(?:;|$)/)?.[1];
  return isLang(value) ? value : null;
}

/** The same rule over an `Accept-Language` header, by its q-values (RFC 9110 §12.5.4). */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return langFromPreferences(ranked.map((entry) => entry.tag));
}
