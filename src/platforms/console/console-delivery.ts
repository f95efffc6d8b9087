import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeliveryAddress } from '../../core/api/actor.js';
import type { JobView } from '../../core/api/jobs.js';
import { findCommand } from '../../core/commands/lookup.js';
import type { CommandDefinition, Reply } from '../../core/commands/types.js';
import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import { describeJobState } from '../../core/messages/job-text.js';
import { jobState } from '../../core/jobs/job-view.js';
import type { Delivery } from '../../core/ports/delivery.js';
import { CONSOLE, CONSOLE_UPLOAD_LIMIT_BYTES, type ConsoleAddress } from './console-surface.js';
import { printActions } from './render.js';

/** What the playground needs to hear about a video job's end. */
export interface ConsoleDeliveryEvents {
  /** A job reached its end (delivered or failed); `path` is set when a file was written. */
  onFinished?(jobId: string, path: string | null): void;
}

/** Options of {@link ConsoleDelivery}: the events, and the definitions the follow-ups under a result are typed from. */
export interface ConsoleDeliveryOptions extends ConsoleDeliveryEvents {
  /** The definitions, to print a result's follow-ups as commands to type (only those whose command exists); none when absent. */
  commands?: readonly CommandDefinition[];
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
 * The terminal's {@link Delivery}: prints progress lines and posts the core's late replies as lines: a finished video
 * is copied into `outputDir` and its path printed with its facts, a kept image is copied there (an answer printed)
 * with the reply's fields, both followed by the reply's follow-ups as commands to type, and a failure notice is
 * printed with its job. Its reader is the playground's admin (a failure's reference line says how to read it). It
 * serves the videos of its own playground process (`instance`), and adopts those of a playground that is no longer
 * running (an address of the old shape, without an instance, or whose process is gone), so nothing is left behind;
 * another running playground's videos are left to that playground ({@link accepts}).
 */
export class ConsoleDelivery implements Delivery {
  readonly surface = CONSOLE;
  readonly readerIsAdmin = true;

  constructor(
    private readonly instance: string,
    private readonly outputDir: string,
    private readonly print: (line: string) => void,
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

  async post(_address: DeliveryAddress, reply: Reply): Promise<{ messageIds: string[] }> {
    const jobId = reply.jobId ?? '';
    if (reply.tone === 'error') {
      this.print(`✗ ${reply.jobKind ?? 'job'} ${jobId}: ${reply.blocks.join('\n')}`);
      this.events.onFinished?.(jobId, null);
      return { messageIds: [] };
    }
    const video = reply.files?.find((f) => f.kind === 'video');
    return video ? this.video(reply, jobId, video.path ?? '') : this.result(reply, jobId);
  }

  /** Copies the mp4 into `outputDir` and prints its path with the facts after the model (length, size, cost). */
  private async video(reply: Reply, jobId: string, path: string): Promise<{ messageIds: string[] }> {
    await mkdir(this.outputDir, { recursive: true });
    const dest = join(this.outputDir, `${jobId}.mp4`);
    await copyFile(path, dest);
    const facts = (reply.fields ?? []).slice(1).map((f) => f.value);
    this.print(`✓ ${t(reply.locale ?? DEFAULT_LOCALE, 'playground-video-ready', { job: jobId, facts: facts.join(', '), path: dest })}`);
    this.printFollowUps(reply);
    this.events.onFinished?.(jobId, dest);
    return { messageIds: [dest] };
  }

  /**
   * Copies a kept image result into `outputDir` (or prints a kept answer with its cost) and prints where it went,
   * then the reply's fields and follow-ups, as the command's own reply prints them.
   */
  private async result(reply: Reply, jobId: string): Promise<{ messageIds: string[] }> {
    const locale = reply.locale ?? DEFAULT_LOCALE;
    const files = reply.files ?? [];
    if (files.length === 0) {
      const cost = reply.fields?.find((f) => f.name === t(locale, 'field-cost'))?.value ?? '';
      this.print(`✓ ${t(locale, 'playground-answer', { job: jobId, cost })}\n${reply.blocks[0] ?? ''}`);
    }
    const ids: string[] = [];
    if (files.length > 0) await mkdir(this.outputDir, { recursive: true });
    for (const f of files) {
      const dest = join(this.outputDir, f.name);
      if (f.path) await copyFile(f.path, dest);
      this.print(`✓ ${t(locale, 'playground-result-saved', { kind: reply.jobKind ?? 'imagine', job: jobId, path: dest })}`);
      ids.push(dest);
    }
    for (const f of reply.fields ?? []) this.print(`  ${f.name}: ${f.value}`);
    this.printFollowUps(reply);
    this.events.onFinished?.(jobId, ids[0] ?? null);
    return { messageIds: ids.length ? ids : [`answer-${jobId}`] };
  }

  /** The reply's follow-ups as commands to type (only those whose command exists; none without `commands`). */
  private printFollowUps(reply: Reply): void {
    const commands = this.events.commands;
    if (!commands) return;
    const actions = (reply.actions ?? []).filter((a) => findCommand(commands, a.command));
    printActions({ print: this.print, commands, ...(reply.locale ? { locale: reply.locale } : {}) }, actions);
  }

  uploadLimitBytes(): number {
    return CONSOLE_UPLOAD_LIMIT_BYTES;
  }
}
