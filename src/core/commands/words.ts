import { DEFAULT_LOCALE, hasMessage, t, type MessageArgs } from '../i18n/catalog.js';
import type { ArgSpec, CommandDefinition, SubcommandDefinition } from './types.js';

/**
 * The words of command definitions come from `locales/<code>/commands.ftl`. A definition's `description`, `help`
 * and argument descriptions are its English texts ({@link en}); surfaces that speak other languages (Discord's
 * `description_localizations`, Telegram's menus per `language_code`, `/help`) look the same message up in another
 * locale by the ids below, so a translator adds a language without touching code:
 * - `cmd-<command>`: the description; its `.help` attribute the longer `/help` text;
 * - `cmd-<command>-<subcommand>`: a subcommand's description;
 * - `cmd-<command>[-<subcommand>]-opt-<option>`, else `cmd-<command>-opt-<option>`, else `opt-<option>` (shared
 *   options; `opt-model` selects on `$kind`): an option's description.
 */

/**
 * An English message, for the English fields of definitions. Definitions call it from a getter
 * (`get description() { return en('cmd-imagine'); }`), so the words are read when first asked and importing a piece
 * reads no file.
 */
export function en(id: string, args?: MessageArgs): string {
  return t(DEFAULT_LOCALE, id, args);
}

/** A command's (or subcommand's) description in `locale`; the definition's English one when no message matches. */
export function commandDescription(locale: string, def: CommandDefinition, sub?: SubcommandDefinition): string {
  const id = sub ? `cmd-${def.name}-${sub.name}` : `cmd-${def.name}`;
  return hasMessage(id) ? t(locale, id) : (sub ?? def).description;
}

/** A command's `/help` text in `locale`. */
export function commandHelp(locale: string, def: CommandDefinition): string {
  return hasMessage(`cmd-${def.name}`) ? t(locale, `cmd-${def.name}.help`) : def.help;
}

/** The message id and arguments of an option's description (see the module comment), or undefined when none. */
export function argMessage(def: CommandDefinition, sub: SubcommandDefinition | undefined, arg: ArgSpec): { id: string; args: MessageArgs } | undefined {
  const ids = [...(sub ? [`cmd-${def.name}-${sub.name}-opt-${arg.name}`] : []), `cmd-${def.name}-opt-${arg.name}`, `opt-${arg.name}`];
  const id = ids.find(hasMessage);
  return id ? { id, args: { kind: arg.modelKind ?? 'text' } } : undefined;
}

/** An option's description in `locale`; the definition's English one when no message matches. */
export function argDescription(locale: string, def: CommandDefinition, sub: SubcommandDefinition | undefined, arg: ArgSpec): string {
  const m = argMessage(def, sub, arg);
  return m ? t(locale, m.id, m.args) : arg.description;
}

/** A `choice` argument's entry worded by catalogue id `id` (English `label`, `labelId` for surfaces that localize names). */
export function choiceOf(value: string, id: string): { readonly value: string; readonly label: string; readonly labelId: string } {
  return { value, labelId: id, get label() { return en(id); } };
}
