import { describe, expect, it } from 'vitest';
import { JOB_STEPS, type JobStepName } from '../../src/core/jobs/engine.js';
import { deliverResultStep } from '../../src/jobs/deliver-result-step.js';
import { deliverVideoStep } from '../../src/jobs/deliver-video-step.js';
import { fetchStep } from '../../src/jobs/fetch-step.js';
import { STEPS } from '../../src/jobs/job-runner.js';
import { waitStep } from '../../src/jobs/wait-step.js';

const ORDER: readonly JobStepName[] = ['submit', 'wait', 'fetch', 'check', 'keep', 'deliver', 'settle'];

/**
 * The one table of job kinds (the core's `JOB_STEPS`: what runs inline, what in the runner) drives the runner: its
 * dispatch (`STEPS`) is read from it, each kind gets the runner steps it names and no other, and money is settled
 * only after the result was checked and kept, on whichever side.
 */
describe('the job kinds table', () => {
  it('lists the same kinds as the runner, and every kind the runner finishes has a runner row for it', () => {
    expect(Object.keys(STEPS).sort()).toEqual(Object.keys(JOB_STEPS).sort());
    for (const [kind, steps] of Object.entries(JOB_STEPS)) {
      const row = STEPS[kind as keyof typeof STEPS];
      if (steps.runner.includes('deliver')) expect(row.delivering, `${kind} delivering`).toBeTypeOf('function');
      if (steps.runner.includes('wait')) expect(row.submitted ?? row.running, `${kind} waiting`).toBeTypeOf('function');
      if (steps.runner.includes('fetch')) expect(row.downloading, `${kind} fetching`).toBeTypeOf('function');
      if (!steps.runner.includes('wait')) expect(row.submitted, `${kind} never waits`).toBeUndefined();
    }
  });

  it('gives each kind of today the runner steps it had when the runner kept its own table (no behaviour change)', () => {
    expect(STEPS.video).toEqual({ submitted: waitStep, running: waitStep, downloading: fetchStep, delivering: deliverVideoStep });
    for (const kind of ['imagine', 'edit', 'ask'] as const) expect(STEPS[kind]).toEqual({ delivering: deliverResultStep });
  });

  it('settles every kind once its result was checked and kept, and runs its inline steps in the engine\'s order', () => {
    for (const [kind, steps] of Object.entries(JOB_STEPS)) {
      const all = [...steps.inline, ...steps.runner];
      const settle = all.indexOf('settle');
      expect(settle, `${kind} settles`).toBeGreaterThan(-1);
      expect(all.indexOf('check'), `${kind} checks before settling`).toBeGreaterThan(-1);
      expect(all.indexOf('check')).toBeLessThan(settle);
      expect(all.indexOf('keep')).toBeGreaterThan(all.indexOf('check'));
      expect(all.indexOf('keep')).toBeLessThan(settle);
      expect(steps.inline[0], `${kind} starts in its command`).toBe('submit');
      const inline = steps.inline.map((s) => ORDER.indexOf(s));
      expect(inline).toEqual([...inline].sort((a, b) => a - b));
    }
  });
});
