import { defineConfig, devices } from '@playwright/test';

// A port of its own per run (set once here, inherited by the workers), so several suites can run
// side by side. E2E_PORT pins it.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = process.env.E2E_PORT;

// The suite runs against the production build served by the real server (scripts/e2e-server.mjs:
// fresh embedded PostgreSQL, a port of its own), in the machine's Chromium: never a downloaded browser.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
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
      },
    },
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
