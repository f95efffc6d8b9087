import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import type { CommandContext, CommandDefinition, Reply } from '../types.js';
import { en } from '../words.js';
import { str, textReply } from '../reply-kit.js';
import { runAdminReply } from './admin-reply.js';
import { setupChannelSub, setupWordsSub } from './setup-rules.js';
import { setupDefaultsSubcommand } from './settings.js';

/** The gateway token argument: collected privately by surfaces (modal, private chat), never echoed. */
export const secretArg = { name: 'token', kind: 'secret', get description() { return en('opt-token'); }, required: true } as const;

/** `/setup token|show|unlink|timezone|language|channel|words`: the community's gateway token and time zone, for admins. */
export const setupCommand: CommandDefinition = {
  name: 'setup',
  get description() { return en('cmd-setup'); },
  get help() { return en('cmd-setup.help'); },
  usage: ['/setup token', '/setup show', '/setup unlink', '/setup timezone <zone>', '/setup language <code|reset>', '/setup defaults [key] [value|reset]', setupChannelSub.usage, setupWordsSub.usage],
  examples: ['/setup show', '/setup timezone Europe/Berlin'],
  role: 'admin',
  place: 'community',
  visibility: 'private',
  subcommands: [
    {
      name: 'token',
      get description() { return en('cmd-setup-token'); },
      role: 'admin',
      usage: '/setup token',
      args: [secretArg],
      async run(ctx, a) {
        const res = await ctx.core.linkToken(ctx.actor, str(a, 'token') ?? '', false);
        return textReply(ctx, res);
      },
    },
    {
      name: 'show',
      get description() { return en('cmd-setup-show'); },
      role: 'admin',
      usage: '/setup show',
      args: [],
      run: showSetup,
    },
    {
      name: 'unlink',
      get description() { return en('cmd-setup-unlink'); },
      role: 'admin',
      usage: '/setup unlink',
      args: [],
      run: (ctx) => runAdminReply(ctx, { op: 'token_unlink' }),
    },
    {
      name: 'timezone',
      get description() { return en('cmd-setup-timezone'); },
      role: 'admin',
      usage: '/setup timezone <zone>',
      args: [{ name: 'tz', kind: 'text', get description() { return en('cmd-setup-timezone-opt-tz'); }, required: true, max: 64, autocomplete: true }],
      run: (ctx, a) => runAdminReply(ctx, { op: 'timezone', timeZone: str(a, 'tz') ?? '' }),
    },
    {
      name: 'language',
      get description() { return en('cmd-setup-language'); },
      role: 'admin',
      usage: '/setup language <code|reset>',
      args: [{ name: 'code', kind: 'text', get description() { return en('cmd-setup-language-opt-code'); }, required: true, max: 35 }],
      run: (ctx, a) => runAdminReply(ctx, { op: 'language', code: str(a, 'code') ?? '' }),
    },
    setupDefaultsSubcommand,
    setupChannelSub,
    setupWordsSub,
  ],
};

/**
 * `/setup show`: the token setup as the core words it, then the gateway's own balance and expiry of the token that pays
 * here (admins only, like the whole command); nothing more when no token pays here. A gateway without a balance page says so in one line; any other
 * failure to read it is explained (with its ref) without hiding the setup.
 */
async function showSetup(ctx: CommandContext): Promise<Reply> {
  const shown = await runAdminReply(ctx, { op: 'token_show' });
  if (shown.tone === 'error') return shown;
  const b = await ctx.core.gatewayBalance(ctx.actor);
  const l = ctx.actor.locale ?? DEFAULT_LOCALE;
  // No token pays here: the setup text already says so.
  if (!b.ok && b.failure.code === 'no_token') return shown;
  const line = b.ok
    ? b.value.text
    : b.failure.code === 'not_offered'
      ? t(l, 'gateway-balance-not-shown')
      : t(l, 'gateway-balance-unreadable', { reason: ctx.core.explain(b.failure, (c, s) => ctx.surface.commandHint(c, s), { actor: ctx.actor, surface: ctx.surface.id }, l) });
  return { ...shown, blocks: [...shown.blocks, line] };
}
