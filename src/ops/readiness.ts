/**
 * Readiness: named checks that each say whether one dependency works right now (the database accepts writes, the
 * gateway answers, a chat platform is connected). Surfaces register their own check; `GET /readyz` runs them all.
 */

/** What one check found. `detail` is shown to the operator (never a secret). */
export interface CheckResult {
  ok: boolean;
  detail: string;
}

/** A check: resolves with its result; a throw or a timeout counts as not ok with the error's message. */
export type ReadinessCheck = (signal: AbortSignal) => Promise<CheckResult>;

/** The answer of {@link ReadinessRegistry.run}: ok only when every check is ok and the process is not stopping. */
export interface ReadinessReport {
  ok: boolean;
  stopping: boolean;
  /** The process's `ROLE` (`all`, `gateway-bot`, `worker`): what its checks cover. */
  role: string;
  checks: Record<string, CheckResult>;
}

/** Options of {@link ReadinessRegistry}. */
export interface ReadinessOptions {
  /** Longest a single check may take before it counts as failed. Default 3000 ms. */
  timeoutMs?: number;
  /** The process's `ROLE`, reported with every answer. Default `all`. */
  role?: string;
}

/** The registry `/readyz` reads. One instance per app; names are unique (registering a name again replaces it). */
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();
  private stoppingSince: number | undefined;
  private readonly timeoutMs: number;
  /** The process's `ROLE`: each role registers checks only for what it runs. */
  readonly role: string;

  constructor(o: ReadinessOptions = {}) {
    this.timeoutMs = o.timeoutMs ?? 3_000;
    this.role = o.role ?? 'all';
  }

  /** Adds (or replaces) the check `name`, e.g. `database`, `gateway`, `telegram`. Returns a function that removes it. */
  register(name: string, check: ReadinessCheck): () => void {
    this.checks.set(name, check);
    return () => {
      if (this.checks.get(name) === check) this.checks.delete(name);
    };
  }

  /** Registered check names, in registration order. */
  names(): string[] {
    return [...this.checks.keys()];
  }

  /** Marks the process as shutting down: from now on it is never ready (load balancers stop sending work). */
  markStopping(): void {
    this.stoppingSince ??= Date.now();
  }

  /** Runs every check in parallel, each bounded by the timeout. */
  async run(): Promise<ReadinessReport> {
    const entries = await Promise.all([...this.checks].map(async ([name, check]) => [name, await this.runOne(check)] as const));
    const checks = Object.fromEntries(entries);
    const stopping = this.stoppingSince !== undefined;
    return { ok: !stopping && entries.every(([, r]) => r.ok), stopping, role: this.role, checks };
  }

  private async runOne(check: ReadinessCheck): Promise<CheckResult> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<CheckResult>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ ok: false, detail: `no answer within ${this.timeoutMs} ms` });
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([check(controller.signal).catch((e: unknown) => ({ ok: false, detail: e instanceof Error ? e.message : String(e) })), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
