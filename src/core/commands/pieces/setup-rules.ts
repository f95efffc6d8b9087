import type { ChannelRuleChange, ChannelRuleView } from '../../api/rules.js';
import { fail } from '../../failures.js';
import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import type { CommandContext, Reply, SubcommandDefinition } from '../types.js';
import { choiceOf, en } from '../words.js';
import { failureReply, str, textReply } from '../reply-kit.js';

const RULES = ['show', 'allow', 'only', 'silent', 'reset'] as const;
type RuleWord = (typeof RULES)[number];

/** The rules as lines: one per channel (`here` marked), or "no rules". */
function rulesText(ctx: CommandContext, rules: readonly ChannelRuleView[]): string {
  const l = ctx.actor.locale ?? DEFAULT_LOCALE;
  if (rules.length === 0) return t(l, 'channel-rules-none', { setup: ctx.surface.commandHint('setup', 'channel') });
  const lines = rules.map((r) => {
    const parts: string[] = [];
    if (r.silent) parts.push(t(l, 'channel-rule-silent'));
    if (r.only) parts.push(t(l, 'channel-rule-only', { commands: r.only.map((c) => ctx.surface.commandHint(c)).join(', ') }));
    if (r.allow.length) parts.push(t(l, 'channel-rule-allow', { commands: r.allow.map((c) => ctx.surface.commandHint(c)).join(', ') }));
    const name = r.label ?? r.channelId;
    return t(l, 'channel-rule-line', { channel: name, rule: parts.join('; '), here: r.here ? 'yes' : 'no' });
  });
  return [t(l, 'channel-rules-title'), ...lines].join('\n');
}

/**
 * The command names typed after `allow`/`only` (`/video`, `video`, separated by spaces or commas), checked against the
 * commands the dispatcher runs when it says them; the unknown ones, if any.
 */
function commandNames(ctx: CommandContext, typed: string): { names: string[]; unknown: string[] } {
  const words = typed.split(/[\s,]+/u).map((w) => w.replace(/^\//, '').toLowerCase()).filter(Boolean);
  const known = ctx.commands ? new Set(ctx.commands.map((c) => c.name)) : undefined;
  const names = words.filter((w) => (known ? known.has(w) : /^[a-z0-9_]{1,32}$/.test(w)));
  return { names: [...new Set(names)], unknown: words.filter((w) => !names.includes(w)) };
}

async function runChannel(ctx: CommandContext, rule: RuleWord, typed: string | undefined): Promise<Reply> {
  const l = ctx.actor.locale ?? DEFAULT_LOCALE;
  if (rule === 'show') return { visibility: 'private', tone: 'info', blocks: [rulesText(ctx, await ctx.core.channelRules(ctx.actor))] };
  let change: ChannelRuleChange;
  if (rule === 'allow' || rule === 'only') {
    const { names, unknown } = commandNames(ctx, typed ?? '');
    if (unknown.length || names.length === 0) {
      const problem = { id: 'channel-rule-bad-commands', args: { given: unknown.join(', ') || 'none' } };
      return failureReply(ctx, fail('bad_flag', { message: `Unknown command names: ${unknown.join(', ') || 'none'}`, problem }));
    }
    change = { op: rule, commands: names };
  } else change = { op: rule };
  const res = await ctx.core.changeChannelRule(ctx.actor, change);
  if (!res.ok) return failureReply(ctx, res.failure);
  return { visibility: 'private', tone: 'info', blocks: [t(l, `channel-rule-done-${rule}`), rulesText(ctx, res.value)] };
}

/** `/setup channel [show|allow|only|silent|reset] [commands…]`: this channel's (or topic's) rules, for admins. */
export const setupChannelSub: SubcommandDefinition = {
  name: 'channel',
  get description() { return en('cmd-setup-channel'); },
  role: 'admin',
  usage: '/setup channel [show|allow|only|silent|reset] [commands…]',
  args: [
    {
      name: 'rule',
      kind: 'choice',
      get description() { return en('cmd-setup-channel-opt-rule'); },
      choices: RULES.map((value) => choiceOf(value, `choice-channel-${value}`)),
    },
    { name: 'commands', kind: 'text', get description() { return en('cmd-setup-channel-opt-commands'); }, rest: true, max: 300 },
  ],
  run: (ctx, a) => runChannel(ctx, (str(a, 'rule') as RuleWord | undefined) ?? 'show', str(a, 'commands')),
};

const WORD_OPS = ['list', 'add', 'remove', 'clear'] as const;
type WordOp = (typeof WORD_OPS)[number];

/**
 * `/setup words list|add|remove|clear [pattern] [message…] [--list global]`: the community's prompt rules, or the
 * owners' global list (`--list global`, owners only). Refused prompts are refused free, before any hold.
 */
export const setupWordsSub: SubcommandDefinition = {
  name: 'words',
  get description() { return en('cmd-setup-words'); },
  role: 'admin',
  usage: '/setup words list|add|remove|clear [word or pattern] [message…] [--list global]',
  args: [
    {
      name: 'action',
      kind: 'choice',
      get description() { return en('cmd-setup-words-opt-action'); },
      required: true,
      choices: WORD_OPS.map((value) => choiceOf(value, `choice-words-${value}`)),
    },
    { name: 'pattern', kind: 'text', get description() { return en('cmd-setup-words-opt-pattern'); }, max: 100 },
    { name: 'message', kind: 'text', get description() { return en('cmd-setup-words-opt-message'); }, rest: true, max: 300 },
    {
      name: 'list',
      kind: 'choice',
      flags: ['list'],
      get description() { return en('cmd-setup-words-opt-list'); },
      choices: [
        choiceOf('community', 'choice-words-list-community'),
        choiceOf('global', 'choice-words-list-global'),
      ],
    },
  ],
  run: async (ctx, a) => {
    const op = (str(a, 'action') ?? 'list') as WordOp;
    const pattern = str(a, 'pattern');
    const message = str(a, 'message');
    const res = await ctx.core.wordsCommand(ctx.actor, { op, global: str(a, 'list') === 'global', ...(pattern ? { pattern } : {}), ...(message ? { message } : {}) });
    return textReply(ctx, res);
  },
};
