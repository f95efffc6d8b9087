import type { JobRecord } from '../core/ports/job-store.js';
import type { ResolvedPollerConfig, VideoPollerDeps } from './poller-types.js';

/** State shared by the poller's steps within one process. */
export interface PollerContext {
  deps: VideoPollerDeps;
  config: ResolvedPollerConfig;
  /** This process's lease owner id. */
  owner: string;
  /** ffmpeg path once looked up (null: none, re-encoding off). */
  ffmpeg: string | null;
  /** When each job's progress was last shown (throttle), by job id. In memory: a restart may show one extra update. */
  progressAt: Map<string, number>;
  /**
   * Runs the step of the job's current status at once (a step that moved a job on hands it over here), under the
   * same lease. Set by the `VideoPoller`, so the steps need not import each other.
   */
  resume(job: JobRecord, signal: AbortSignal): Promise<void>;
}
