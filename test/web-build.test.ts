import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

  // A chunk that imports a chunk importing it back runs before the other's exports exist: a page
  // crashed with "Cannot read properties of undefined" when the request texts' chunk and the
  // insight rules' imported each other (a shared leaf module in two chunk groups does this).
  it('has no chunks that import each other, directly or round a loop', { timeout: 120_000 }, async () => {
    const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-web-build-'));
    try {
      await promisify(execFile)(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], { cwd: root });
      const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
      const loops: string[] = [];
      const state = new Map<string, 'open' | 'done'>();
      const trail: string[] = [];
      const visit = (key: string) => {
        state.set(key, 'open');
        trail.push(key);
        for (const next of manifest[key]?.imports ?? []) {
          if (state.get(next) === 'open') loops.push([...trail.slice(trail.indexOf(next)), next].map((k) => manifest[k]?.file ?? k).join(' -> '));
          else if (!state.has(next)) visit(next);
        }
        trail.pop();
        state.set(key, 'done');
      };
      for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key);
      expect(Object.keys(manifest).length).toBeGreaterThan(20);
      expect(loops).toEqual([]);
    } finally {
      await fs.rm(outDir, { recursive: true, force: true });
    }
  });
});
