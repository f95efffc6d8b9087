import { flag, type ParsedArgs } from '../args.js';
import type { AdminContext } from '../context.js';
import { UsageError } from '../errors.js';
import { replyText, runAsOperator } from '../operator-surface.js';
import { parseRef, scopeId, type PlatformRef } from '../refs.js';

/** The forms of `budget`, as printed by `help` and usage errors. `<scope>` may also be given as `--scope <scope>`. */
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

/**
 * The scope of a CLI line (`--scope <scope>`, else the first word after the subcommand) and the words left for the
 * chat command. @throws UsageError when there is no scope or it is malformed.
 */
export function scopeAndWords(args: ParsedArgs, words: readonly string[], form: string): { scope: PlatformRef; words: string[] } {
  const given = flag(args, 'scope');
  if (given !== undefined) return { scope: parseRef(given, 'scope'), words: [...words] };
  if (words.length === 0) throw new UsageError(`usage: ${form}`);
  return { scope: parseRef(words[0], 'scope'), words: words.slice(1) };
}

/**
 * Runs `budget <op> <scope> …` as the chat command `/budget <op> …` of that scope, with the operator as the actor
 * (an owner): one parser for amounts, periods and members, the same audited changes and the same words as in the
 * chats. `show` reads only, so an unknown scope is an error there instead of being created.
 * @throws UsageError for a malformed line (exit 2), CliError with the core's words for a refused value (exit 1).
 */
export async function budgetCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  const [op, ...rest] = args.positional;
  const form = BUDGET_USAGE.find((f) => f.startsWith(`budget ${op ?? ''} `));
  if (op === undefined || form === undefined) throw new UsageError(`usage:\n  ${BUDGET_USAGE.join('\n  ')}`);
  const { scope, words } = scopeAndWords(args, rest, form);
  if (op === 'show') await scopeId(ctx.store.directory, scope, false);
  const reply = await runAsOperator(ctx.dispatcher, scope, ['budget', op, ...words], form);
  ctx.print(replyText(reply));
}
