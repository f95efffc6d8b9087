import { formatUsd } from '../../core/money.js';
import { reconcile, type TokenReport } from '../../core/reconcile/reconcile.js';
import type { Unmatched } from '../../core/reconcile/match.js';
import { flag, expectArity, type ParsedArgs } from '../args.js';
import type { AdminContext } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { formatTime, renderTable } from '../format.js';

/** The form of `reconcile`. */
export const RECONCILE_USAGE = 'reconcile [--since YYYY-MM-DD] [--token operator|…abcd]';

const DAY_MS = 86_400_000;

/** `--since` as the start of that UTC day; default the start of yesterday (UTC). */
export function sinceOf(text: string | undefined, now: number): number {
  if (text === undefined) return Math.floor(now / DAY_MS) * DAY_MS - DAY_MS;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || !Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== text.trim()) throw new UsageError('--since must be a date YYYY-MM-DD (UTC)');
  if (ms > now) throw new UsageError('--since is in the future');
  return ms;
}

function unmatchedLine(u: Unmatched): string {
  if (u.side === 'bot') return `  bot only:     job ${u.jobId}  ${u.model}  ${formatUsd(u.micros)}  ${formatTime(u.at)}  (no gateway entry)`;
  const what = u.taskId !== undefined ? `task ${u.taskId}` : `entry ${u.entryIds.join(',')}`;
  return `  gateway only: ${what}  ${u.model || '-'}  ${formatUsd(u.micros)}  ${formatTime(u.at)}  ${u.content}`.trimEnd();
}

/** The printed report of one token. */
export function renderReport(r: TokenReport): string {
  if (!r.ok) return `token ${r.name}: could not read the gateway's records: ${r.detail}`;
  if (r.days.length === 0) return `token ${r.name}: no billed jobs and no gateway entries`;
  const rows = r.days.map((d) => [d.day, formatUsd(d.botMicros), formatUsd(d.gatewayMicros), formatUsd(d.driftMicros), String(d.matched), String(d.unmatched.filter((u) => u.side === 'bot').length), String(d.unmatched.filter((u) => u.side === 'gateway').length)]);
  const lines = [`token ${r.name}`, renderTable(['day (UTC)', 'bot', 'gateway', 'drift', 'matched', 'bot only', 'gateway only'], rows)];
  for (const d of r.days) if (d.unmatched.length) lines.push(`${d.day} unmatched:`, ...d.unmatched.map(unmatchedLine));
  return lines.join('\n');
}

/**
 * `reconcile`: what the bot believes each token was billed (per job, the gateway's own price of what was sent and
 * delivered) against the gateway's token log, per token and UTC day, with the drift (gateway − bot) and the entries
 * either side could not match. Exit 0 when every token's records could be read, 1 (after printing what could) when
 * one could not, saying why.
 */
export async function reconcileCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  expectArity(args, 0, 0, RECONCILE_USAGE);
  const since = sinceOf(flag(args, 'since'), ctx.now());
  const token = flag(args, 'token');
  if (token !== undefined && token !== 'operator' && !/^(…|\.\.\.)?[^\s]{4}$/.test(token)) throw new UsageError('--token is "operator" or the last four characters of a linked token (…abcd)');
  if (!ctx.gatewayLog) throw new CliError('GATEWAY_BASE_URL is not set: there is no gateway whose records could be read');
  const reports = await reconcile({ jobs: ctx.store.jobAdmin, tokens: ctx.store.tokens, log: ctx.gatewayLog, operatorToken: ctx.config.gateway.token }, { since, ...(token !== undefined ? { token } : {}) });
  if (reports.length === 0) throw new CliError(token !== undefined ? `no token ${token} ran a job since ${formatTime(since)}` : 'no gateway token to reconcile (GATEWAY_TOKEN unset and no linked token ran a job)');
  ctx.print(`Reconciliation since ${formatTime(since)} (drift = gateway − bot; the bot's figure is the gateway's price of each job, not what members paid)`);
  for (const r of reports) ctx.print(renderReport(r));
  const failed = reports.filter((r) => !r.ok);
  if (failed.length) throw new CliError(`the gateway's records of ${failed.length} token(s) could not be read: ${failed.map((r) => r.name).join(', ')}`);
}
