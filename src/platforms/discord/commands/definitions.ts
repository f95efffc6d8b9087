import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  ContextMenuCommandBuilder,
  InteractionContextType,
  Locale,
  PermissionFlagsBits,
  SlashCommandBuilder,
  SlashCommandSubcommandBuilder,
  type RESTPostAPIApplicationCommandsJSONBody,
  type SlashCommandAttachmentOption,
  type SlashCommandIntegerOption,
  type SlashCommandStringOption,
  type SlashCommandUserOption,
} from 'discord.js';
import { PERIODS } from '../../../core/budget/periods.js';
import { supportedLocales, t } from '../../../core/i18n/catalog.js';
import { argDescription, commandDescription } from '../../../core/commands/words.js';
import type { ArgSpec, CommandDefinition, Place, Role } from '../../../core/api/surface.js';
import { optionNamesOf, type CommandTarget } from './option-names.js';
import { clip } from '../../../core/text-cut.js';

/** Name of the message context menu command that edits a message's images (runs `edit` with them). */
export const EDIT_WITH_AI = 'Edit with AI';

/** The command "Edit with AI" runs. */
export const EDIT_COMMAND = 'edit';

/** Aspect ratios offered as fixed choices (Discord allows 25; the usual five keep the menu short). */
export const ASPECT_CHOICES = ['1:1', '16:9', '9:16', '4:3', '3:4'] as const;

/** Longest text option when the argument declares no `max` (Discord allows 6000; 2000 keeps replies readable). */
export const TEXT_MAX_LENGTH = 2000;

/** Discord's limits on a string option and on a description. */
const DISCORD_STRING_MAX = 6000;
const DESCRIPTION_MAX = 100;
const CHOICES_MAX = 25;


/** Discord's locale codes for ours (Discord has `es-ES` and `es-419` where we ship one Spanish). */
const DISCORD_LOCALES: Readonly<Record<string, readonly Locale[]>> = {
  'zh-CN': [Locale.ChineseCN],
  es: [Locale.SpanishES, Locale.SpanishLATAM],
  'pt-BR': [Locale.PortugueseBR],
  ru: [Locale.Russian],
  ja: [Locale.Japanese],
};
const DISCORD_LOCALE_VALUES = new Set<string>(Object.values(Locale));

/**
 * `description_localizations` for every shipped locale but English (names stay English identifiers): our code mapped
 * to Discord's (a locale folder named like a Discord locale works as is; others are left out). Undefined when only
 * English ships, so the command JSON (and its hash) is unchanged then.
 */
function localized(describe: (locale: string) => string): Partial<Record<Locale, string>> | undefined {
  const out: Partial<Record<Locale, string>> = {};
  for (const code of supportedLocales()) {
    if (code === 'en') continue;
    const targets = DISCORD_LOCALES[code] ?? (DISCORD_LOCALE_VALUES.has(code) ? [code as Locale] : []);
    for (const target of targets) out[target] = clip(describe(code), DESCRIPTION_MAX);
  }
  return Object.keys(out).length ? out : undefined;
}

/** A choice's `name_localizations`, when there are any. */
function withNameLocalizations(l: Partial<Record<Locale, string>> | undefined): { name_localizations?: Partial<Record<Locale, string>> } {
  return l ? { name_localizations: l } : {};
}

/** The builders' option adders, whatever the builder (command or subcommand) returns from them. */
interface OptionHost {
  addStringOption(fn: (o: SlashCommandStringOption) => SlashCommandStringOption): unknown;
  addIntegerOption(fn: (o: SlashCommandIntegerOption) => SlashCommandIntegerOption): unknown;
  addAttachmentOption(fn: (o: SlashCommandAttachmentOption) => SlashCommandAttachmentOption): unknown;
  addUserOption(fn: (o: SlashCommandUserOption) => SlashCommandUserOption): unknown;
}

/** The string option of one argument kind (everything but integer, attachment, user and secret). */
function stringOption(o: SlashCommandStringOption, arg: ArgSpec): SlashCommandStringOption {
  switch (arg.kind) {
    case 'text':
      o.setMaxLength(Math.min(arg.max ?? TEXT_MAX_LENGTH, DISCORD_STRING_MAX));
      if (arg.required) o.setMinLength(1);
      return arg.autocomplete ? o.setAutocomplete(true) : o;
    case 'model':
      return o.setAutocomplete(true).setMaxLength(100);
    case 'aspect':
      return o.addChoices(...ASPECT_CHOICES.map((a) => ({ name: a, value: a })));
    case 'size':
      return o.setMinLength(3).setMaxLength(11);
    case 'amount':
      return o.setMinLength(1).setMaxLength(16);
    case 'period':
      // Named in the member's language where Discord shows it ("al día", "в день"); the value stays the English word.
      return o.addChoices(...PERIODS.map((p) => ({ name: p, value: p, ...withNameLocalizations(localized((l) => t(l, 'period-per', { period: p }))) })));
    case 'job':
      return o.setMaxLength(64);
    case 'choice': {
      const choices = arg.choices ?? [];
      // A model option's values depend on the model chosen: completed per model, never a fixed menu.
      if (arg.modelOption) return o.setAutocomplete(true).setMaxLength(20);
      if (choices.length === 0 || choices.length > CHOICES_MAX) return arg.autocomplete ? o.setAutocomplete(true) : o;
      // Named in the member's language where the catalogue words them (`labelId`); the value stays the same.
      return o.addChoices(...choices.map((c) => ({ name: clip(c.label, DESCRIPTION_MAX), value: c.value, ...withNameLocalizations(c.labelId ? localized((l) => clip(t(l, c.labelId!), DESCRIPTION_MAX)) : undefined) })));
    }
    default:
      return o;
  }
}

/** Adds the options of `target`'s arguments, required ones first (Discord's rule), otherwise in declared order. */
function addOptions(host: OptionHost, target: CommandTarget, args: readonly ArgSpec[]): void {
  const ordered = [...args.filter((a) => a.required), ...args.filter((a) => !a.required)];
  for (const arg of ordered) {
    const names = optionNamesOf(target, arg);
    const description = clip(arg.description, DESCRIPTION_MAX);
    names.forEach((name, k) => {
      const required = arg.required === true && k === 0;
      const numbered = (d: string) => (names.length > 1 && k > 0 ? clip(`${d} (${k + 1})`, DESCRIPTION_MAX) : d);
      const localizations = localized((l) => numbered(argDescription(l, target.command, target.sub, arg)));
      const base = <T extends { setName(n: string): T; setDescription(d: string): T; setRequired(r: boolean): T; setDescriptionLocalizations(l: Partial<Record<Locale, string | null>> | null): T }>(o: T) => {
        const named = o.setName(name).setDescription(numbered(description)).setRequired(required);
        return localizations ? named.setDescriptionLocalizations(localizations) : named;
      };
      switch (arg.kind) {
        case 'attachment':
          host.addAttachmentOption((o) => base(o));
          return;
        case 'user':
          host.addUserOption((o) => base(o));
          return;
        case 'integer':
          host.addIntegerOption((o) => {
            base(o);
            if (arg.min !== undefined) o.setMinValue(arg.min);
            if (arg.max !== undefined) o.setMaxValue(arg.max);
            return o;
          });
          return;
        default:
          host.addStringOption((o) => stringOption(base(o), arg));
      }
    });
  }
}

/** Admin and owner commands are shown to members with Manage Server by default (server admins can change it). */
function needsManageGuild(def: CommandDefinition): boolean {
  const elevated = (r: Role) => r === 'admin' || r === 'owner';
  if (def.subcommands?.length) return def.subcommands.every((s) => elevated(s.role));
  return elevated(def.role);
}

/** Where a command is offered: community commands in guilds only; private ones in DMs with the bot; others both. */
function contextsOf(place: Place): InteractionContextType[] {
  if (place === 'community') return [InteractionContextType.Guild];
  if (place === 'private') return [InteractionContextType.BotDM];
  return [InteractionContextType.Guild, InteractionContextType.BotDM];
}

/** One slash command from its definition. */
function slashCommand(def: CommandDefinition): SlashCommandBuilder {
  const b = new SlashCommandBuilder().setName(def.name).setDescription(clip(def.description, DESCRIPTION_MAX));
  const own = localized((l) => commandDescription(l, def));
  if (own) b.setDescriptionLocalizations(own);
  b.setContexts(...contextsOf(def.place));
  if (def.place === 'community') b.setDMPermission(false);
  if (needsManageGuild(def)) b.setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild);
  if (def.subcommands?.length) {
    for (const sub of def.subcommands) {
      const s = new SlashCommandSubcommandBuilder().setName(sub.name).setDescription(clip(sub.description, DESCRIPTION_MAX));
      const subLocalized = localized((l) => commandDescription(l, def, sub));
      if (subLocalized) s.setDescriptionLocalizations(subLocalized);
      addOptions(s, { command: def, sub }, sub.args ?? []);
      b.addSubcommand(s);
    }
  } else {
    addOptions(b, { command: def }, def.args ?? []);
  }
  return b;
}

/**
 * The JSON of every application command, generated from the command registry in its order (stable, so the hash
 * only changes when a definition does): one slash command per listed (not hidden) command, plus the "Edit with AI"
 * message menu when the registry has an `edit` command. Installed to guilds (`integration_types: [GuildInstall]`).
 * Throws (discord.js builder validation) when a definition breaks a Discord limit.
 */
export function buildCommandDefinitions(commands: readonly CommandDefinition[]): RESTPostAPIApplicationCommandsJSONBody[] {
  const out: RESTPostAPIApplicationCommandsJSONBody[] = [];
  for (const def of commands) {
    if (def.hidden) continue;
    out.push(slashCommand(def).setIntegrationTypes(ApplicationIntegrationType.GuildInstall).toJSON());
  }
  if (commands.some((c) => c.name === EDIT_COMMAND && c.args?.some((a) => a.kind === 'attachment'))) {
    const menu = new ContextMenuCommandBuilder()
      .setName(EDIT_WITH_AI)
      .setType(ApplicationCommandType.Message)
      .setContexts(InteractionContextType.Guild)
      .setDMPermission(false)
      .setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
    out.push(menu.toJSON());
  }
  return out;
}
