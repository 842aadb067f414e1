import { atom } from 'nanostores';
import { setApiLanguage } from '../lib/api-client';
import { INTL_LOCALE, isLang, type Lang, LANG_COOKIE, LANG_STORAGE_KEY, langFromPreferences } from '../../shared/i18n/model';

// The one source of truth for the language (issue 16), like lib/theme.ts for the theme: the
// stored choice (localStorage `lang`) wins; with none, the browser's languages decide. <html lang>
// follows it; another tab's choice is followed too.

function storedLang(): Lang | null {
  try {
    const value = window.localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

const browserLang = (): Lang =>
  typeof navigator === 'undefined' ? 'en' : langFromPreferences(navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);

// Outside a browser (the catalogue tests) there is no document to follow the language.
const inBrowser = typeof document !== 'undefined';

/** The current language. */
export const lang = atom<Lang>(storedLang() ?? browserLang());

// The Bengali font (decision 055): never before the first page has painted, so on a slow link it
// does not share the bandwidth with the scripts that paint it. In both languages (issue 38): its
// unicode-range makes the browser fetch it only for a page that shows Bengali characters, such as
// a Bangla name in English mode.
let painted = false;
const loadBanglaFont = () => {
  if (!painted) return;
  import('./bangla-font.css').catch(() => {
    // Offline, or on a dropped link, the stylesheet cannot come: the page stays readable in the
    // system's font, and the next page load asks again (Vite's preload helper does not ask twice
    // for one file in a page). Caught, so it is not an uncaught error.
  });
};

/** The first page has painted (providers.tsx): the Bengali font may load now. */
export function firstPaintDone(): void {
  painted = true;
  loadBanglaFont();
}

lang.subscribe((value) => {
  if (!inBrowser) return;
  // Written only when different: the server's first paint already has them, and every write
  // makes the browser recompute the page's styles.
  const root = document.documentElement;
  if (root.lang !== value) root.lang = value;
  setApiLanguage(value);
  loadBanglaFont();
  // The installed app's name and description in the same language.
  const manifest = document.querySelector('link[rel="manifest"]');
  const href = value === 'bn' ? '/manifest-bn.webmanifest' : '/manifest.webmanifest';
  if (manifest && manifest.getAttribute('href') !== href) manifest.setAttribute('href', href);
});

export function setLang(value: Lang): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, value);
  } catch {
    // Storage blocked: still switch for this page view.
  }
  // The server reads it to send the first paint in this language (src/server/plugins/spa.ts).
  document.cookie = `${LANG_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
  lang.set(value);
}

if (inBrowser) window.addEventListener('storage', (event) => {
  if (event.key === LANG_STORAGE_KEY || event.key === null) lang.set(storedLang() ?? browserLang());
});

/** The `Intl` locale of the current language (`bn-BD` gives Bangla digits and month names). */
export const intlLocale = () => INTL_LOCALE[lang.get()];
