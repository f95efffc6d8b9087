import type { ParsedArgs } from '../args.js';
import { OPERATOR, type AdminContext } from '../context.js';
import { UsageError } from '../errors.js';
import { normalizePattern } from '../../core/rules/word-match.js';
import { replyText, runAsOperator } from '../operator-surface.js';
import { scopeAndWords } from './budget.js';

/** The forms of `words`: the owners' global prompt rules, or with `--scope` a community's (its `/setup words`). */
export const WORDS_USAGE = [
  'words list [--scope <scope>]',
  'words add <word or pattern> [message…] [--scope <scope>]   (* inside a word: any letters; matched as whole words)',
  'words remove <word or pattern> [--scope <scope>]',
  'words clear [--scope <scope>]',
] as const;

/**
 * `words list|add|remove|clear`: without `--scope`, the global list every community's prompts are checked against
 * (before any hold or gateway call); with it, that community's list through its `/setup words` piece. Audited with
 * actor `operator`.
 */
export async function wordsCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  const [op, ...rest] = args.positional;
  const form = WORDS_USAGE.find((f) => f.startsWith(`words ${op ?? ''} `));
  if (op === undefined || form === undefined) throw new UsageError(`usage:\n  ${WORDS_USAGE.join('\n  ')}`);
  if (args.flags.has('scope')) {
    const { scope, words } = scopeAndWords(args, rest, form);
    ctx.print(replyText(await runAsOperator(ctx.dispatcher, scope, ['setup', 'words', op, ...words], form)));
    return;
  }
  const audit = (action: string) => ({ actor: OPERATOR, action });
  const rules = ctx.store.rules;
  if (op === 'list') {
    const list = await rules.wordRules(null);
    ctx.print(list.length ? list.map((r) => (r.message ? `${r.pattern} — ${r.message}` : r.pattern)).join('\n') : 'The global list is empty.');
    return;
  }
  if (op === 'clear') {
    ctx.print(`Removed ${await rules.clearWordRules(null, audit('words.clear'))} global rule(s).`);
    return;
  }
  const [raw, ...message] = rest;
  const pattern = normalizePattern(raw ?? '');
  if (!pattern) throw new UsageError(`usage: ${form}`);
  if (op === 'remove') {
    ctx.print((await rules.removeWordRule(null, pattern, audit('words.remove'))) ? `Removed "${pattern}" from the global list.` : `"${pattern}" is not in the global list.`);
    return;
  }
  const text = message.join(' ').trim();
  await rules.addWordRule(null, pattern, text || undefined, audit('words.add'));
  ctx.print(`Added "${pattern}" to the global list.`);
}
