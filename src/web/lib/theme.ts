import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '../../shared/site/model';

// The one source of truth for the colour theme. The stored choice (localStorage `theme`) wins;
// with nothing stored the system colour scheme decides, live. public/theme-init.js applies the
// same rule before first paint so there is no flash; this store keeps <html data-theme> in step
// afterwards and lets every toggle read the true state.

export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The explicitly chosen theme, or null when the user has not chosen (or storage is blocked). */
export function getStoredTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

function getSystemTheme(): Theme {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function getTheme(): Theme {
  return getStoredTheme() ?? getSystemTheme();
}

function applyTheme(theme: Theme): void {
  if (document.documentElement.dataset.theme !== theme) {
    document.documentElement.dataset.theme = theme;
  }
}

function emit(): void {
  applyTheme(getTheme());
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked (private mode, quota): still switch for this page view.
    applyTheme(theme);
    for (const listener of listeners) listener();
    return;
  }
  emit();
}

export function toggleTheme(): void {
  setTheme(getTheme() === 'dark' ? 'light' : 'dark');
}

function onStorage(event: StorageEvent): void {
  // Another tab changed (or cleared) the choice.
  if (event.key === THEME_STORAGE_KEY || event.key === null) emit();
}

let media: MediaQueryList | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    media = window.matchMedia?.(DARK_QUERY);
    media?.addEventListener('change', emit);
    window.addEventListener('storage', onStorage);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      media?.removeEventListener('change', emit);
      window.removeEventListener('storage', onStorage);
      media = undefined;
    }
  };
}

const getServerSnapshot = (): Theme => 'light';

/** The current theme; re-renders when it changes here, in another tab, or in the system. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, getServerSnapshot);
}
