// What the web app keeps in the browser's storage, by key.

export const THEME_STORAGE_KEY = 'theme';
export const ACCESS_TOKEN_STORAGE_KEY = 'access-token';
