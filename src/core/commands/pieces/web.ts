import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import type { CommandDefinition } from '../types.js';
import { en } from '../words.js';

/**
 * `/web`: a one-time link (valid 10 minutes, used once) that signs the member in to the web pages of this community:
 * their gallery and balance, and the admin page when they administer it. The reply is `direct`: only the member may
 * read it (Discord ephemeral; Telegram sends it in the private chat, never in a group). When the web is off it says so.
 */
export const webCommand: CommandDefinition = {
  name: 'web',
  get description() { return en('cmd-web'); },
  get help() { return en('cmd-web.help'); },
  usage: ['/web'],
  examples: ['/web'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [],
  async run(ctx) {
    const l = ctx.actor.locale ?? DEFAULT_LOCALE;
    // The platform's admin answer now (the web asks the platform again while the session is used, where it can): a
    // private chat administers no community.
    const role = await ctx.role();
    const admin = role === 'owner' || (role === 'admin' && ctx.actor.scope.kind !== 'private');
    const link = await ctx.core.webLink(ctx.actor, admin);
    if (!link) return { visibility: 'private', tone: 'info', blocks: [t(l, 'web-off')] };
    return {
      visibility: 'private',
      tone: 'info',
      title: t(l, 'web-link-title'),
      blocks: [t(l, 'web-link', { url: link.url, minutes: 10 })],
      direct: { sent: t(l, 'web-link-sent'), unreachable: t(l, 'web-open-private') },
    };
  },
};
