import { renderUsageCsv } from '../../core/admin/usage-csv.js';
import { formatUsd } from '../../core/money.js';
import { expectArity, type ParsedArgs } from '../args.js';
import type { AdminContext } from '../context.js';
import { CliError } from '../errors.js';
import { formatTime, renderTable } from '../format.js';
import { parseRef, refText, scopeId } from '../refs.js';

/** The form of `usage`. */
export const USAGE_USAGE = 'usage <scope> [day|week|month|total] [--csv]';

/** Prints the scope's usage in the current period (default `month`) as a table, or RFC 4180 CSV with `--csv`. */
export async function usageCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  expectArity(args, 1, 2, USAGE_USAGE);
  const ref = parseRef(args.positional[0], 'scope');
  const sid = await scopeId(ctx.store.directory, ref, false);
  let report;
  try {
    report = await ctx.store.admin.usageReport(sid, args.positional[1] ?? 'month');
  } catch (e) {
    if (e instanceof Error && e.name === 'AdminError') throw new CliError(e.message);
    throw e;
  }
  if (args.flags.get('csv') === true) {
    ctx.print(renderUsageCsv(report).replace(/\r\n$/, ''));
    return;
  }
  const rows = report.rows.map((r) => [r.username ? `@${r.username}` : (r.displayName ?? r.userId), String(r.jobs), String(r.images), String(r.videoSeconds), String(r.tokens), formatUsd(r.spentMicros)]);
  const t = report.totals;
  rows.push(['TOTAL', String(t.jobs), String(t.images), String(t.videoSeconds), String(t.tokens), formatUsd(t.spentMicros)]);
  ctx.print(`Usage of ${refText(ref.platform, ref.externalId)} this ${report.period} (since ${formatTime(report.since)})`);
  ctx.print(renderTable(['user', 'jobs', 'images', 'video s', 'tokens', 'spent'], rows));
}
