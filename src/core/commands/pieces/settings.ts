import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import { DEFAULT_KEYS, SETTING_KEYS } from '../../ports/settings-store.js';
import type { ArgSpec, CommandContext, CommandDefinition, Reply, ReplyAction, ReplyMenu, SubcommandDefinition } from '../types.js';
import { failureReply, str } from '../reply-kit.js';
import { choiceOf, en } from '../words.js';

/** The key argument (positional), one of `keys`; Discord shows them as choices. */
export function settingKeyArg(words: string, keys: readonly string[]): ArgSpec {
  return { name: 'key', kind: 'choice', get description() { return en(words); }, choices: keys.map((k) => ({ value: k, label: k })) };
}

/** The value argument (positional): a model id, `16:9`, `8`, `on`… or `reset`. */
export function settingValueArg(words: string): ArgSpec {
  return { name: 'value', kind: 'text', get description() { return en(words); }, max: 100 };
}

/**
 * A settings answer as a private reply in the language it was written in; the full list ends with how to change one
 * (the command spelled the way this surface spells it).
 */
export function settingsReply(ctx: CommandContext, res: Awaited<ReturnType<CommandContext['core']['settings']>>, listed: boolean, command: readonly [string, string?]): Reply {
  if (!res.ok) return failureReply(ctx, res.failure);
  const l = res.value.locale || ctx.actor.locale || DEFAULT_LOCALE;
  const how = listed ? [t(l, command[1] ? 'settings-defaults-how' : 'settings-how', { cmd: ctx.surface.commandHint(command[0], command[1]) })] : [];
  return { visibility: 'private', tone: 'info', blocks: [res.value.text, ...how], locale: l };
}

/** One button per common choice (restart-proof: the button carries the key and the value). */
const QUICK: readonly (readonly [string, string])[] = [
  ['n', '1'],
  ['n', '2'],
  ['n', '4'],
  ['aspect', '1:1'],
  ['aspect', '16:9'],
  ['aspect', '9:16'],
];

/**
 * The quick choices under the full list: aspects, image counts, and private results turned the other way, labelled in
 * `locale` (`settings-quick`); every surface renders these labels (Discord buttons, Telegram's inline keyboard).
 */
function quickChoices(privately: boolean, locale: string): ReplyAction[] {
  const pairs = [['private', privately ? 'off' : 'on'] as const, ...QUICK];
  return pairs.map(([key, value]) => ({ label: t(locale, 'settings-quick', { key, value }), command: 'settings', args: { key, value } }));
}

/**
 * A menu per model kind, of the models the member's token reaches (from the cache: never waits on the gateway); the
 * placeholder names the setting in `locale` (`settings-key-name`), the options are model ids (never translated).
 */
function modelMenus(ctx: CommandContext, locale: string): ReplyMenu[] {
  const kinds = [['image_model', 'image'], ['video_model', 'video'], ['text_model', 'text']] as const;
  return kinds.flatMap(([key, kind]) => {
    const options = ctx.core.cachedModels(ctx.actor, kind).map((m) => ({ label: m.id, value: m.id }));
    const name = t(locale, 'settings-key-name', { key });
    return options.length ? [{ placeholder: t(locale, 'settings-menu-placeholder', { key: name }), command: 'settings', args: { key }, arg: 'value', options }] : [];
  });
}

/**
 * `/settings [key] [value|reset] [here|everywhere]`: the member's own defaults (image, video and text model, aspect,
 * seconds, quality, n, language, private results). Bare, every key with its value and where it comes from; with a
 * key and a value, stored for this community (`everywhere`: for every community) after validation. Flags typed in a
 * command always win over these.
 */
export const settingsCommand: CommandDefinition = {
  name: 'settings',
  get description() { return en('cmd-settings'); },
  get help() { return en('cmd-settings.help'); },
  usage: ['/settings [key] [value|reset] [here|everywhere]'],
  examples: ['/settings', '/settings aspect 16:9', '/settings image_model gpt-image-2 everywhere', '/settings aspect reset'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [
    settingKeyArg('cmd-settings-opt-key', SETTING_KEYS),
    settingValueArg('cmd-settings-opt-value'),
    { name: 'where', kind: 'choice', get description() { return en('cmd-settings-opt-where'); }, choices: [choiceOf('here', 'choice-where-here'), choiceOf('everywhere', 'choice-where-everywhere')] },
  ],
  async run(ctx, a) {
    const key = str(a, 'key');
    const where = str(a, 'where');
    const res = await ctx.core.settings(ctx.actor, { ...(key ? { key } : {}), ...(str(a, 'value') ? { value: str(a, 'value') } : {}), ...(where === 'here' || where === 'everywhere' ? { where } : {}) });
    const reply = settingsReply(ctx, res, !key, ['settings']);
    if (key || reply.tone === 'error') return reply;
    const privately = (await ctx.core.settingsInEffect(ctx.actor)).private?.value === 'on';
    const l = reply.locale ?? DEFAULT_LOCALE;
    return { ...reply, actions: quickChoices(privately, l), menus: modelMenus(ctx, l) };
  },
};

/** `/setup defaults [key] [value|reset]`: the community's defaults for members without their own setting. */
export const setupDefaultsSubcommand: SubcommandDefinition = {
  name: 'defaults',
  get description() { return en('cmd-setup-defaults'); },
  role: 'admin',
  usage: '/setup defaults [key] [value|reset]',
  args: [settingKeyArg('cmd-settings-opt-key', DEFAULT_KEYS), settingValueArg('cmd-settings-opt-value')],
  async run(ctx, a) {
    const key = str(a, 'key');
    const value = str(a, 'value');
    const res = await ctx.core.communityDefaults(ctx.actor, { ...(key ? { key } : {}), ...(value ? { value } : {}) });
    return settingsReply(ctx, res, !key, ['setup', 'defaults']);
  },
};
