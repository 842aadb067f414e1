// Builds what `npm start` serves: the server bundle (esbuild) and the SPA (Vite), precompressed.
// `node scripts/build.mjs` builds both; `ensureBuilt()` rebuilds only what is missing or stale.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const targets = {
  server: {
    inputs: ['src/server', 'src/shared', 'package-lock.json', 'scripts/build.mjs'],
    stamp: 'dist/server/.build-stamp',
    output: 'dist/server/main.js',
    build: () => buildServer(),
  },
  web: {
    inputs: ['src/web', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs'],
    stamp: 'dist/web/.build-stamp',
    output: 'dist/web/index.html',
    build: () => buildWeb(),
  },
};

/** A fingerprint of the inputs: path, size and mtime of every file (fast; no reading). */
async function fingerprint(inputs) {
  const hash = crypto.createHash('sha256');
  async function walk(rel) {
    const abs = path.join(root, rel);
    const st = await fs.stat(abs).catch(() => null);
    if (!st) return;
    if (st.isDirectory()) {
      const entries = (await fs.readdir(abs)).filter((e) => !e.endsWith('.test.ts')).sort();
      for (const e of entries) await walk(path.join(rel, e));
    } else {
      hash.update(`${rel}:${st.size}:${st.mtimeMs}\n`);
    }
  }
  for (const i of inputs) await walk(i);
  return hash.digest('hex');
}

// The bundle holds code only: the SQL it runs at start, src/server/db/migrations/ and
// src/server/db/functions/, is read from the project at run time (src/server/paths.ts finds the root
// above the bundle), so a build inside dist/ runs the files of its checkout.
export async function buildServer(outDir = path.join(root, 'dist/server')) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(outDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Beside the bundle in dist/server, which is never served (only dist/web is).
    sourcemap: true,
    logLevel: 'warning',
  });
}

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

export async function buildWeb(outDir = path.join(root, 'dist/web')) {
  await run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir']);
  await removeSourceMaps(outDir);
  await precompress(outDir);
}

/**
 * dist/web is public: no source map may be there (vite.config.ts builds none; this catches a
 * plugin or a changed setting). The server's own map, dist/server/main.js.map, is not served.
 */
async function removeSourceMaps(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.map')) await fs.rm(path.join(entry.parentPath ?? entry.path, entry.name));
  }
}

/** Writes .br and .gz beside each text asset so the server sends them without compressing per request. */
async function precompress(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await precompress(file);
    else if (/\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) {
      const data = await fs.readFile(file);
      if (data.length < 1024) continue;
      await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
      await fs.writeFile(
        `${file}.br`,
        await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      );
    }
  }
}

export async function ensureBuilt({ force = false, log = console.log } = {}) {
  for (const [name, t] of Object.entries(targets)) {
    const print = await fingerprint(t.inputs);
    const stampFile = path.join(root, t.stamp);
    const current = await fs.readFile(stampFile, 'utf8').catch(() => '');
    const present = await fs.stat(path.join(root, t.output)).then(() => true, () => false);
    if (!force && present && current === print) continue;
    log(`building the ${name}...`);
    const started = Date.now();
    await t.build();
    await fs.writeFile(stampFile, print);
    log(`built the ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await ensureBuilt({ force: !process.argv.includes('--if-stale') });
}
