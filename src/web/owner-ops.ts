/**
 * What the owner page shows of the running bot beyond the core's figures: the bot processes sharing the database,
 * this process's readiness checks, and the reconciliation with the gateway's token log. Built by the web's starter
 * from the app ({@link ownerOpsOf}); tests may pass their own.
 */
import type { App } from '../app/build-app.js';
import type { BotProcess } from '../core/ports/bot-processes.js';
import { reconcile, type TokenReport } from '../core/reconcile/reconcile.js';
import { HttpGatewayLog } from '../gateway/token-log.js';
import type { ReadinessReport } from '../ops/readiness.js';

/** The reconciliation as the page shows it: yesterday and today (UTC), per token; `unavailable` without a gateway. */
export type DriftView = { available: true; since: number; reports: TokenReport[] } | { available: false };

export interface OwnerOps {
  /** The registered bot processes, newest first. */
  processes(): Promise<BotProcess[]>;
  /** This process's readiness (the same checks as `/readyz`). */
  readiness(): Promise<ReadinessReport>;
  drift(): Promise<DriftView>;
}

const DAY_MS = 86_400_000;
/** A reconciliation reads the gateway's logs: the page reuses one for 10 minutes. */
export const DRIFT_CACHE_MS = 10 * 60_000;

/** The app's processes, readiness and reconciliation (cached {@link DRIFT_CACHE_MS}; a failed read is not cached). */
export function ownerOpsOf(app: Pick<App, 'store' | 'readiness' | 'config' | 'clock'>): OwnerOps {
  let cached: { at: number; view: Promise<DriftView> } | undefined;
  const baseUrl = app.config.gateway.baseUrl;
  return {
    processes: () => app.store.processes.list(),
    readiness: () => app.readiness.run(),
    drift() {
      if (!baseUrl) return Promise.resolve({ available: false });
      const now = app.clock.now();
      if (cached && now - cached.at < DRIFT_CACHE_MS) return cached.view;
      const since = Math.floor(now / DAY_MS) * DAY_MS - DAY_MS;
      const view = reconcile({ jobs: app.store.jobAdmin, tokens: app.store.tokens, log: new HttpGatewayLog(baseUrl), operatorToken: app.config.gateway.token }, { since }).then((reports): DriftView => ({ available: true, since, reports }));
      cached = { at: now, view };
      view.catch(() => (cached = undefined));
      return view;
    },
  };
}
