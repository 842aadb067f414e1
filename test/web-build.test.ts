import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the production build of the web app', () => {
  it('writes no source maps into the public folder (vite.config.ts build.sourcemap)', async () => {
    const config = await resolveConfig({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent' }, 'build', 'production');
    expect(path.resolve(config.root, config.build.outDir)).toBe(path.join(root, 'dist/web'));
    // `true` and 'inline' put the source in or beside the served files; 'hidden' writes the maps
    // into the output folder too (scripts/build.mjs deletes any there): none is the only safe value.
    expect(config.build.sourcemap).toBe(false);
  });
});
