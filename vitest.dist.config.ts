import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * `npm run test:dist`: the Telegram and Discord end-to-end suites (and the process-level ones: start-up errors,
 * health endpoints, graceful stop) against the BUILT output. Every `…/src/<module>.js` import of the tests is
 * redirected to `…/dist/src/<module>.js`, spawned bots run `node dist/src/main.js` (MEDIABOT_TEST_DIST=1), and a
 * guard fails any test that still loads a file from `src/`. Run `npm run build` first.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const src = `${root}src/`;

if (!existsSync(`${root}dist/src/main.js`)) throw new Error('dist/src/main.js is missing: run `npm run build` before `npm run test:dist`');

const srcGuard: Plugin = {
  name: 'mediabot-dist-guard',
  enforce: 'pre',
  load(id) {
    if (id.startsWith(src)) throw new Error(`dist mode: ${id.slice(root.length)} was loaded from the sources; the import was not redirected to dist/`);
    return null;
  },
};

export default defineConfig({
  plugins: [srcGuard],
  resolve: {
    alias: [{ find: /^((?:\.\.\/)+)src\/(.+)\.js$/, replacement: '$1dist/src/$2.js' }],
  },
  test: {
    include: ['test/e2e/telegram-*.test.ts', 'test/e2e/discord-*.test.ts', 'test/e2e/startup-errors.test.ts', 'test/e2e/health-endpoints.test.ts', 'test/e2e/graceful-stop.test.ts'],
    exclude: ['node_modules/**'],
    env: { MEDIABOT_TEST_DIST: '1' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time, as `npm test` runs these same files (they wait on child processes and fakes, not the CPU).
    maxWorkers: 2,
    reporters: ['default'],
  },
});
