import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AdminCommand } from '../../core/api.js';
import type { ConsoleContext } from './context.js';
import { words } from './parse.js';

/** Usage of `/budget`. */
export const BUDGET_USAGE =
  'Usage: /budget default <amount> [period] | set <user> <amount> [period] | clear <user> | pool <amount|none> [period] | block <user> | unblock <user> | adjust <user> <±amount> [note] | show [user] | timezone <Area/City>';

/** Maps `/budget …` words to an {@link AdminCommand}; undefined when the form does not match. */
export function parseBudget(rest: string): AdminCommand | undefined {
  const [op, a, b, c, ...more] = words(rest);
  const opt = (k: 'period' | 'note', v: string | undefined) => (v === undefined ? {} : { [k]: v });
  switch (op) {
    case 'default':
      return a && !c ? { op: 'default', amount: a, ...opt('period', b) } : undefined;
    case 'set':
      return a && b && more.length === 0 ? { op: 'set', target: a, amount: b, ...opt('period', c) } : undefined;
    case 'clear':
    case 'block':
    case 'unblock':
      return a && !b ? { op, target: a } : undefined;
    case 'pool':
      return a && !c ? { op: 'pool', amount: a, ...opt('period', b) } : undefined;
    case 'adjust':
      return a && b ? { op: 'adjust', target: a, amount: b, ...opt('note', [c, ...more].filter(Boolean).join(' ') || undefined) } : undefined;
    case 'show':
      return !b ? { op: 'show', ...(a ? { target: a } : {}) } : undefined;
    case 'timezone':
      return a && !b ? { op: 'timezone', timeZone: a } : undefined;
    default:
      return undefined;
  }
}

/** Runs an admin command (the console user is the admin of the console scope) and prints the result. */
export async function runAdmin(ctx: ConsoleContext, cmd: AdminCommand): Promise<void> {
  const r = await ctx.core.admin(ctx.actor, cmd);
  if (!r.ok) return ctx.print(`✗ ${ctx.core.explain(r.failure)}`);
  ctx.print(r.value.text);
  if (r.value.csv) {
    await mkdir(ctx.outputDir, { recursive: true });
    const path = join(ctx.outputDir, r.value.csv.filename.replace(/[^\w.-]/g, '_'));
    await writeFile(path, r.value.csv.content);
    ctx.print(`  CSV: ${path}`);
  }
}

/** `/budget …`. */
export async function budget(ctx: ConsoleContext, rest: string): Promise<void> {
  const cmd = parseBudget(rest);
  if (!cmd) return ctx.print(BUDGET_USAGE);
  await runAdmin(ctx, cmd);
}

/** `/usage [period]`. */
export async function usage(ctx: ConsoleContext, rest: string): Promise<void> {
  const [period, extra] = words(rest);
  if (extra) return ctx.print('Usage: /usage [day|week|month|total]');
  await runAdmin(ctx, { op: 'usage', ...(period ? { period } : {}) });
}
