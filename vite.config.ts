import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';
import { SITE_DESCRIPTION, SITE_NAME } from './src/shared/site/texts';
import { SITE_DESCRIPTION_BN, SITE_NAME_BN } from './src/shared/site/texts.bn';

/**
 * Matches the modules at these paths (relative to the project root, without extension; a trailing /
 * for a folder). A file's path matches that file only: `src/web/users/texts` is texts.ts, never the
 * Bangla catalogue texts.bn.ts beside it (which must stay a chunk of its own).
 */
export function modules(...paths: string[]): RegExp {
  const escape = (p: string) => p.replace(/[.]/g, '\\.').replace(/\//g, '[\\\\/]');
  const alternatives = paths.map((p) => (p.endsWith('/') ? escape(p) : `${escape(p)}\\.[cm]?[jt]sx?(?:\\?|$)`));
  return new RegExp(`[\\\\/](?:${alternatives.join('|')})`);
}

/**
 * Chunks (decisions 021 and 025). Left to itself, Rolldown makes one chunk per distinct set of
 * importing pages, so a first visit to /register fetched 16 files, most under 1 KB, and on a phone
 * each costs a round trip. Each group below becomes one file (`includeDependenciesRecursively: false`
 * keeps a group from dragging in the modules it imports; those stay in their own chunks):
 * - index: everything the entry imports statically, so the home page is one file (plus the runtime);
 * - common: small modules that most pages use;
 * - forms: React Hook Form and the sign-in, registration and profile forms' parts;
 * - requests: the donation-request lists, tables and actions the request pages share;
 * - blog: the blog pages' shared parts.
 * A group names folders (a trailing /), so a file joins or leaves it by where it lives, not by its
 * name: src/web/<feature>/shared/ is what a feature's pages share, src/web/components/form/ and
 * src/web/users/form/ the forms'. Single files: a feature's api.ts (its public entry, at the
 * folder's root: decision 028), src/shared's zod-free modules (a feature's model.ts, texts.ts and
 * policy.ts: its schemas.ts, beside them, must stay out), and common's few small modules. The Bangla
 * catalogues (src/web/<feature>/texts.bn.ts) are in no group: each is a small chunk of its own,
 * loaded only in Bangla mode (decision 046). test/routes.test.ts checks that every path named here exists, and that
 * nothing common, requests or blog hold imports zod: every page loading them would then load zod.
 */
export const CHUNK_GROUP_PATHS = {
  common: [
    'node_modules/@tanstack/',
    'src/shared/matching/model',
    'src/shared/matching/texts',
    'src/shared/dates/model',
    // The API contract's table; the frame's few entries are in session-endpoints (the home page's bundle).
    'src/shared/api/endpoints',
    'src/shared/access/policy',
    'src/web/components/dialogs',
    'src/web/components/modal',
    'src/web/components/pagination',
    'src/web/lib/page-param',
    'src/web/lib/toast',
    // Small modules that several public pages share (each under 1.5 KB gzip): one file, not eight.
    'src/web/lib/format',
    'src/web/components/phone-link',
    'src/web/components/location-select',
    'src/web/components/location-texts',
    'src/web/locations/',
    'src/web/notifications/api',
    'src/web/i18n/messages',
    'src/shared/outreach/model',
    'src/shared/outreach/texts',
    'src/shared/notifications/model',
    'src/shared/notifications/texts',
    'src/shared/reports/model',
    'src/shared/reports/texts',
    'src/shared/privacy/model',
    'src/shared/privacy/texts',
    'src/shared/search/texts',
  ],
  forms: [
    'node_modules/react-hook-form/',
    'src/web/components/form/',
    'src/web/users/form/',
    // The sign-in texts: the avatar field (users/form/) uses them and they quote users/form/messages,
    // so in a chunk of their own the two chunks would import each other.
    'src/web/users/auth-texts',
    'src/web/users/api',
    'src/shared/images/model',
    'src/shared/images/texts',
    'src/shared/users/model',
    'src/shared/users/texts',
    // Login's phone tab and the profile's phone (issue 32): zod-free, small.
    'src/shared/phone/model',
    'src/shared/phone/texts',
  ],
  requests: [
    'src/web/donation-requests/shared/',
    'src/web/donation-requests/api',
    // The request pages' English texts: shared/ uses them and they quote src/shared's request texts,
    // so in a chunk of their own the two chunks would import each other.
    'src/web/donation-requests/texts',
    // To move into shared/ (it was being edited when the folders were made).
    'src/web/donation-requests/permissions',
    'src/shared/donation-requests/model',
    'src/shared/donation-requests/texts',
    'src/shared/donation-requests/policy',
  ],
  blog: ['src/web/blogs/shared/', 'src/web/blogs/api', 'src/shared/blogs/model', 'src/shared/blogs/texts'],
};
const CHUNK_GROUPS = [
  { name: 'index', tags: ['$initial' as const] },
  ...Object.entries(CHUNK_GROUP_PATHS).map(([name, paths]) => ({ name, test: modules(...paths) })),
].map((group) => ({ ...group, includeDependenciesRecursively: false }));

/**
 * The installable app (decision 033): the web app manifest (linked from index.html by the plugin)
 * and the service worker, src/web/sw.ts, built to /sw.js with the list of files to precache
 * written in. That list is the offline page, the manifest and the icons (its icons, added by the
 * plugin, and the notifications' badge), never the app's scripts: installing must not download
 * the whole app on metered data. The page registers the worker itself (src/web/lib/register-sw.ts).
 */
const MANIFEST = {
  id: '/',
  name: SITE_NAME,
  short_name: SITE_NAME,
  description: SITE_DESCRIPTION,
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  // The light theme's primary and base (src/web/styles.css, index.html's theme-color).
  theme_color: '#c10007',
  background_color: '#ffffff',
  categories: ['health', 'medical'],
  // Made from public/favicon.svg by scripts/generate-icons.mjs.
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} satisfies Partial<ManifestOptions>;

/** The same manifest in Bangla (issue 16), for the page to link in Bangla mode (src/web/i18n/lang.ts). */
const banglaManifest: Plugin = {
  name: 'bangla-manifest',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'manifest-bn.webmanifest',
      source: JSON.stringify({ ...MANIFEST, name: SITE_NAME_BN, short_name: SITE_NAME_BN, description: SITE_DESCRIPTION_BN, lang: 'bn' }),
    });
  },
};

const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  injectRegister: null,
  includeAssets: ['offline.html', 'icons/badge-96.png'],
  injectManifest: {
    // Files of the build to precache; the public ones above are added from public/.
    globPatterns: [],
    // The worker's own build: no source maps into dist/web (test/web-build.test.ts).
    sourcemap: false,
  },
  manifest: MANIFEST,
});

// The SPA lives in src/web; the built files go to dist/web, which the Fastify server serves.
export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), pwa, banglaManifest],
  resolve: {
    // zod without its eval probe (blocked by our CSP): see src/web/lib/zod-jitless.ts.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod-jitless.ts', import.meta.url)) },
      // React Router 7's package exports name only its development build (remix-run/react-router#12532);
      // the production build is the same code with its development warnings switched off.
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : []),
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // No source maps in dist/web: everything there is public (the dev server still has them).
    sourcemap: false,
    // Maps source modules to chunks: bench/web.ts uses it to tell dashboard-only code apart.
    manifest: true,
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
