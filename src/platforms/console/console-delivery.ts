import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Delivery, DeliveryTarget, JobView } from '../../core/api.js';
import type { Failure } from '../../core/failures.js';
import { formatUsd } from '../../core/money.js';

/** Largest file the console "accepts": it is only a copy on the local disk (2 GiB). */
export const CONSOLE_UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;

/** What the playground needs to hear about a video job's end. */
export interface ConsoleDeliveryEvents {
  /** A job reached its end (delivered or failed); `path` is set when a file was written. */
  onFinished?(jobId: string, path: string | null): void;
}

/**
 * The terminal's {@link Delivery}: prints progress lines, copies the finished mp4 into `outputDir` and prints its
 * path, and prints the core's words for a failure. Registered on the app under platform `console`.
 */
export class ConsoleDelivery implements Delivery {
  readonly platform = 'console' as const;

  constructor(
    private readonly outputDir: string,
    private readonly print: (line: string) => void,
    private readonly explain: (failure: Failure) => string,
    private readonly events: ConsoleDeliveryEvents = {},
  ) {}

  async progress(_target: DeliveryTarget, job: JobView): Promise<void> {
    this.print(`  video ${job.id}: ${job.status} ${Math.round(job.progress)}%`);
  }

  async deliverVideo(_target: DeliveryTarget, job: JobView, file: { path: string; bytes: number; mime: string }): Promise<{ messageIds: string[] }> {
    await mkdir(this.outputDir, { recursive: true });
    const dest = join(this.outputDir, `${job.id}.mp4`);
    await copyFile(file.path, dest);
    const cost = job.chargedMicros ?? job.estimateMicros;
    this.print(`✓ video ${job.id} ready (${job.seconds ?? '?'} s, ${job.size ?? ''}, ${formatUsd(cost)}): ${dest}`);
    this.events.onFinished?.(job.id, dest);
    return { messageIds: [dest] };
  }

  async notifyFailure(_target: DeliveryTarget, job: JobView, failure: Failure): Promise<void> {
    this.print(`✗ video ${job.id}: ${this.explain(failure)}`);
    this.events.onFinished?.(job.id, null);
  }

  uploadLimitBytes(): number {
    return CONSOLE_UPLOAD_LIMIT_BYTES;
  }
}
