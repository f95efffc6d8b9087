import type { Logger } from '../ports/logger.js';
import type { Clock } from '../ports/clock.js';
import type { Coordination } from '../ports/coordination.js';
import { leaveOwnerNotice } from '../use-cases/owner-alerts.js';
import { utcDay } from './match.js';
import { reconcile, type ReconcileDeps, type TokenReport } from './reconcile.js';

const DAY_MS = 86_400_000;
/** How often a process looks whether yesterday was reconciled (the work itself runs once a day). */
export const RECONCILE_CHECK_MS = 60 * 60_000;
/** The leader lease: only its holder reconciles, so one process reads the gateway's logs however many run. */
const LEADER = 'reconcile:leader';

/** What the daily run needs beyond the reconciliation's reads. */
export interface DailyReconcileDeps extends ReconcileDeps {
  coordination: Coordination;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** This process's lease owner id. */
  owner: string;
  /** `OWNER_IDS`: who is told of a drift. */
  ownerIds: readonly string[];
  /** `RECONCILE_DRIFT_ALERT_USD` in micro-dollars: a day whose drift (either way) reaches it is told to the owners. */
  alertMicros: number;
}

/**
 * The daily reconciliation inside the bot: every {@link RECONCILE_CHECK_MS} each process asks for the leader lease of
 * the coordination port; the holder reconciles the previous UTC day once (a first-time claim per day, shared across
 * processes with Redis; given back when the run throws, so the next check retries). A token/day whose drift reaches
 * the threshold is logged (warn) and queued for the owners (shown once, with the admin notices of an owner's next
 * reply in a community); a token whose log cannot be read is logged (warn). Never throws.
 */
export class DailyReconcile {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly d: DailyReconcileDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), RECONCILE_CHECK_MS);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.d.coordination.releaseLease(LEADER, this.d.owner).catch(() => undefined);
  }

  /** One check: the reports when this process reconciled yesterday now, else undefined. */
  async tick(): Promise<TokenReport[] | undefined> {
    if (this.running) return undefined;
    const p = this.once();
    this.running = p;
    try {
      return await p;
    } finally {
      this.running = undefined;
    }
  }

  private async once(): Promise<TokenReport[] | undefined> {
    const { coordination, clock, logger } = this.d;
    let done: string | undefined;
    try {
      if (!(await coordination.holdLease(LEADER, this.d.owner, 2 * RECONCILE_CHECK_MS))) return undefined;
      const since = Math.floor(clock.now() / DAY_MS) * DAY_MS - DAY_MS;
      const day = utcDay(since);
      const key = `reconcile:done:${day}`;
      if ((await coordination.claim(key, 3 * DAY_MS)) !== 0) return undefined;
      done = key;
      const reports = await reconcile(this.d, { since });
      for (const r of reports) {
        if (!r.ok) {
          logger.warn({ token: r.name, problem: r.problem, detail: r.detail, day }, 'reconcile: the gateway\'s records could not be read');
          continue;
        }
        const d = r.days.find((x) => x.day === day);
        if (!d) continue;
        const unmatched = d.unmatched.length;
        if (Math.abs(d.driftMicros) >= this.d.alertMicros && d.driftMicros !== 0) {
          logger.warn({ token: r.name, day, botMicros: d.botMicros, gatewayMicros: d.gatewayMicros, driftMicros: d.driftMicros, unmatched }, 'reconcile: the gateway billed a different amount than the bot recorded');
          await leaveOwnerNotice(coordination, this.d.ownerIds, { kind: 'reconcile-drift', day, token: r.name, driftMicros: d.driftMicros, botMicros: d.botMicros, gatewayMicros: d.gatewayMicros });
        } else logger.info({ token: r.name, day, botMicros: d.botMicros, gatewayMicros: d.gatewayMicros, driftMicros: d.driftMicros, unmatched }, 'reconcile: day reconciled');
      }
      done = undefined;
      return reports;
    } catch (e) {
      logger.warn({ err: e }, 'reconcile: the daily run failed; retried at the next check');
      return undefined;
    } finally {
      if (done) await coordination.delete(done).catch(() => undefined);
    }
  }
}
