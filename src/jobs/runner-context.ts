import type { JobMoney } from '../core/money/job-money.js';
import type { JobLeasePort } from '../core/ports/job-leases.js';
import type { JobRecord } from '../core/ports/job-store.js';
import type { ResolvedRunnerConfig, JobRunnerDeps } from './runner-types.js';

/** State shared by the runner's steps within one process. */
export interface RunnerContext {
  deps: JobRunnerDeps;
  config: ResolvedRunnerConfig;
  /** This process's lease owner id. */
  owner: string;
  leases: JobLeasePort;
  /** Every money move of a job. */
  money: JobMoney;
  /** ffmpeg path once looked up (null: none, re-encoding off). */
  ffmpeg: string | null;
  /** When each job's progress was last shown (throttle), by job id. In memory: a restart may show one extra update. */
  progressAt: Map<string, number>;
  /**
   * Runs the step of the job's current status at once (a step that moved a job on hands it over here), under the
   * same lease. Set by the `JobRunner` from its step table, so the steps need not import each other.
   */
  resume(job: JobRecord, signal: AbortSignal): Promise<void>;
}
