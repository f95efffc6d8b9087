import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  ContextMenuCommandBuilder,
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type RESTPostAPIApplicationCommandsJSONBody,
  type SlashCommandOptionsOnlyBuilder,
  type SlashCommandSubcommandsOnlyBuilder,
  type SlashCommandUserOption,
} from 'discord.js';
import {
  amountOption,
  aspectOption,
  modelOption,
  periodOption,
  promptOption,
  sizeOption,
  VIDEO_SECONDS,
} from './options.js';

/** Name of the message context menu command that edits a message's images. */
export const EDIT_WITH_AI = 'Edit with AI';

/** Every slash command name the bot registers. */
export const COMMAND_NAMES = ['imagine', 'edit', 'video', 'ask', 'balance', 'jobs', 'job', 'models', 'budget', 'usage', 'setup', 'token'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

type AnySlashBuilder = SlashCommandBuilder | SlashCommandOptionsOnlyBuilder | SlashCommandSubcommandsOnlyBuilder;

/** Guild-only: not offered in DMs (contexts Guild plus the legacy `dm_permission: false`). */
function guildOnly<T extends { setContexts(...c: InteractionContextType[]): unknown; setDMPermission(v: boolean): unknown }>(b: T): T {
  b.setContexts(InteractionContextType.Guild);
  b.setDMPermission(false);
  return b;
}

/** Visible only to members with Manage Guild by default; server admins can change this in Integrations. */
function managersOnly<T extends { setDefaultMemberPermissions(p: bigint): unknown }>(b: T): T {
  b.setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild);
  return b;
}

function mediaCommands(): AnySlashBuilder[] {
  const imagine = new SlashCommandBuilder()
    .setName('imagine')
    .setDescription('Make an image from a text description')
    .addStringOption(promptOption('What the image should show'))
    .addStringOption(modelOption('image'))
    .addStringOption(aspectOption)
    .addStringOption(sizeOption);
  const edit = new SlashCommandBuilder()
    .setName('edit')
    .setDescription('Change an image (or combine up to three) following your instructions')
    .addStringOption(promptOption('What to change, in plain words'))
    .addAttachmentOption((o) => o.setName('image1').setDescription('The image to edit').setRequired(true))
    .addAttachmentOption((o) => o.setName('image2').setDescription('A second reference image'))
    .addAttachmentOption((o) => o.setName('image3').setDescription('A third reference image'))
    .addStringOption(modelOption('image'))
    .addStringOption(sizeOption);
  const video = new SlashCommandBuilder()
    .setName('video')
    .setDescription('Make a short video from a description, optionally starting from an image')
    .addStringOption(promptOption('What the video should show'))
    .addIntegerOption((o) =>
      o.setName('seconds').setDescription(`Length in seconds (${VIDEO_SECONDS.min}-${VIDEO_SECONDS.max})`).setMinValue(VIDEO_SECONDS.min).setMaxValue(VIDEO_SECONDS.max),
    )
    .addStringOption(aspectOption)
    .addAttachmentOption((o) => o.setName('image').setDescription('A starting image for the video'))
    .addStringOption(modelOption('video'));
  const ask = new SlashCommandBuilder()
    .setName('ask')
    .setDescription('Ask a text model a question')
    .addStringOption(promptOption('Your question or instruction'))
    .addStringOption(modelOption('text'));
  const balance = new SlashCommandBuilder().setName('balance').setDescription('Show how much of your budget is left');
  const jobs = new SlashCommandBuilder().setName('jobs').setDescription('List your recent and running jobs');
  const job = new SlashCommandBuilder()
    .setName('job')
    .setDescription('Show one job and its result')
    .addStringOption((o) => o.setName('id').setDescription('The job id shown when it started').setRequired(true).setMaxLength(64));
  const models = new SlashCommandBuilder().setName('models').setDescription('List the models available here and their prices');
  return [imagine, edit, video, ask, balance, jobs, job, models].map(guildOnly);
}

function budgetCommand(): SlashCommandSubcommandsOnlyBuilder {
  const user = (what: string) => (o: SlashCommandUserOption) => o.setName('user').setDescription(what).setRequired(true);
  return new SlashCommandBuilder()
    .setName('budget')
    .setDescription('Manage spending limits in this server')
    .addSubcommand((s) =>
      s
        .setName('default')
        .setDescription('Set the limit every member gets')
        .addStringOption(amountOption('Limit per member in US dollars, e.g. 5 or 2.50'))
        .addStringOption(periodOption(true, 'How often the limit resets')),
    )
    .addSubcommand((s) =>
      s
        .setName('set')
        .setDescription("Set one member's own limit")
        .addUserOption(user('The member'))
        .addStringOption(amountOption('Limit in US dollars, e.g. 10'))
        .addStringOption(periodOption(false, 'How often it resets (default: the server default period)')),
    )
    .addSubcommand((s) => s.setName('clear').setDescription("Remove a member's own limit (back to the default)").addUserOption(user('The member')))
    .addSubcommand((s) =>
      s
        .setName('pool')
        .setDescription('Set a shared limit for the whole server')
        .addStringOption(amountOption('Server-wide limit in US dollars'))
        .addStringOption(periodOption(false, 'How often it resets (default: month)')),
    )
    .addSubcommand((s) => s.setName('block').setDescription('Stop a member from using the bot here').addUserOption(user('The member')))
    .addSubcommand((s) => s.setName('unblock').setDescription('Let a blocked member use the bot again').addUserOption(user('The member')))
    .addSubcommand((s) =>
      s
        .setName('adjust')
        .setDescription("Give or take back part of a member's spending this period")
        .addUserOption(user('The member'))
        .addStringOption(amountOption('US dollars; positive gives more room, negative takes it back, e.g. -1.50'))
        .addStringOption((o) => o.setName('note').setDescription('Why (kept in the audit log)').setMaxLength(200)),
    )
    .addSubcommand((s) =>
      s
        .setName('show')
        .setDescription('Show limits and spending')
        .addUserOption((o) => o.setName('user').setDescription('A member (default: the whole server)')),
    );
}

function adminCommands(): AnySlashBuilder[] {
  const usage = new SlashCommandBuilder()
    .setName('usage')
    .setDescription('Show who spent what in this server')
    .addUserOption((o) => o.setName('user').setDescription('Only this member'))
    .addStringOption(periodOption(false, 'Which period (default: the current month)'));
  const setup = new SlashCommandBuilder()
    .setName('setup')
    .setDescription('Connect this server to the media gateway')
    .addSubcommand((s) => s.setName('token').setDescription("Set the server's gateway token (asked in a private form)"))
    .addSubcommand((s) => s.setName('show').setDescription('Show the current setup (the token is never shown)'))
    .addSubcommand((s) => s.setName('unlink').setDescription("Remove the server's gateway token"))
    .addSubcommand((s) =>
      s
        .setName('timezone')
        .setDescription('Set the time zone used for daily, weekly and monthly resets')
        .addStringOption((o) => o.setName('tz').setDescription('An IANA time zone, e.g. Europe/Berlin').setRequired(true).setAutocomplete(true).setMaxLength(64)),
    );
  return [budgetCommand(), usage, setup].map((b) => managersOnly(guildOnly(b)));
}

function tokenCommand(): SlashCommandSubcommandsOnlyBuilder {
  return new SlashCommandBuilder()
    .setName('token')
    .setDescription('Use your own gateway token')
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM)
    .addSubcommand((s) => s.setName('link').setDescription('Link your own gateway token (asked in a private form)'))
    .addSubcommand((s) => s.setName('unlink').setDescription('Forget your gateway token'));
}

/**
 * The JSON of every application command, in a stable order (so its hash only changes when a definition does).
 * Installed to guilds only (`integration_types: [GuildInstall]`); every command but `/token` is guild-only,
 * `/budget`, `/usage` and `/setup` default to members with Manage Guild.
 */
export function buildCommandDefinitions(): RESTPostAPIApplicationCommandsJSONBody[] {
  const editWithAi = guildOnly(new ContextMenuCommandBuilder().setName(EDIT_WITH_AI).setType(ApplicationCommandType.Message));
  const all = [...mediaCommands(), ...adminCommands(), tokenCommand(), editWithAi];
  return all.map((b) => {
    b.setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
    return b.toJSON();
  });
}
