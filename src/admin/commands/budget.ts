import { isPeriod, type Period } from '../../core/budget/periods.js';
import { formatUsd, MoneyError, parseSignedUsd, parseUsd, type Micros } from '../../core/money.js';
import { expectArity, type ParsedArgs } from '../args.js';
import { OPERATOR, type AdminContext } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { formatTime } from '../format.js';
import { parseRef, refText, scopeId, userId } from '../refs.js';

/** The forms of `budget`, as printed by `help` and usage errors. */
export const BUDGET_USAGE = [
  'budget default <scope> <amount|none> [period]',
  'budget set <scope> <user> <amount|none> [period]',
  'budget clear <scope> <user>',
  'budget pool <scope> <amount|none> [period]',
  'budget block <scope> <user>',
  'budget unblock <scope> <user>',
  'budget adjust <scope> <user> <±amount> [note…]',
  'budget show <scope> [user]',
];

function amountOrNone(text: string): Micros | null {
  if (/^(none|unlimited)$/i.test(text)) return null;
  return money(() => parseUsd(text));
}

function money(fn: () => Micros): Micros {
  try {
    return fn();
  } catch (e) {
    if (e instanceof MoneyError) throw new CliError(e.message);
    throw e;
  }
}

function periodArg(text: string | undefined, fallback: Period): Period {
  if (text === undefined) return fallback;
  if (!isPeriod(text)) throw new CliError(`"${text}" is not a period; use day, week, month or total`);
  return text;
}

const limitText = (m: Micros | null, p: Period | null) => (m === null ? 'unlimited' : `${formatUsd(m)} per ${p === 'total' ? 'total (never resets)' : p}`);

/**
 * Runs `budget <op> …` against the store's audited admin service with actor `operator`.
 * @throws UsageError for a malformed line, CliError for a refused value.
 */
export async function budgetCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  const [op, ...rest] = args.positional;
  const a: ParsedArgs = { positional: rest, flags: args.flags };
  const { db, directory, admin } = ctx.store;
  const fallbackPeriod = ctx.config.defaultAllowance.period;
  const scopeRef = () => parseRef(rest[0], 'scope');
  const userRef = () => parseRef(rest[1], 'user');
  switch (op) {
    case 'default': {
      expectArity(a, 2, 3, BUDGET_USAGE[0]!);
      const ref = scopeRef();
      const amount = amountOrNone(rest[1]!);
      const p = periodArg(rest[2], fallbackPeriod);
      const sid = await scopeId(db, directory, ref, true);
      await admin.setDefault(OPERATOR, sid, amount, p);
      ctx.print(`Default allowance of ${refText(ref.platform, ref.externalId)} is now ${limitText(amount, p)} per user.`);
      return;
    }
    case 'set': {
      expectArity(a, 3, 4, BUDGET_USAGE[1]!);
      const [sref, uref] = [scopeRef(), userRef()];
      const amount = amountOrNone(rest[2]!);
      const p = periodArg(rest[3], fallbackPeriod);
      const sid = await scopeId(db, directory, sref, true);
      await admin.setUserOverride(OPERATOR, sid, await userId(db, directory, uref, true), amount, p);
      ctx.print(`${refText(uref.platform, uref.externalId)} in ${refText(sref.platform, sref.externalId)}: ${limitText(amount, p)}.`);
      return;
    }
    case 'clear':
    case 'block':
    case 'unblock': {
      expectArity(a, 2, 2, BUDGET_USAGE[op === 'clear' ? 2 : op === 'block' ? 4 : 5]!);
      const [sref, uref] = [scopeRef(), userRef()];
      const sid = await scopeId(db, directory, sref, true);
      const uid = await userId(db, directory, uref, true);
      if (op === 'clear') await admin.clearUserOverride(OPERATOR, sid, uid);
      else if (op === 'block') await admin.block(OPERATOR, sid, uid);
      else await admin.unblock(OPERATOR, sid, uid);
      const done = op === 'clear' ? 'back on the default allowance' : op === 'block' ? 'blocked' : 'unblocked';
      ctx.print(`${refText(uref.platform, uref.externalId)} in ${refText(sref.platform, sref.externalId)} is ${done}.`);
      return;
    }
    case 'pool': {
      expectArity(a, 2, 3, BUDGET_USAGE[3]!);
      const ref = scopeRef();
      const amount = amountOrNone(rest[1]!);
      const sid = await scopeId(db, directory, ref, true);
      if (amount === null) {
        await admin.clearPool(OPERATOR, sid);
        ctx.print(`${refText(ref.platform, ref.externalId)} has no pool cap any more.`);
        return;
      }
      const p = periodArg(rest[2], fallbackPeriod);
      await admin.setPool(OPERATOR, sid, amount, p);
      ctx.print(`Pool cap of ${refText(ref.platform, ref.externalId)} is now ${limitText(amount, p)}.`);
      return;
    }
    case 'adjust': {
      if (rest.length < 3) throw new UsageError(`usage: ${BUDGET_USAGE[6]}`);
      const [sref, uref] = [scopeRef(), userRef()];
      const amount = money(() => parseSignedUsd(rest[2]!));
      const note = rest.slice(3).join(' ').trim() || 'operator adjustment';
      const sid = await scopeId(db, directory, sref, true);
      await admin.adjust(OPERATOR, sid, await userId(db, directory, uref, true), amount, note);
      ctx.print(`Adjusted ${refText(uref.platform, uref.externalId)} in ${refText(sref.platform, sref.externalId)} by ${amount > 0 ? '+' : ''}${formatUsd(amount)} (${note}).`);
      return;
    }
    case 'show':
      expectArity(a, 1, 2, BUDGET_USAGE[7]!);
      return show(ctx, rest[0], rest[1]);
    default:
      throw new UsageError(`usage:\n  ${BUDGET_USAGE.join('\n  ')}`);
  }
}

async function show(ctx: AdminContext, scopeText: string | undefined, userText: string | undefined): Promise<void> {
  const { db, directory, admin, budgets } = ctx.store;
  const sref = parseRef(scopeText, 'scope');
  const sid = await scopeId(db, directory, sref, false);
  const def = await admin.showDefault(sid);
  const row = await db.selectFrom('budgets').select(['pool_cap_micros', 'pool_period']).where('scope_id', '=', sid).executeTakeFirst();
  const lines = [`Scope ${refText(sref.platform, sref.externalId)}`];
  lines.push(`  default allowance: ${limitText(def.allowanceMicros, def.period)} per user (${def.source === 'scope' ? 'set for this scope' : 'operator default'})`);
  const poolPeriod = isPeriod(row?.pool_period) ? row.pool_period : null;
  lines.push(`  pool cap: ${row?.pool_cap_micros != null && poolPeriod ? limitText(row.pool_cap_micros, poolPeriod) : 'none'}`);
  if (userText !== undefined) {
    const uref = parseRef(userText, 'user');
    const b = await budgets.balance(sid, await userId(db, directory, uref, false));
    lines.push(`User ${refText(uref.platform, uref.externalId)}${b.blocked ? ' (blocked)' : ''}`);
    lines.push(`  limit: ${limitText(b.limitMicros, b.period)}`);
    lines.push(`  spent: ${formatUsd(b.spentMicros)}  held: ${formatUsd(b.heldMicros)}  adjustments: ${formatUsd(b.adjustedMicros)}`);
    lines.push(`  remaining: ${b.remainingMicros === null ? 'unlimited' : formatUsd(b.remainingMicros)}  resets: ${formatTime(b.resetsAt)}`);
    if (b.pool) lines.push(`  pool: ${formatUsd(b.pool.remainingMicros)} left of ${formatUsd(b.pool.limitMicros)} (spent ${formatUsd(b.pool.spentMicros)}, held ${formatUsd(b.pool.heldMicros)})`);
  }
  ctx.print(lines.join('\n'));
}
