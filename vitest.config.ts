import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each test file gets its own database, so files run in parallel and in any order.
    fileParallelism: true,
    sequence: { shuffle: { files: true, tests: false } },
  },
});
