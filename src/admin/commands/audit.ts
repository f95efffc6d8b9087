import { flag, expectArity, type ParsedArgs } from '../args.js';
import type { AdminContext } from '../context.js';
import { UsageError } from '../errors.js';
import { formatTime, renderTable } from '../format.js';
import { parseRef, refText, scopeId } from '../refs.js';

/** The form of `audit`. */
export const AUDIT_USAGE = 'audit [<scope>] [--limit n]   (default 50, newest first)';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown) => (v === undefined ? '-' : JSON.stringify(v));

/** The change of one entry: `key: before→after` for the fields that differ, else the whole value. */
export function describeChange(before: unknown, after: unknown): string {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    const who = typeof after.userId === 'string' ? `user ${after.userId}: ` : '';
    return who + (keys.length ? keys.map((k) => `${k}: ${show(before[k])}→${show(after[k])}`).join(', ') : 'no change');
  }
  if (before === null || before === undefined) return `+ ${show(after)}`;
  if (after === null || after === undefined) return `- ${show(before)}`;
  return `${show(before)} → ${show(after)}`;
}

/** Prints the audit log (every admin change with actor, before and after), optionally of one scope. */
export async function auditCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  expectArity(args, 0, 1, AUDIT_USAGE);
  const limitText = flag(args, 'limit') ?? '50';
  if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1) throw new UsageError(`--limit must be a whole number from 1 to 1000`);
  const sid = args.positional[0] === undefined ? null : await scopeId(ctx.store.directory, parseRef(args.positional[0], 'scope'), false);
  const entries = await ctx.store.admin.auditEntries(sid, Number(limitText));
  if (entries.length === 0) {
    ctx.print('No audit entries.');
    return;
  }
  const rows = entries.map((e) => [formatTime(e.at), e.actor, e.scope ? refText(e.scope.platform, e.scope.externalId) : (e.scopeId ?? '-'), e.action, describeChange(e.before, e.after)]);
  ctx.print(renderTable(['time', 'actor', 'scope', 'action', 'change'], rows, 160));
}
