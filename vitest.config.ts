import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/reliability/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two test files at a time: most of the suite waits on child processes, HTTP fakes and Chromium rather than the
    // CPU, and vitest's default on a 2-core machine (cores − 1) runs the files one after another.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
