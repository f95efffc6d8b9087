import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * `npm run test:reliability`: the crash, fault, bad-input and load matrices, then the secrets sweep over what they
 * left in `RELIABILITY_ARTIFACTS`. Files run one at a time in name order (`1-…` to `zz-secrets`), because the load
 * test measures event-loop delay and the sweep must run last.
 */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
  }
}

const artifacts = process.env.RELIABILITY_ARTIFACTS ?? mkdtempSync(join(tmpdir(), 'reliability-artifacts-'));

export default defineConfig({
  test: {
    include: ['test/reliability/**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    sequence: { sequencer: ByName },
    env: { RELIABILITY_ARTIFACTS: artifacts },
    reporters: ['default'],
  },
});
