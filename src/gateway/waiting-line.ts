import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { MemoryCoordination } from '../core/coordination/memory-coordination.js';
import type { Coordination } from '../core/ports/coordination.js';
import type { Logger } from '../log.js';

/** Settings of {@link WaitingLine}; defaults in brackets. */
export interface WaitingLineOptions {
  /** Where the line lives: shared by every bot process over Redis (`REDIS_URL`), else this process's memory. */
  coordination?: Coordination;
  /** How many of the first waiters may send again at once [4: the client's per-token concurrency]. */
  probeWidth?: number;
  /** First wait before sending again, doubled per busy answer up to `capMs` [250]. */
  baseMs?: number;
  /**
   * Longest computed wait between two sends of one waiter [2000]: bounds how late the end of a storm is noticed when
   * the slots free up elsewhere (another client of the token); a server's Retry-After may be longer.
   */
  capMs?: number;
  /** How often a waiter renews its place and reads its position [1000]. */
  checkMs?: number;
  /** Random source for the jitter [Math.random]. */
  random?: () => number;
  logger?: Logger;
}

/**
 * The bot's own line of calls the gateway's per-token concurrency gate turned away (429
 * `token_concurrency_limit_reached`, 503 `token_concurrency_unavailable`, a bare 429), one line per token (keyed by a
 * hash of it, never the token). A call enters on its first busy answer and leaves when it got through or gave up.
 * Only the first `probeWidth` waiters send again, each on its own backoff (honouring Retry-After); the others renew
 * their place and read their position every `checkMs`. A call finishing on a token wakes that token's waiters in this
 * process at once (a gate slot may just have freed); other processes notice within `checkMs`.
 *
 * Trade-offs: a new call is sent once before it learns the gateway is busy, so it may take a slot freed between two
 * probes of the waiters (no extra round trip to the shared state on every call); among the first `probeWidth`
 * waiters, whoever probes first gets through first. When the shared state cannot be reached the waiter keeps its own
 * backoff and reports no position.
 */
export class WaitingLine {
  private readonly coordination: Coordination;
  private readonly probeWidth: number;
  private readonly baseMs: number;
  private readonly capMs: number;
  private readonly checkMs: number;
  private readonly random: () => number;
  private readonly wakes = new EventEmitter();
  private lastErrorLog = 0;

  constructor(private readonly opts: WaitingLineOptions = {}) {
    this.coordination = opts.coordination ?? new MemoryCoordination();
    this.probeWidth = Math.max(1, opts.probeWidth ?? 4);
    this.baseMs = opts.baseMs ?? 250;
    this.capMs = opts.capMs ?? 2_000;
    this.checkMs = opts.checkMs ?? 1_000;
    this.random = opts.random ?? Math.random;
    this.wakes.setMaxListeners(0);
  }

  /** A place in the line of `token` (not entered until its first {@link LinePlace.turn}). */
  place(token: string): LinePlace {
    return new LinePlace(this, `gateway-wait:${lineKey(token)}`);
  }

  /** A call on `token` finished (any answer but a busy one): this process's waiters on it look again at once. */
  wake(token: string): void {
    this.wakes.emit(`gateway-wait:${lineKey(token)}`);
  }

  /** @internal */
  get settings(): { probeWidth: number; baseMs: number; capMs: number; checkMs: number; random: () => number; coordination: Coordination; wakes: EventEmitter } {
    return { probeWidth: this.probeWidth, baseMs: this.baseMs, capMs: this.capMs, checkMs: this.checkMs, random: this.random, coordination: this.coordination, wakes: this.wakes };
  }

  /** @internal Shared-state problems are logged at most every 30 s. */
  logError(e: unknown): void {
    const now = Date.now();
    if (now - this.lastErrorLog < 30_000) return;
    this.lastErrorLog = now;
    this.opts.logger?.warn({ err: e }, 'gateway waiting line: shared state unavailable; waiting without a position');
  }
}

/** One call's place in a {@link WaitingLine}. */
export class LinePlace {
  private readonly member = randomUUID();
  private entered = false;
  private busyAnswers = 0;

  constructor(
    private readonly line: WaitingLine,
    private readonly key: string,
  ) {}

  /**
   * Waits until this call may send again after a busy answer: its backoff passed (at least `retryAfterMs`) and it is
   * among the first waiters, or it was woken while among them. Reports its position through `report` when it changes
   * (`undefined` while the shared state cannot say). Rejects with `signal.reason` when `signal` aborts.
   */
  async turn(signal: AbortSignal, retryAfterMs: number | undefined, report: (ahead: number | undefined) => void): Promise<void> {
    const s = this.line.settings;
    const ceiling = Math.min(s.capMs, s.baseMs * 2 ** Math.min(this.busyAnswers, 20));
    this.busyAnswers += 1;
    const sendAt = Date.now() + Math.max(Math.floor(ceiling / 2 + s.random() * (ceiling / 2)), retryAfterMs ?? 0);
    const ttl = s.checkMs * 10;
    let woken = false;
    for (;;) {
      let ahead: number | undefined;
      try {
        ahead = await s.coordination.lineEnter(this.key, this.member, ttl);
        this.entered = true;
      } catch (e) {
        this.line.logError(e);
      }
      report(ahead);
      const front = ahead === undefined || ahead < s.probeWidth;
      const now = Date.now();
      if (front && (now >= sendAt || (woken && retryAfterMs === undefined))) return;
      woken = await this.pause(signal, front ? Math.min(sendAt - now, s.checkMs) : s.checkMs, s.wakes);
    }
  }

  /** Leaves the line (best effort: a place not renewed drops out by itself). */
  async leave(): Promise<void> {
    if (!this.entered) return;
    this.entered = false;
    try {
      await this.line.settings.coordination.lineLeave(this.key, this.member);
    } catch (e) {
      this.line.logError(e);
    }
  }

  /** Sleeps `ms` or until this line is woken; true when woken. */
  private pause(signal: AbortSignal, ms: number, wakes: EventEmitter): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const done = (v: boolean) => {
        clearTimeout(timer);
        wakes.off(this.key, onWake);
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      };
      const onWake = () => done(true);
      const onAbort = () => {
        clearTimeout(timer);
        wakes.off(this.key, onWake);
        reject(signal.reason);
      };
      const timer = setTimeout(() => done(false), Math.max(0, ms));
      wakes.on(this.key, onWake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** The line's name for a token: a short SHA-256 of it (the token itself never leaves this process). */
function lineKey(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 24);
}
