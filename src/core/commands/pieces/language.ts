import type { CommandDefinition } from '../types.js';
import { str, textReply } from '../reply-kit.js';
import { en } from '../words.js';

/**
 * `/language [code|reset]`: the member's own language, which wins over the community's default and their app's
 * language. Bare, it says which language is in use, why, and the choices. Stored per member (all communities).
 */
export const languageCommand: CommandDefinition = {
  name: 'language',
  get description() { return en('cmd-language'); },
  get help() { return en('cmd-language.help'); },
  usage: ['/language [code|reset]'],
  examples: ['/language', '/language es', '/language reset'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [{ name: 'code', kind: 'text', get description() { return en('cmd-language-opt-code'); }, max: 35 }],
  async run(ctx, a) {
    const res = await ctx.core.language(ctx.actor, str(a, 'code'));
    // The answer speaks the language just chosen; a refusal speaks the one still in effect.
    return textReply(res.ok ? { ...ctx, actor: { ...ctx.actor, locale: res.value.locale } } : ctx, res);
  },
};
