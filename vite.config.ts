import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Matches the modules at these paths (relative to the project root, without extension; a trailing / for a folder). */
function modules(...paths: string[]): RegExp {
  const alternatives = paths.map((p) => (p.endsWith('/') ? p : `${p}.`).replace(/[.]/g, '\\.').replace(/\//g, '[\\\\/]'));
  return new RegExp(`[\\\\/](${alternatives.join('|')})`);
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
 * folder's root: decision 028), src/shared's zod-free modules (that folder is flat), and common's
 * few small modules. test/routes.test.ts checks that every path named here exists, and that
 * nothing common, requests or blog hold imports zod: every page loading them would then load zod.
 */
export const CHUNK_GROUP_PATHS = {
  common: ['node_modules/@tanstack/', 'src/shared/blood-groups', 'src/shared/access', 'src/web/components/dialogs', 'src/web/components/modal', 'src/web/components/pagination', 'src/web/lib/page-param', 'src/web/lib/toast'],
  forms: [
    'node_modules/react-hook-form/',
    'src/web/components/form/',
    'src/web/users/form/',
    'src/web/users/api',
    'src/shared/image-rules',
    'src/shared/user-rules',
  ],
  requests: [
    'src/web/donation-requests/shared/',
    'src/web/donation-requests/api',
    // To move into shared/ (it was being edited when the folders were made).
    'src/web/donation-requests/permissions',
    'src/shared/donation-request-rules',
    'src/shared/donation-request-policy',
  ],
  blog: ['src/web/blogs/shared/', 'src/web/blogs/api', 'src/shared/blog-rules'],
};
const CHUNK_GROUPS = [
  { name: 'index', tags: ['$initial' as const] },
  ...Object.entries(CHUNK_GROUP_PATHS).map(([name, paths]) => ({ name, test: modules(...paths) })),
].map((group) => ({ ...group, includeDependenciesRecursively: false }));

// The SPA lives in src/web; the built files go to dist/web, which the Fastify server serves.
export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
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
