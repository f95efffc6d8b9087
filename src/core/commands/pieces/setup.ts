import type { CommandDefinition } from '../types.js';
import { failureReply, str } from '../reply-kit.js';
import { runAdminReply } from './admin-reply.js';

/** The gateway token argument: collected privately by surfaces (modal, private chat), never echoed. */
export const secretArg = { name: 'token', kind: 'secret', description: 'The gateway token (sent privately, never shown)', required: true } as const;

/** `/setup token|show|unlink|timezone`: the community's gateway token and time zone, for admins. */
export const setupCommand: CommandDefinition = {
  name: 'setup',
  description: 'Connect this community to the media gateway',
  help: "Links this community's gateway token (asked privately; only its last 4 characters are ever shown), shows or removes it, and sets the time zone for daily, weekly and monthly resets.",
  usage: ['/setup token', '/setup show', '/setup unlink', '/setup timezone <zone>'],
  examples: ['/setup show', '/setup timezone Europe/Berlin'],
  role: 'admin',
  place: 'community',
  subcommands: [
    {
      name: 'token',
      description: "Set the community's gateway token (asked privately)",
      role: 'admin',
      usage: '/setup token',
      args: [secretArg],
      async run(ctx, a) {
        const res = await ctx.core.linkToken(ctx.actor, str(a, 'token') ?? '', false);
        return res.ok ? { visibility: 'private', tone: 'info', blocks: [res.value.text] } : failureReply(ctx, res.failure);
      },
    },
    {
      name: 'show',
      description: 'Show the current setup (the token is never shown)',
      role: 'admin',
      usage: '/setup show',
      args: [],
      run: (ctx) => runAdminReply(ctx, { op: 'token_show' }),
    },
    {
      name: 'unlink',
      description: "Remove the community's gateway token",
      role: 'admin',
      usage: '/setup unlink',
      args: [],
      run: (ctx) => runAdminReply(ctx, { op: 'token_unlink' }),
    },
    {
      name: 'timezone',
      description: 'Set the time zone used for daily, weekly and monthly resets',
      role: 'admin',
      usage: '/setup timezone <zone>',
      args: [{ name: 'tz', kind: 'text', description: 'An IANA time zone, e.g. Europe/Berlin', required: true, max: 64, autocomplete: true }],
      run: (ctx, a) => runAdminReply(ctx, { op: 'timezone', timeZone: str(a, 'tz') ?? '' }),
    },
  ],
};
