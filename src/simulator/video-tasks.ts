import { quotaOf } from './token-log.js';
import type { TokenBook } from './tokens.js';

/** Where a task stands, in the OpenAI words. */
export type TaskStatus = 'queued' | 'in_progress' | 'completed' | 'failed';

/** A simulated video task. Its status is computed from the clock, never advanced by timers. */
export interface SimTask {
  id: string;
  token: string;
  model: string;
  seconds: number;
  size: string;
  prompt: string;
  createdAt: number;
  /** 'fail': fails halfway through running; 'never': runs forever. */
  fate: 'ok' | 'fail' | 'never';
  /** Its download is cut halfway (a `[[fault:truncated_mp4]]` marker in the prompt). */
  truncate: boolean;
  chargeMicros: number;
  refunded: boolean;
  /** The `short_video` fault: the seconds billed once it completes, and their price (the rest is refunded then). */
  billedSeconds?: number;
  finalMicros?: number;
  /** Its completion stage (the refund down to `finalMicros`) was applied. */
  settled?: boolean;
  /** Set when a poll-time `task_fail` fault killed it. */
  failedAt?: number;
}

/** A computed view of a task at one instant. */
export interface TaskView {
  status: TaskStatus;
  /** 0..100, rising while running. */
  progress: number;
  /** Epoch ms when it ended (completed or failed). */
  endedAt?: number;
}

/** The timeline knobs (ms) and number of progress steps. */
export interface TaskTimeline {
  queuedMs: number;
  runMs: number;
  progressSteps: number;
}

/**
 * Video tasks. Status is derived from elapsed time: queued for `queuedMs`, then running for `runMs` with
 * progress rising in `progressSteps` steps, then completed. A failing task fails halfway through its run and
 * its charge is refunded exactly once, the first time anyone looks at it after that instant
 * ({@link TaskBook.settle} looks at every unfinished task).
 */
export class TaskBook {
  private readonly tasks = new Map<string, SimTask>();
  private readonly active = new Set<string>();

  constructor(
    private readonly timeline: () => TaskTimeline,
    private readonly tokens: TokenBook,
    private readonly now: () => number = Date.now,
  ) {}

  add(task: SimTask): void {
    this.tasks.set(task.id, task);
    this.active.add(task.id);
  }

  /** The task if it exists and belongs to `token` (when given). */
  get(id: string, token?: string): SimTask | undefined {
    const t = this.tasks.get(id);
    return t && (token === undefined || t.token === token) ? t : undefined;
  }

  /** Fails a task now (poll-time fault); no-op when it already ended. */
  failNow(task: SimTask): void {
    const v = this.view(task);
    if (v.status === 'queued' || v.status === 'in_progress') task.failedAt = this.now();
    this.view(task);
  }

  /** The task's state now; applies the refund when it has failed. */
  view(task: SimTask): TaskView {
    const v = this.compute(task, this.now());
    if (v.status === 'failed' && !task.refunded) {
      task.refunded = true;
      this.tokens.refund(task.token, task.chargeMicros, { model: task.model, content: 'video task failed, refunded', taskId: task.id });
    }
    if (v.status === 'completed' && task.finalMicros !== undefined && !task.settled) {
      task.settled = true;
      const back = task.chargeMicros - task.finalMicros;
      const other = { pre_consumed: quotaOf(task.chargeMicros), actual_quota: quotaOf(task.finalMicros), seconds: task.billedSeconds };
      this.tokens.refund(task.token, back, { model: task.model, content: 'video task settled to its billed seconds', taskId: task.id, other });
    }
    if (v.status === 'failed' || v.status === 'completed') this.active.delete(task.id);
    return v;
  }

  /** Brings every unfinished task up to date (so refunds show in balances without a poll). */
  settle(): void {
    for (const id of [...this.active]) this.view(this.tasks.get(id)!);
  }

  get size(): number {
    return this.tasks.size;
  }

  private compute(t: SimTask, now: number): TaskView {
    const { queuedMs, runMs, progressSteps } = this.timeline();
    const steps = Math.max(1, progressSteps);
    const stepProgress = (run: number): number => {
      const k = Math.min(steps - 1, Math.floor((Math.max(0, run) / Math.max(1, runMs)) * steps));
      return Math.round(((k + 1) * 100) / (steps + 1));
    };
    if (t.failedAt !== undefined) return { status: 'failed', progress: stepProgress(t.failedAt - t.createdAt - queuedMs), endedAt: t.failedAt };
    const elapsed = now - t.createdAt;
    if (elapsed < queuedMs) return { status: 'queued', progress: 0 };
    const run = elapsed - queuedMs;
    if (t.fate === 'fail' && run >= runMs / 2) return { status: 'failed', progress: stepProgress(runMs / 2 - 1), endedAt: t.createdAt + queuedMs + Math.ceil(runMs / 2) };
    if (t.fate === 'never') return { status: 'in_progress', progress: stepProgress(Math.min(run, runMs - 1)) };
    if (run >= runMs) return { status: 'completed', progress: 100, endedAt: t.createdAt + queuedMs + runMs };
    return { status: 'in_progress', progress: stepProgress(run) };
  }
}
