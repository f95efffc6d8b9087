import { apiError, type ErrorCtx } from './errors.js';
import type { Reply } from './reply.js';
import type { SimEndpoint } from './types.js';

/** The relay endpoints new-api's per-token concurrency gate stands in front of (the lease lasts the whole request). */
export const GATED_ENDPOINTS: ReadonlySet<SimEndpoint> = new Set(['image', 'edit', 'video_create', 'video_remix', 'chat', 'messages']);

/** Settings of the simulator's concurrency gate (`SimulatorOptions.concurrencyGate`). */
export interface SimGateOptions {
  /** Requests in flight per token; more answer 429 `token_concurrency_limit_reached`. */
  limit: number;
  /** Per-token limits overriding `limit`. */
  perToken?: Record<string, number>;
}

/**
 * new-api's token concurrency gate (`middleware/token_concurrency.go`): at most `limit` requests of one token in
 * flight on the relay routes, each holding its lease until its answer is written; one more answers 429
 * `token_concurrency_limit_reached` (no Retry-After), and `unavailable` makes it answer 503
 * `token_concurrency_unavailable` (policy or Redis trouble). Nothing is processed or billed behind a refusal.
 * `occupy` plays other clients of the same token holding slots for a while (a storm), for tests and measurements.
 */
export class ConcurrencyGate {
  private readonly inFlight = new Map<string, number>();
  private limit: number | undefined;
  private perToken: Record<string, number> = {};
  private refusals = 0;
  unavailable = false;

  constructor(opts?: SimGateOptions) {
    if (opts) this.configure(opts);
  }

  /** Turns the gate on with these limits, or off with `undefined`. */
  configure(opts: SimGateOptions | undefined): void {
    this.limit = opts?.limit;
    this.perToken = { ...(opts?.perToken ?? {}) };
  }

  /** How many requests the gate turned away so far. */
  get refused(): number {
    return this.refusals;
  }

  /** Requests of `token` in flight now (occupied slots included). */
  active(token: string): number {
    return this.inFlight.get(token) ?? 0;
  }

  /** Other clients of `token` hold `count` slots for `ms` (then free them). */
  occupy(token: string, count: number, ms: number): void {
    this.inFlight.set(token, this.active(token) + count);
    setTimeout(() => this.leave(token, count), ms).unref();
  }

  /**
   * Lets one request of `token` on `endpoint` in: the release to call when its answer is written, or the gate's
   * refusal. Endpoints the gate does not guard, and every request while no limit is set, pass with a no-op release.
   */
  enter(token: string, endpoint: SimEndpoint, err: ErrorCtx): { release: () => void } | { refusal: Reply } {
    const limit = this.perToken[token] ?? this.limit;
    if (!GATED_ENDPOINTS.has(endpoint) || (limit === undefined && !this.unavailable)) return { release: () => undefined };
    if (this.unavailable) {
      this.refusals += 1;
      return { refusal: gateUnavailable(err) };
    }
    if (this.active(token) >= limit!) {
      this.refusals += 1;
      return { refusal: gateLimitReached(err) };
    }
    this.inFlight.set(token, this.active(token) + 1);
    let done = false;
    return {
      release: () => {
        if (done) return;
        done = true;
        this.leave(token, 1);
      },
    };
  }

  private leave(token: string, n: number): void {
    const left = this.active(token) - n;
    if (left > 0) this.inFlight.set(token, left);
    else this.inFlight.delete(token);
  }
}

/** 429 `token_concurrency_limit_reached`, new-api's body, no Retry-After. */
export function gateLimitReached(err: ErrorCtx): Reply {
  return apiError({ ...err, flavor: 'new-api' }, 429, { message: 'token_concurrency_limit_reached', code: 'token_concurrency_limit_reached', type: 'new_api_error' });
}

/** 503 `token_concurrency_unavailable` (the gate's policy or its Redis could not be read). */
export function gateUnavailable(err: ErrorCtx): Reply {
  return apiError({ ...err, flavor: 'new-api' }, 503, { message: 'token_concurrency_unavailable', code: 'token_concurrency_unavailable', type: 'new_api_error' });
}

/**
 * What a `new-api-2026` flavor adds for the gate (spread it into that preset): a limit of 2 requests in flight per
 * token, and a violation fee of $0.05 for refusals with a `violation_fee.*` code.
 */
export const GATE_PRESET: { concurrencyGate: SimGateOptions; violationFeeMicros: number } = {
  concurrencyGate: { limit: 2 },
  violationFeeMicros: 50_000,
};
