import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The sub-folders of `dir`, as they are when ESLint starts. */
const foldersOf = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/**
 * Feature boundaries (docs/decisions/028-feature-boundaries.md), as `import-x/no-restricted-paths`
 * zones built from the folders of `dir` as they are when ESLint starts (a new or moved folder is
 * covered without editing this file). A file in one folder may import another folder only through
 * that folder's public entries (`entries`, plus `moreEntries[folder]`); every file of a `shared`
 * folder is public. Files directly in `dir` (the composition root: app.ts, deps.ts, main.ts,
 * router.tsx...) may import anything. With `sharedImportsNoFeature`, shared folders import no
 * feature at all (server infrastructure knows nothing of the features).
 */
function featureZones(dir, { shared, entries, moreEntries = {}, sharedImportsNoFeature = false }) {
  const folders = foldersOf(dir);
  const features = folders.filter((f) => !shared.includes(f));
  const zones = features.map((feature) => {
    const publicEntries = [...entries, ...(moreEntries[feature] ?? [])];
    return {
      target: folders.filter((f) => f !== feature && !(sharedImportsNoFeature && shared.includes(f))).map((f) => `${dir}/${f}`),
      from: `${dir}/${feature}`,
      except: publicEntries.map((e) => `./${e}`),
      message: `Another folder may import ${dir}/${feature}/ only through ${publicEntries.join(', ')}; its other modules are private (decision 028).`,
    };
  });
  if (sharedImportsNoFeature && features.length > 0) {
    zones.push({
      target: shared.map((f) => `${dir}/${f}`),
      from: features.map((f) => `${dir}/${f}`),
      message: `${shared.join('/, ')}/ are infrastructure: they import no feature (decision 028).`,
    });
  }
  return zones;
}

const serverFeatureZones = featureZones('src/server', {
  shared: ['db', 'lib', 'plugins'],
  entries: ['index.ts', 'routes.ts', 'service.ts'],
  moreEntries: { auth: ['guard.ts'] },
  sharedImportsNoFeature: true,
});

/** The app imports the features, never the other way: they take AppDeps from deps.ts. */
const appImportsFeatures = {
  target: foldersOf('src/server').map((f) => `src/server/${f}`),
  from: ['src/server/app.ts', 'src/server/main.ts'],
  message: 'app.ts and main.ts import the features: take AppDeps (and createDeps) from deps.ts (decision 028).',
};

export default tseslint.config(
  { ignores: ['.tmp-shots/', 'dist/', 'node_modules/', 'data/', 'coverage/', 'test-results/', 'playwright-report/', 'scratch/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The SPA never reaches into the server.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'web must not import server code' }] }],
    },
  },
  {
    // Issue 16: no hard-coded user-facing text in a component, so nothing escapes the catalogues.
    // Texts come from a feature's texts.ts (English, from src/shared's constants) and its Bangla
    // catalogue beside it, texts.bn.ts.
    files: ['src/web/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/[A-Za-z]{2}/]', message: 'user-facing text belongs in the texts catalogue (src/web/i18n, issue 16)' },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt|label)$/] > Literal[value=/[A-Za-z]{2}/]',
          message: 'user-facing text belongs in the texts catalogue (src/web/i18n, issue 16)',
        },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt|label)$/] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]{2}/]',
          message: 'user-facing text belongs in the texts catalogue (src/web/i18n, issue 16)',
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'server must not import web code' }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      // Shared code runs in both places: zod and itself only.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*', 'react*'], message: 'src/shared imports nothing but zod' }] }],
      // One home per symbol (decision 066): src/shared re-exports nothing, so every importer names
      // the module a symbol is written in, and no module can sit in a cycle through a re-export.
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'src/shared re-exports nothing: import the symbol from its one home (decision 066)' },
        { selector: 'ExportNamedDeclaration[source]', message: 'src/shared re-exports nothing: import the symbol from its one home (decision 066)' },
        {
          selector: 'ExportNamedDeclaration[declaration=null][source=null]',
          message: 'src/shared exports a symbol where it is declared (`export const ...`), never from a list (decision 066)',
        },
      ],
    },
  },
  {
    // Zod lives in a feature's schemas.ts only (decision 066). Everything else in src/shared (a
    // feature's model.ts, policy.ts, texts.ts; the route table, the API contract, the access
    // engine...) is what public pages import: no zod, and from a schemas.ts types only.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/schemas.ts', 'src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'only a schemas.ts imports zod: this module must stay zod-free (public pages load it)' }],
          patterns: [
            { group: ['**/server/**', '**/web/**', 'node:*', 'react*'], message: 'src/shared imports nothing but zod' },
            { regex: '(^|/)schemas$', allowTypeImports: true, message: 'a zod-free module imports a schemas.ts for its types only' },
          ],
        },
      ],
    },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Import cycles (src/shared's too: decision 066) and feature boundaries (decision 028).
    files: ['src/server/**/*.ts', 'src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Type-only imports are erased, so they cannot form a cycle at run time and are not counted.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      // A feature's public entries: routes.ts (its plugin, for app.ts), service.ts (what other
      // features may call), index.ts (if it wants a narrower facade); auth also guard.ts (the request
      // guards every feature's routes use). Private: cache.ts, sanitize.ts, page-hints.ts, ...
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverFeatureZones, appImportsFeatures] }],
    },
  },
  {
    // Tests build the app.
    files: ['src/server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverFeatureZones }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      // A web feature's public entries: api.ts (its queries and mutations) and index.ts(x); its
      // pages are reached through the router's table, never imported; texts.ts (and a part's *-texts.ts) is its English
      // catalogue, which its Bangla one beside it (texts.bn.ts, loaded by i18n/) follows (issue 16).
      // lib/, i18n/, components/ and layouts/ are shared by all.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: featureZones('src/web', {
            shared: ['lib', 'i18n', 'components', 'layouts'],
            entries: ['api.ts', 'index.ts', 'index.tsx', 'texts.ts', 'auth-texts.ts', 'bell-texts.ts'],
          }),
        },
      ],
    },
  },
);
