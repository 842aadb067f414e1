// The server the Playwright suite runs against: the production build on a fresh embedded
// database in a temporary folder, removed again when the suite stops it (SIGTERM).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, buildWeb } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A build of its own inside dist/ (so the server still finds the project root), so that several
// suites, or a suite and `npm start`, never serve each other's half-written files.
const buildDir = path.join(root, 'dist', `e2e-${process.pid}`);
await Promise.all([buildServer(path.join(buildDir, 'server')), buildWeb(path.join(buildDir, 'web'))]);
const port = process.env.E2E_PORT ?? '4173';
// Online giving against a local stand-in for Stripe's API (test/stripe-stand-in.ts, loaded through
// tsx: this script runs as `node --import tsx`). The specs sign webhooks with its secret.
const { startStripeStandIn } = await import('../test/stripe-stand-in.ts');
const stripe = await startStripeStandIn();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bd-e2e-'));
const child = spawn(process.execPath, [path.join(buildDir, 'server/main.js')], {
  cwd: root,
  // Its own process group: only our forwarded signal reaches it, so it shuts down once, cleanly.
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The suite signs in as this admin (e2e/fixtures.ts).
    ADMIN_EMAIL: 'admin@e2e.test',
    ADMIN_PASSWORD: 'Admin#2026',
    // Every test comes from 127.0.0.1: per-address limits sized for a person would trip the suite.
    RATE_LIMIT_AUTH_PER_MINUTE: '5000',
    RATE_LIMIT_UPLOAD_PER_MINUTE: '5000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '5000',
    // Specs create many requests per user (the daily limit is tested in the API tests).
    REQUESTS_PER_DAY: '10000',
    // Accounts made by a spec act at once (the new-account rules of issue 30 are tested in the API tests).
    NEW_ACCOUNT_HOURS: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
    WEB_DIST_DIR: path.join(buildDir, 'web'),
    ...stripe.env(),
  },
});
const forward = (signal) => child.kill(signal);
process.on('SIGTERM', () => forward('SIGTERM'));
process.on('SIGINT', () => forward('SIGTERM'));
child.on('exit', async (code) => {
  await stripe.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(buildDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
