import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeliverableResult, Delivery } from '../../core/api.js';
import type { CommandDefinition, DeliveryAddress, Failure, JobView } from '../../core/api/surface.js';
import { deliveredResultFields, finishedJobActions, videoResultFields } from '../../core/commands/reply-kit.js';
import { findCommand } from '../../core/commands/lookup.js';
import { t } from '../../core/i18n/catalog.js';
import { formatMoney } from '../../core/i18n/format.js';
import { describeJobState } from '../../core/messages/job-text.js';
import { jobState } from '../../core/jobs/job-view.js';
import { CONSOLE, CONSOLE_UPLOAD_LIMIT_BYTES, type ConsoleAddress } from './console-surface.js';
import { printActions } from './render.js';

/** What the playground needs to hear about a video job's end. */
export interface ConsoleDeliveryEvents {
  /** A job reached its end (delivered or failed); `path` is set when a file was written. */
  onFinished?(jobId: string, path: string | null): void;
}

/** Options of {@link ConsoleDelivery}: the events, and what the follow-ups under a delivered video need. */
export interface ConsoleDeliveryOptions extends ConsoleDeliveryEvents {
  /** The definitions, to print a result's follow-ups as commands to type (only those whose command exists); none when absent. */
  commands?: readonly CommandDefinition[];
  /** Whether Remix is offered for a video of `model` (`core.remixOffered`); default false. */
  remixOffered?: (model?: string) => boolean;
}

/** Reads a stored address as the console's (also one stored with `platform` before surfaces), or undefined. */
export function asConsoleAddress(address: DeliveryAddress): ConsoleAddress | undefined {
  const surface = typeof address.surface === 'string' ? address.surface : (address as { platform?: unknown }).platform;
  if (surface !== CONSOLE) return undefined;
  return { surface: CONSOLE, instance: typeof address.instance === 'string' ? address.instance : '' };
}

/** True while a process with this id runs on this machine (signal 0 only checks; EPERM means it exists). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The terminal's {@link Delivery}: prints progress lines, copies the finished mp4 into `outputDir` and prints its
 * path with the follow-ups the other surfaces put under a video (the core's `finishedJobActions`: Reroll, and Remix
 * where offered) as commands to type, prints a kept image or answer the command could not post with the same facts and
 * follow-ups as its reply, and prints the core's words for a failure. It serves the videos of its own
 * playground process (`instance`), and adopts those of a playground that is no longer running (an address of the old shape, without
 * an instance, or whose process is gone), so nothing is left behind; another running playground's videos are left
 * to that playground ({@link accepts}).
 */
export class ConsoleDelivery implements Delivery {
  readonly surface = CONSOLE;

  constructor(
    private readonly instance: string,
    private readonly outputDir: string,
    private readonly print: (line: string) => void,
    private readonly explain: (failure: Failure, jobId: string, locale?: string) => string,
    private readonly events: ConsoleDeliveryOptions = {},
  ) {}

  /** Whether this playground should work on a job sent to `address` (see the class comment). */
  accepts(address: DeliveryAddress): boolean {
    const a = asConsoleAddress(address);
    if (!a) return false;
    if (a.instance === this.instance) return true;
    const pid = Number(/^(\d+)-/.exec(a.instance)?.[1]);
    return !Number.isSafeInteger(pid) || pid <= 0 || !processAlive(pid);
  }

  async progress(_address: DeliveryAddress, job: JobView): Promise<void> {
    this.print(`  ${t(job.locale ?? 'en', 'playground-progress', { job: job.id, state: describeJobState(job.locale ?? 'en', jobState(job.status)), percent: Math.round(job.progress) })}`);
  }

  async deliverVideo(_address: DeliveryAddress, job: JobView, file: { path: string; bytes: number; mime: string }): Promise<{ messageIds: string[] }> {
    await mkdir(this.outputDir, { recursive: true });
    const dest = join(this.outputDir, `${job.id}.mp4`);
    await copyFile(file.path, dest);
    const facts = videoResultFields(job).slice(1).map((f) => f.value);
    this.print(`✓ ${t(job.locale ?? 'en', 'playground-video-ready', { job: job.id, facts: facts.join(', '), path: dest })}`);
    this.printFollowUps(job);
    this.events.onFinished?.(job.id, dest);
    return { messageIds: [dest] };
  }

  /**
   * Copies a kept image result into `outputDir` (or prints a kept answer) and prints where it went, then the facts and
   * follow-ups the command's own reply prints (model, size, cost, what is left where known, job; the job's
   * `finishedJobActions` as commands to type).
   */
  async deliver(_address: DeliveryAddress, job: JobView, result: DeliverableResult): Promise<{ messageIds: string[] }> {
    const locale = job.locale ?? 'en';
    if (result.text !== undefined) this.print(`✓ ${t(locale, 'playground-answer', { job: job.id, cost: formatMoney(locale, job.chargedMicros ?? job.estimateMicros) })}\n${result.text}`);
    const ids: string[] = [];
    if (result.files.length > 0) await mkdir(this.outputDir, { recursive: true });
    for (const f of result.files) {
      const dest = join(this.outputDir, f.filename);
      await copyFile(f.path, dest);
      this.print(`✓ ${t(locale, 'playground-result-saved', { kind: job.kind, job: job.id, path: dest })}`);
      ids.push(dest);
    }
    for (const f of deliveredResultFields(job, result.remainingMicros)) this.print(`  ${f.name}: ${f.value}`);
    this.printFollowUps(job);
    this.events.onFinished?.(job.id, ids[0] ?? null);
    return { messageIds: ids.length ? ids : [`answer-${job.id}`] };
  }

  /** The finished job's follow-ups as commands to type (only those whose command exists; none without `commands`). */
  private printFollowUps(job: JobView): void {
    const commands = this.events.commands;
    if (!commands) return;
    const actions = finishedJobActions(job, this.events.remixOffered?.(job.model) ?? false).filter((a) => findCommand(commands, a.command));
    printActions({ print: this.print, commands, ...(job.locale ? { locale: job.locale } : {}) }, actions);
  }

  async notifyFailure(_address: DeliveryAddress, job: JobView, failure: Failure): Promise<void> {
    this.print(`✗ ${job.kind} ${job.id}: ${this.explain(failure, job.id, job.locale)}`);
    this.events.onFinished?.(job.id, null);
  }

  uploadLimitBytes(): number {
    return CONSOLE_UPLOAD_LIMIT_BYTES;
  }
}
