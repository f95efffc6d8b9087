import type { Api } from 'grammy';
import type { BotCommand, BotCommandScope, LanguageCode } from 'grammy/types';
import type { CommandDefinition } from '../../core/api/surface.js';
import type { Logger } from '../../log.js';
import { isPersonalSecretCommand } from './secret-args.js';
import { catalogue, DEFAULT_LOCALE, supportedLocales } from '../../core/i18n/catalog.js';
import { commandDescription } from '../../core/commands/words.js';
import { graphemePrefix } from '../../core/text-cut.js';

/** Telegram's limit on a menu entry's description. */
const DESCRIPTION_MAX = 256;

/** One `setMyCommands` call: a scope, the users' app language it is for (absent: everyone else), and its menu. */
export interface CommandMenu {
  scope: BotCommandScope;
  /** Telegram's `language_code`: a two-letter ISO 639-1 code (`es`, `zh`); absent for the default menu. */
  languageCode?: string;
  commands: BotCommand[];
}

/**
 * Telegram's `language_code` for a shipped locale: its language alone (`pt-BR` → `pt`, `zh-CN` → `zh`), since
 * Telegram matches menus on the two-letter code. English is the default menu, so it has none.
 */
export function telegramLanguageCode(locale: string): string | undefined {
  const lang = locale.split('-')[0]!.toLowerCase();
  return locale === DEFAULT_LOCALE || !/^[a-z]{2}$/.test(lang) ? undefined : lang;
}

/**
 * The command menus by audience, generated from the registry (hidden and owner-only commands are not listed):
 * the default scope lists member commands that work in groups; `all_chat_administrators` adds the admin ones;
 * `all_private_chats` lists member commands that work in a private chat. A member's own token command (`token`)
 * is listed in private chats only, where its token is collected. Telegram shows
 * the most specific scope that has a menu, so each list is complete for its audience. Each audience gets a menu per
 * shipped language (`language_code` `es`, `zh`, `pt`, `ru`, `ja`: descriptions translated, names English) besides the
 * default English one.
 */
export function commandMenus(commands: readonly CommandDefinition[]): CommandMenu[] {
  const listed = commands.filter((c) => !c.hidden);
  const members = listed.filter((c) => c.role === 'member');
  const inGroups = (c: CommandDefinition) => c.place !== 'private' && !isPersonalSecretCommand(c);
  const audiences: [BotCommandScope, CommandDefinition[]][] = [
    [{ type: 'default' }, members.filter(inGroups)],
    [{ type: 'all_chat_administrators' }, listed.filter((c) => c.role !== 'owner' && inGroups(c))],
    [{ type: 'all_private_chats' }, members.filter((c) => c.place !== 'community')],
  ];
  // The default (English) menus, then the same menus per shipped language for users whose app uses it.
  const languages = [undefined, ...supportedLocales().filter((l) => telegramLanguageCode(l) !== undefined)];
  return languages.flatMap((locale) =>
    audiences.map(([scope, defs]): CommandMenu => {
      const entry = (c: CommandDefinition): BotCommand => ({ command: c.name, description: graphemePrefix(commandDescription(locale ?? DEFAULT_LOCALE, c), DESCRIPTION_MAX) || c.name });
      const code = locale && telegramLanguageCode(locale);
      return { scope, ...(code ? { languageCode: code } : {}), commands: defs.map(entry) };
    }),
  );
}

/**
 * Sets every menu of {@link commandMenus}; a failure is logged (the menus are a convenience, commands still work).
 * The menus read every shipped locale once: the bundles they built are dropped afterwards (`Catalogue.dropBuilt`),
 * so an idle bot keeps English only and another locale is built again when a member uses it.
 */
export async function setCommandMenus(api: Api, commands: readonly CommandDefinition[], logger: Logger): Promise<void> {
  const menus = commandMenus(commands);
  catalogue().dropBuilt();
  for (const menu of menus) {
    try {
      await api.setMyCommands(menu.commands, { scope: menu.scope, ...(menu.languageCode ? { language_code: menu.languageCode as LanguageCode } : {}) });
    } catch (err) {
      logger.warn({ err, scope: menu.scope.type, languageCode: menu.languageCode }, 'setMyCommands failed; the command menu may be out of date');
    }
  }
}
