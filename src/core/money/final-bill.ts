import type { JobRecord } from '../ports/job-store.js';
import type { Micros } from '../money.js';

/** What the gateway said it billed for a job, when it says (a finished video task's `seconds`). */
export interface GatewayFacts {
  /** The seconds the gateway billed a video for (new-api: the finished task's `seconds`). */
  billedSeconds?: number;
}

/** A job's final bill: what the member owes (never above the hold) and what the bot believes the gateway billed. */
export interface FinalBill {
  owedMicros: Micros;
  /** The gateway's own price of what it billed; null when the job recorded no gateway quote. */
  gatewayMicros: Micros | null;
  /** The seconds charged for (videos). */
  seconds: number;
}

/**
 * The final bill of a video from what the gateway reports: billed for fewer seconds than asked (a shorter video than
 * requested), the member owes the hold × billed ÷ asked, rounded up to the micro-dollar, and the gateway's quote
 * scales the same way (exact for a price per second; for an expression with a fixed part, proportional — the bot
 * cannot re-run it without the catalogue here). Billed seconds above the request, absent, or not a positive integer
 * change nothing: a charge never passes the hold.
 */
export function finalBill(job: Pick<JobRecord, 'estimateMicros' | 'params'>, facts: GatewayFacts): FinalBill {
  const asked = job.params.seconds ?? 0;
  const quote = job.params.gatewayQuoteMicros ?? null;
  const billed = facts.billedSeconds;
  if (billed === undefined || !Number.isInteger(billed) || billed <= 0 || asked <= 0 || billed >= asked) {
    return { owedMicros: job.estimateMicros, gatewayMicros: quote, seconds: asked };
  }
  const scale = (m: Micros): Micros => Math.min(m, Math.ceil((m * billed) / asked));
  return { owedMicros: scale(job.estimateMicros), gatewayMicros: quote === null ? null : scale(quote), seconds: billed };
}
