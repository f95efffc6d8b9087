import type { Api } from 'grammy';
import type { BotCommand, BotCommandScope } from 'grammy/types';
import type { CommandDefinition } from '../../core/commands/types.js';
import type { Logger } from '../../log.js';
import { isPersonalSecretCommand } from './secret-args.js';

/** Telegram's limit on a menu entry's description. */
const DESCRIPTION_MAX = 256;

/** One `setMyCommands` call: a scope and its menu. */
export interface CommandMenu {
  scope: BotCommandScope;
  commands: BotCommand[];
}

/**
 * The command menus by audience, generated from the registry (hidden and owner-only commands are not listed):
 * the default scope lists member commands that work in groups; `all_chat_administrators` adds the admin ones;
 * `all_private_chats` lists member commands that work in a private chat. A member's own token command (`token`)
 * is listed in private chats only, where its token is collected. Telegram shows
 * the most specific scope that has a menu, so each list is complete for its audience.
 */
export function commandMenus(commands: readonly CommandDefinition[]): CommandMenu[] {
  const listed = commands.filter((c) => !c.hidden);
  const entry = (c: CommandDefinition): BotCommand => ({ command: c.name, description: c.description.slice(0, DESCRIPTION_MAX) || c.name });
  const members = listed.filter((c) => c.role === 'member');
  const inGroups = (c: CommandDefinition) => c.place !== 'private' && !isPersonalSecretCommand(c);
  return [
    { scope: { type: 'default' }, commands: members.filter(inGroups).map(entry) },
    { scope: { type: 'all_chat_administrators' }, commands: listed.filter((c) => c.role !== 'owner' && inGroups(c)).map(entry) },
    { scope: { type: 'all_private_chats' }, commands: members.filter((c) => c.place !== 'community').map(entry) },
  ];
}

/** Sets every menu of {@link commandMenus}; a failure is logged (the menus are a convenience, commands still work). */
export async function setCommandMenus(api: Api, commands: readonly CommandDefinition[], logger: Logger): Promise<void> {
  for (const menu of commandMenus(commands)) {
    try {
      await api.setMyCommands(menu.commands, { scope: menu.scope });
    } catch (err) {
      logger.warn({ err, scope: menu.scope.type }, 'setMyCommands failed; the command menu may be out of date');
    }
  }
}
