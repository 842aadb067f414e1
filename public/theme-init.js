// Runs before first paint (a blocking script in <head>): apply the stored theme, or the system
// colour scheme when none is stored, so the page never flashes the wrong theme.
// Keep in step with src/web/lib/theme.ts (same key and values).
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem('theme');
  } catch {
    // Storage blocked: fall back to the system preference.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
