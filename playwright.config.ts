import { defineConfig, devices } from '@playwright/test';

// A port of its own per run (set once here, inherited by the workers), so several suites can run
// side by side. E2E_PORT pins it.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = process.env.E2E_PORT;

// The suite runs against the production build served by the real server (scripts/e2e-server.mjs:
// fresh embedded PostgreSQL, a port of its own), in the machine's Chromium: never a downloaded browser.
/** The machine's Chromium (never a downloaded browser), as every project uses it. */
const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  // A test's whole time, not a speed check: the longer ones run an axe check on every page they
  // visit, seconds each when two workers share two slow cores (30 s timed out a passing blog test).
  timeout: 60_000,
  // Likewise an expectation's wait: a click that opens a lazy route waits for its chunk, and on a
  // clean-clone CI run (two workers, the server and PostgreSQL on two cores) the login page's took
  // over 5 s to arrive once. Still no speed check: the benchmarks measure speed.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // Every route in Bangla (issue 16) first, on a database holding only what it writes itself
      // (in Bangla): the other specs' English names would reach the staff lists, and through them
      // the buttons' accessible names, which no mark can set apart.
      name: 'bangla-sweep',
      testMatch: /language-sweep\.spec\.ts$/,
      use: CHROMIUM,
    },
    {
      name: 'chromium',
      // The insight specs add six months of demo data (e2e/insight-db.ts): they run after the rest,
      // whose searches and lists would otherwise find the demo donors and requests.
      testIgnore: [/insight.*\.spec\.ts$/, /language-sweep\.spec\.ts$/],
      dependencies: ['bangla-sweep'],
      use: CHROMIUM,
    },
    { name: 'insight', testMatch: /insight.*\.spec\.ts$/, dependencies: ['chromium'], use: CHROMIUM },
  ],
  webServer: {
    command: 'node --import tsx scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM (not Playwright's default SIGKILL), so scripts/e2e-server.mjs can stop the server it
    // started in its own process group and remove its temporary database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
