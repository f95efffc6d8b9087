import type { Logger } from '../ports/logger.js';
import type { ChargeUnit, ReserveResult } from '../budget/types.js';
import type { TokenSource } from '../failures.js';
import type { Micros } from '../money.js';
import type { BudgetLedger } from '../ports/budget-ledger.js';

/** What moving a job's money needs to know about the job. */
export interface MoneyJob {
  id: string;
  scopeId: string;
  userId: string;
  tokenSource: TokenSource;
  /** The job's hold, or null when it is not recorded yet (a crash between the reserve and that write). */
  holdId: string | null;
  /** The hold's amount: no charge is ever above it. */
  estimateMicros: Micros;
}

/** The ledger calls a job makes (the store's `budgets`, possibly wrapped by metrics). */
export type JobLedger = Pick<BudgetLedger, 'reserve' | 'settle' | 'release' | 'refund' | 'openHoldsOfJob' | 'recordGatewayLoss'>;

/**
 * Every money move of a job, written once: reserve, settle (to what is owed, never above the hold), release, refund
 * and the operator's gateway loss. The command path and the job runner both move money only through here, so the
 * order "checked and kept, then charged" and the wording of the logs are the same whichever process finishes a job.
 * Every method except {@link reserve} logs and swallows a ledger refusal (the job's state decides what the member
 * reads), and all of them are idempotent as the ledger is: a repeat after a crash is harmless.
 */
export class JobMoney {
  constructor(
    private readonly ledger: JobLedger,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
    /** Called (awaited, must not throw) with a refused reserve, before it is returned: the owners' `OPERATOR_DAILY_CAP` notice. */
    private readonly onRefused?: (r: Extract<ReserveResult, { ok: false }>) => Promise<void>,
  ) {}

  /** Places the job's hold of `estimateMicros` (the caller records the hold id on the job and reads a refusal). */
  async reserve(job: Omit<MoneyJob, 'holdId'>): Promise<ReserveResult> {
    const r = await this.ledger.reserve({ scopeId: job.scopeId, userId: job.userId, amountMicros: job.estimateMicros, jobId: job.id, tokenSource: job.tokenSource });
    if (!r.ok && this.onRefused) await this.onRefused(r);
    return r;
  }

  /**
   * Turns the hold into a charge of min(`owedMicros`, hold): call it only once the result was checked and kept.
   * Returns what was charged (a repeat returns the first charge), or null when there is no hold to settle (logged).
   */
  async settle(job: MoneyJob, owedMicros: Micros, usage: { units: number; unit: ChargeUnit }): Promise<Micros | null> {
    if (!job.holdId) return null;
    const r = await this.ledger.settle(job.holdId, Math.max(0, Math.min(owedMicros, job.estimateMicros)), usage);
    if (r.ok) return r.chargedMicros;
    this.logger.error({ jobId: job.id, holdId: job.holdId, reason: r.reason }, 'money: a kept result could not be settled');
    return null;
  }

  /**
   * Frees the job's hold (nothing charged); without a recorded hold id, every open hold of the job (the reserve wrote
   * one just before a crash). Returns how many holds were found. A hold already settled stays settled (logged).
   */
  async release(job: MoneyJob, reason: string): Promise<number> {
    const holds = job.holdId ? [job.holdId] : await this.ledger.openHoldsOfJob(job.id);
    for (const holdId of holds) {
      const r = await this.ledger.release(holdId, reason);
      if (!r.ok) this.logger.warn({ jobId: job.id, holdId, reason: r.reason }, 'money: hold could not be released');
    }
    return holds.length;
  }

  /**
   * Gives the member's money back whatever state the hold is in (an open hold is released, a settled one refunded)
   * and records `billedMicros` as a certain gateway loss: used when a result the gateway billed does not reach the
   * member (undeliverable, not playable, untold).
   */
  async refund(job: MoneyJob, reason: string, billedMicros: Micros): Promise<void> {
    if (job.holdId) {
      const r = await this.ledger.release(job.holdId, reason);
      if (!r.ok && r.reason === 'settled') await this.ledger.refund(job.holdId, reason);
    }
    await this.loss(job, billedMicros, true, reason);
  }

  /**
   * The gateway refused a job's prompt with a violation-fee code (`violation_fee.*`, e.g. `violation_fee.grok.csam`):
   * it may have charged the token a fee that its answer does not state. Recorded as a possible gateway loss of the job
   * (reason `violation_fee`, amount 0 = not known yet; the token log gives it), never charged to the member: the bot
   * cannot know the amount, and a charge must never pass what was held and verified. Never throws.
   */
  async possibleFee(job: Omit<MoneyJob, 'holdId' | 'estimateMicros'>, code: string): Promise<void> {
    await this.ledger
      .recordGatewayLoss({ jobId: job.id, scopeId: job.scopeId, userId: job.userId, tokenSource: job.tokenSource, amountMicros: 0, certain: false, reason: 'violation_fee' })
      .catch((e: unknown) => this.logger.error({ jobId: job.id, err: e }, 'money: could not record a possible violation fee'));
    this.logger.warn({ jobId: job.id, code, tokenSource: job.tokenSource }, 'gateway refused the prompt with a violation-fee code: a fee may have been charged to the token');
  }

  /**
   * Records what the gateway billed (`certain`) or may have billed that no member is charged for. Never throws: the
   * member's side is already decided. Nothing is recorded for a non-positive amount.
   */
  async loss(job: Omit<MoneyJob, 'holdId' | 'estimateMicros'>, amountMicros: Micros, certain: boolean, reason: string): Promise<void> {
    if (amountMicros <= 0) return;
    await this.ledger
      .recordGatewayLoss({ jobId: job.id, scopeId: job.scopeId, userId: job.userId, tokenSource: job.tokenSource, amountMicros, certain, reason })
      .catch((e: unknown) => this.logger.error({ jobId: job.id, err: e }, 'money: could not record a gateway loss'));
  }
}
