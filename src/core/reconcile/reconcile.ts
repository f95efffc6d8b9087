import type { GatewayLog, GatewayLogProblem } from '../ports/gateway-log.js';
import type { BilledJob, JobAdmin } from '../ports/job-admin.js';
import type { TokenVault } from '../ports/token-vault.js';
import { matchDay, type DayFigures } from './match.js';

/** What a reconciliation reads. */
export interface ReconcileDeps {
  jobs: Pick<JobAdmin, 'billedSince'>;
  tokens: Pick<TokenVault, 'tokenById'>;
  log: GatewayLog;
  /** `GATEWAY_TOKEN`, when configured. */
  operatorToken: string | undefined;
}

/** One token's reconciliation: its figures per UTC day, or why its log could not be read. */
export type TokenReport =
  | { name: string; ok: true; days: DayFigures[] }
  | { name: string; ok: false; problem: GatewayLogProblem | 'token_gone'; detail: string };

/** A token as reports name it: `operator`, or `…` and its last four characters (never more). */
export function tokenName(token: string, operator: boolean): string {
  return operator ? 'operator' : `…${token.slice(-4)}`;
}

/** True when `filter` (`operator`, `abcd`, `…abcd` or `...abcd`) names this token. */
export function tokenMatches(filter: string, token: string, operator: boolean): boolean {
  const f = filter.trim();
  if (f === 'operator') return operator;
  const last4 = f.replace(/^(…|\.\.\.)/, '');
  return !operator && last4.length === 4 && token.endsWith(last4);
}

/**
 * Compares what the bot believes each token was billed since `since` (epoch ms) with the gateway's token log, per
 * token it can read (the operator's `GATEWAY_TOKEN`, and every linked token that ran a job since then, opened through
 * the vault) and per UTC day; `token` narrows it to one (see {@link tokenMatches}). The operator's token is read even
 * without jobs (a charge the bot did not make is drift). Tokens are grouped by their value, so one token linked twice
 * is one report. A token unlinked and forgotten since its jobs ran is reported as `token_gone`.
 */
export async function reconcile(deps: ReconcileDeps, opts: { since: number; token?: string }): Promise<TokenReport[]> {
  const jobs = await deps.jobs.billedSince(opts.since);
  const groups = new Map<string, { operator: boolean; jobs: BilledJob[] }>();
  const gone = new Map<string, BilledJob[]>();
  if (deps.operatorToken) groups.set(deps.operatorToken, { operator: true, jobs: [] });
  const opened = new Map<string, string | null>();
  for (const j of jobs) {
    let token: string | null | undefined;
    if (j.tokenSource === 'operator') token = deps.operatorToken ?? null;
    else if (j.tokenId !== null) {
      if (!opened.has(j.tokenId)) opened.set(j.tokenId, await deps.tokens.tokenById(j.tokenId));
      token = opened.get(j.tokenId);
    }
    if (!token) {
      const key = j.tokenId ?? j.tokenSource;
      gone.set(key, [...(gone.get(key) ?? []), j]);
      continue;
    }
    const g = groups.get(token) ?? { operator: j.tokenSource === 'operator', jobs: [] };
    g.jobs.push(j);
    groups.set(token, g);
  }
  const out: TokenReport[] = [];
  for (const [token, g] of groups) {
    if (opts.token !== undefined && !tokenMatches(opts.token, token, g.operator)) continue;
    const name = tokenName(token, g.operator);
    const read = await deps.log.read(token, opts.since);
    if (!read.ok) {
      // A gateway's message could echo the token: never print more of it than its name.
      out.push({ name, ok: false, problem: read.problem, detail: read.detail.split(token).join(name) });
      continue;
    }
    out.push({ name, ok: true, days: matchDay(g.jobs, read.entries, read.quotaPerUnit) });
  }
  if (opts.token === undefined) {
    for (const [key, list] of gone) {
      const name = key === 'operator' ? 'operator' : `token ${key}`;
      out.push({ name, ok: false, problem: 'token_gone', detail: `${list.length} job(s) ran on a token the bot no longer has (unlinked, or GATEWAY_TOKEN unset); its log cannot be read` });
    }
  }
  return out;
}

/** The largest drift of any day of any readable token, in micro-dollars (absolute). */
export function largestDrift(reports: readonly TokenReport[]): number {
  let most = 0;
  for (const r of reports) if (r.ok) for (const d of r.days) most = Math.max(most, Math.abs(d.driftMicros));
  return most;
}
