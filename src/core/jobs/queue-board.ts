import type { JobKind } from '../api/jobs.js';

/**
 * Where a job of this process stands before the gateway works on it:
 * - `queued`: in the fair-use line (no row, no hold yet);
 * - `starting`: it has its lease; the row and hold are being written and the first call sent;
 * - `waiting`: the gateway's concurrency gate turned its call away and it waits in the bot's line (hold kept, nothing
 *   processed by the gateway);
 * - `at_gateway`: the gateway took the call (an image being made, a video task created).
 */
export type QueuePhase = 'queued' | 'starting' | 'waiting' | 'at_gateway';

/** What a cancel did: the job left before the gateway took it, or the gateway already has it (nothing stopped). */
export type CancelOutcome = 'cancelled' | 'at_gateway';

/** One job on the board, as `/queue` shows it. */
export interface QueueEntry {
  readonly jobId: string;
  readonly kind: JobKind;
  readonly model: string | undefined;
  /** `<platform>:<external id>` of the member and of the community. */
  readonly userRef: string;
  readonly scopeRef: string;
  readonly phase: QueuePhase;
  /** 1-based place in the fair-use line (`queued`), or the calls ahead in the gateway's line + 1 (`waiting`). */
  readonly position: number | undefined;
  /** When the request arrived (ms). */
  readonly since: number;
}

/** What the job's own code does with its entry (see {@link QueueBoard.enter}). */
export interface QueueTicket {
  readonly jobId: string;
  /** Aborted when a member cancels while the job waits in the fair-use line. */
  readonly queueSignal: AbortSignal;
  /** Aborted when a member cancels while the call waits in the gateway's line; honoured only between sends. */
  readonly lineSignal: AbortSignal;
  /** True once a cancel took effect: the job's failure reads as cancelled. */
  readonly cancelled: boolean;
  queued(position: number): void;
  started(): void;
  /** The model, once known (after the checks). */
  model(model: string): void;
  waiting(ahead: number): void;
  /** The gateway took the call. */
  atGateway(): void;
  /** The job left this board (result, failure or cancel). Idempotent. */
  end(): void;
}

interface Live {
  entry: { -readonly [K in keyof QueueEntry]: QueueEntry[K] };
  queueAbort: AbortController;
  lineAbort: AbortController;
  cancelled: boolean;
  /** A cancel asked while a re-send was in flight: told the outcome when the job ends or goes through. */
  pending: ((o: CancelOutcome) => void)[];
}

/**
 * The jobs this process is starting, from the command's arrival to the gateway taking the call, and the ones the gateway
 * works on inline (images, answers): what `/queue` lists and what a cancel can stop. A cancel stops only a job the
 * gateway has not taken — in the fair-use line (nothing held yet) or in the gateway's waiting line between two sends
 * (its hold released) — and reports `at_gateway` otherwise: a call in flight or taken may be billed, so it is never
 * aborted. A cancel that arrives while a waiting call is being re-sent waits for that send's answer.
 *
 * Trade-off: the board is per process (as the fair-use line is); videos rendering at the gateway are rows of the job
 * store and listed from there. A restart empties it (nothing on it was charged).
 */
export class QueueBoard {
  private readonly live = new Map<string, Live>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Puts a job on the board; the caller calls `end()` when it leaves (in `finally`). */
  enter(jobId: string, info: { kind: JobKind; userRef: string; scopeRef: string; model?: string | undefined }): QueueTicket {
    const l: Live = {
      entry: { jobId, kind: info.kind, model: info.model, userRef: info.userRef, scopeRef: info.scopeRef, phase: 'starting', position: undefined, since: this.now() },
      queueAbort: new AbortController(),
      lineAbort: new AbortController(),
      cancelled: false,
      pending: [],
    };
    this.live.set(jobId, l);
    const settle = (o: CancelOutcome) => {
      for (const p of l.pending.splice(0)) p(o);
    };
    return {
      jobId,
      queueSignal: l.queueAbort.signal,
      lineSignal: l.lineAbort.signal,
      get cancelled() {
        return l.cancelled;
      },
      queued: (position) => {
        l.entry.phase = 'queued';
        l.entry.position = position;
      },
      started: () => {
        l.entry.phase = 'starting';
        l.entry.position = undefined;
      },
      model: (model) => {
        l.entry.model = model;
      },
      waiting: (ahead) => {
        l.entry.phase = 'waiting';
        l.entry.position = ahead + 1;
      },
      atGateway: () => {
        l.entry.phase = 'at_gateway';
        l.entry.position = undefined;
        settle('at_gateway');
      },
      end: () => {
        if (this.live.get(jobId) !== l) return;
        this.live.delete(jobId);
        settle(l.cancelled ? 'cancelled' : 'at_gateway');
      },
    };
  }

  /** The entries of one community, oldest first. */
  list(scopeRef: string): QueueEntry[] {
    return [...this.live.values()].filter((l) => l.entry.scopeRef === scopeRef).map((l) => ({ ...l.entry })).sort((a, b) => a.since - b.since);
  }

  /** One entry by job id (case-insensitive), or undefined when it is not on this board. */
  get(jobId: string): QueueEntry | undefined {
    const l = this.live.get(jobId.toLowerCase());
    return l ? { ...l.entry } : undefined;
  }

  /**
   * Cancels a job not yet taken by the gateway (see the class description); undefined when it is not on the board. The
   * `cancelled` outcome is final: the job's own code then releases its hold and ends it.
   */
  cancel(jobId: string): Promise<CancelOutcome> | undefined {
    const l = this.live.get(jobId.toLowerCase());
    if (!l) return undefined;
    switch (l.entry.phase) {
      case 'queued':
        l.cancelled = true;
        return new Promise((resolve) => {
          l.pending.push(resolve);
          l.queueAbort.abort(new CancelledInLine());
        });
      case 'waiting':
        // The call may be between two sends (it stops at once) or re-sent (it stops at the gate's next busy answer).
        l.cancelled = true;
        return new Promise((resolve) => {
          l.pending.push((o) => {
            if (o === 'at_gateway') l.cancelled = false;
            resolve(o);
          });
          l.lineAbort.abort(new CancelledInLine());
        });
      default:
        return Promise.resolve('at_gateway');
    }
  }
}

/** The reason a cancelled job's wait was aborted with. */
export class CancelledInLine extends Error {
  constructor() {
    super('cancelled by a member while waiting');
    this.name = 'CancelledInLine';
  }
}
