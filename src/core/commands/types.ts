/**
 * The command layer's contract: every chat command is ONE {@link CommandDefinition} (a "piece", one file per command
 * under `src/core/commands/`), and every surface (Discord, Telegram, the console playground, the operator CLI)
 * is generated from, parses into, and renders out of these types. Nothing here knows a platform.
 *
 * Flow: a surface turns a platform event into an {@link Invocation} (command path, raw argument values, files, and
 * the {@link SurfaceRequest} answering "who/where/admin?"), calls the dispatcher, and renders the {@link Reply} it gets
 * back within its platform's limits. The dispatcher checks place and role, validates arguments against the
 * definition (before any money moves), then calls the piece's `run`.
 */
import type { SurfaceRequest } from '../ports/surface.js';
import type { SettingsInEffect } from '../api/settings.js';
import type { CoreApi } from '../api/core-api.js';
import type { JobKind } from '../api/jobs.js';
import type { Failure, Result } from '../failures.js';
import type { ModelKind } from '../pricing.js';
import type { ModelOptionName } from '../models/model-options.js';

/**
 * Who may run a command. `member`: anyone; `admin`: a community admin as the surface reports it (Manage Server on
 * Discord; creator/administrator, including anonymous admins, on Telegram; the console's single user), or an owner;
 * `owner`: only ids listed in `OWNER_IDS` (and the operator CLI). Checked by the core, never by surfaces alone.
 */
export type Role = 'member' | 'admin' | 'owner';

/** Where a command makes sense: any chat, a community (guild/group/console), or a private chat with the bot. */
export type Place = 'anywhere' | 'community' | 'private';

/** The kinds of argument a definition can declare; each surface maps them to its own widgets or grammar. */
export type ArgKind =
  /** Free text. With `rest`, the prose of the message (a prompt, a note). */
  | 'text'
  /** A model id, exact as typed (never rewritten). `modelKind` names the kind the command needs. */
  | 'model'
  /** `W:H`, e.g. `16:9`. */
  | 'aspect'
  /** `WxH` in pixels, or `auto`. */
  | 'size'
  /** A whole number within `min`..`max`. */
  | 'integer'
  /** Files the user sent (photos, documents, Discord attachments, console paths); `maxCount` bounds them. */
  | 'attachment'
  /** A member: a mention, `@username`, an id, or the author of the replied-to message. */
  | 'user'
  /** US dollars as typed (`5`, `2.50`, `-1`, `none`); parsed by the core's money module. */
  | 'amount'
  /** `day`, `week`, `month` or `total`. */
  | 'period'
  /** One of `choices`. */
  | 'choice'
  /** A job id as shown to users. */
  | 'job'
  /** A gateway token. Never taken from a public message: surfaces collect it privately (modal, private chat). */
  | 'secret';

/** One argument of a command or subcommand. */
export interface ArgSpec {
  /** Key in {@link ArgValues} and the Discord option name: lower-case `[a-z0-9_-]{1,32}`. */
  readonly name: string;
  readonly kind: ArgKind;
  /** One line, at most 100 characters (Discord's limit). */
  readonly description: string;
  readonly required?: boolean;
  /**
   * Text surfaces: the `--flag` names (first is canonical, others aliases: `['ar', 'aspect']`). Absent: the argument
   * is positional, taken in declaration order from the words before/around the flags.
   */
  readonly flags?: readonly string[];
  /** Positional only: takes all remaining prose (at most one per command, the last positional). */
  readonly rest?: boolean;
  /** `integer`: bounds, inclusive. `text`: `max` is the longest length. */
  readonly min?: number;
  readonly max?: number;
  /**
   * `choice`: the values accepted (and Discord choices). `labelId` is the catalogue id of `label` (its English words),
   * so a surface that names choices per language (Discord's `name_localizations`) can; absent for literal labels
   * (command names, a model option's values). Make one with `choiceOf` (`words.ts`).
   */
  readonly choices?: readonly { readonly value: string; readonly label: string; readonly labelId?: string }[];
  /** `model`: the kind of model expected; a model of another kind is refused before money moves. */
  readonly modelKind?: ModelKind;
  /** Offer completions where the surface can (Discord autocomplete for models and time zones). */
  readonly autocomplete?: boolean;
  /** `attachment`: most files (Discord renders `image1..imageN` options). Default 1. */
  readonly maxCount?: number;
  /** Names of arguments that cannot be given together with this one (`size` conflicts with `aspect`). */
  readonly conflicts?: readonly string[];
  /**
   * A model option (`quality`, `resolution`, `audio`…): offered per model (Discord autocomplete narrows `choices` to
   * what the chosen model offers); a listed `choice` (not `audio`) then also accepts any other lower-case word,
   * which the core refuses with the values the model offers.
   */
  readonly modelOption?: ModelOptionName;
}

/** A subcommand (`/budget set`, `/setup token`): its own arguments and role. */
export interface SubcommandDefinition {
  readonly name: string;
  readonly description: string;
  readonly role: Role;
  readonly args?: readonly ArgSpec[];
  /** One usage line for help, surface-neutral: `/budget set <user> <amount> [period]`. */
  readonly usage: string;
  run(ctx: CommandContext, args: ArgValues): Promise<Reply>;
}

/** A chat command, defined once. */
export interface CommandDefinition {
  /** Lower-case `[a-z0-9_]{1,32}` (valid on Discord and Telegram alike). */
  readonly name: string;
  /** One line, at most 100 characters. */
  readonly description: string;
  /** Longer help text for `/help <command>`: what it does, plain words. */
  readonly help: string;
  /** Usage lines, surface-neutral (`/imagine <prompt> [--ar W:H] [--model ID]`). */
  readonly usage: readonly string[];
  /** Example invocations as a user would type them on a text surface. */
  readonly examples?: readonly string[];
  /** Role for the command itself; subcommands carry their own. */
  readonly role: Role;
  readonly place: Place;
  /** Not listed in menus and `/help` (e.g. commands reached through buttons); still runnable. */
  readonly hidden?: boolean;
  /**
   * How its answer is normally shown, known BEFORE it runs (Discord must choose a public or an ephemeral "thinking…"
   * within 3 s): `public` for commands that make something the chat sees (results, started videos), `private` for
   * everything else. A failure is always private whatever this says. Absent: surfaces guess (`private` is safe).
   */
  readonly visibility?: 'public' | 'private';
  /** A command has either `args` + `run`, or `subcommands`. */
  readonly args?: readonly ArgSpec[];
  readonly subcommands?: readonly SubcommandDefinition[];
  run?(ctx: CommandContext, args: ArgValues): Promise<Reply>;
}

/**
 * A file the user sent, not downloaded yet: the dispatcher checks count and declared size against the command's and
 * the model's limits BEFORE calling `fetch` (platform CDN links expire, so surfaces call it right after validation).
 */
export interface IncomingFile {
  readonly name: string;
  /** Size the platform declared, when it did. */
  readonly declaredBytes?: number;
  /** MIME type the platform declared; informational only (the core sniffs the bytes). */
  readonly declaredType?: string;
  /** Downloads the bytes, refusing more than `maxBytes` (a `Failure` such as `attachment_too_large`). */
  fetch(maxBytes: number): Promise<Result<Uint8Array>>;
}

/** A parsed argument value: strings for text-like kinds, numbers for `integer`, files for `attachment`. */
export type ArgValue = string | number | readonly IncomingFile[];

/** Argument values by {@link ArgSpec.name}; absent when not given. */
export type ArgValues = Readonly<Record<string, ArgValue | undefined>>;

/** What a running command sees. Built by the dispatcher; explicit dependencies, no globals. */
export interface CommandContext extends Omit<SurfaceRequest, 'isAdmin'> {
  readonly core: CoreApi;
  /**
   * The actor's effective role here (owner > admin > member), resolved when first awaited: an owner from `OWNER_IDS`,
   * else the platform's admin answer, asked at most once per invocation and shared with the dispatcher's own checks
   * (a member command asks nothing until a piece awaits this). The only role a piece sees: there is no synchronous
   * role nor a bare `isAdmin()`, so an "owner or admin" check is `(await ctx.role()) !== 'member'` and cannot read
   * `member` for an admin the dispatcher did not ask about, nor forget the owner.
   */
  role(): Promise<Role>;
  /** The commands the dispatcher runs (`/setup channel` checks names against them); absent outside a dispatcher. */
  readonly commands?: readonly CommandDefinition[];
  /**
   * The actor's settings in effect, read once per invocation and shared with the delivery address's `private` choice;
   * absent outside a dispatcher (then `core.settingsInEffect`).
   */
  settingsInEffect?(): Promise<SettingsInEffect>;
}

/** A file in a reply. `bytes` in memory, or `path` of a kept output (surfaces stream it). */
export interface ReplyFile {
  readonly name: string;
  readonly mime: string;
  readonly kind: 'image' | 'video' | 'document';
  readonly bytes?: Uint8Array;
  readonly path?: string;
  readonly size: number;
}

/**
 * A follow-up the user can take on a result, rendered as a button (Discord, Telegram) or a typed hint (console).
 * Activating it runs `command` with `args` (plus `input` typed by the user when `input` is set: Discord opens a
 * modal, Telegram asks for a reply, the console shows the command to type).
 */
export interface ReplyAction {
  readonly label: string;
  readonly command: string;
  readonly subcommand?: string;
  readonly args: Readonly<Record<string, string>>;
  /** The argument the user must type before it runs (e.g. `{ arg: 'prompt', label: 'What should change?' }`). */
  readonly input?: { readonly arg: string; readonly label: string };
}

/**
 * A choice among values offered as one menu (Discord: a select menu): choosing `value` runs `command` with `args`
 * and `arg` set to it. Surfaces without menus leave it out: the reply's text and actions say the same.
 */
export interface ReplyMenu {
  readonly placeholder: string;
  readonly command: string;
  readonly subcommand?: string;
  /** Arguments every option shares (e.g. `{ key: 'image_model' }`). */
  readonly args: Readonly<Record<string, string>>;
  /** The argument the chosen option's value fills. */
  readonly arg: string;
  /** At most 25 (Discord's limit; more are left out). */
  readonly options: readonly { readonly label: string; readonly value: string }[];
}

/** A name/value pair of a reply (model, cost, remaining…). */
export interface ReplyField {
  readonly name: string;
  readonly value: string;
}

/** A neutral reply: surfaces render it (embeds, HTML text, plain lines) within their platform's limits. */
export interface Reply {
  /** `public`: the whole chat sees it; `private`: only the actor (Discord ephemeral; elsewhere a normal reply). */
  readonly visibility: 'public' | 'private';
  /** `result` (a job's output), `info`, or `error` (a failure: no files, shown privately where possible). */
  readonly tone: 'result' | 'info' | 'error';
  readonly title?: string;
  /** Paragraphs of plain text; no markup (surfaces escape and format). */
  readonly blocks: readonly string[];
  /** Name/value pairs (model, cost, remaining…), rendered as embed fields or `name: value` lines. */
  readonly fields?: readonly ReplyField[];
  readonly files?: readonly ReplyFile[];
  readonly actions?: readonly ReplyAction[];
  /** Menus of choices (Discord select menus), above the actions' buttons. */
  readonly menus?: readonly ReplyMenu[];
  /** The job this reply reports; the surface records the posted message ids with `core.recordDelivery`. */
  readonly jobId?: string;
  /** That job's kind, on the replies the job runner posts late (surfaces may name it: "your video is ready"). */
  readonly jobKind?: JobKind;
  /**
   * The language the reply is written in (a shipped locale code), set by the dispatcher; surfaces write their own
   * words (notes about files over the upload limit, status lines) in it. Absent: English.
   */
  readonly locale?: string;
  /** The failure this reply explains, when `tone` is `error` (surfaces may branch on `failure.code`). */
  readonly failure?: Failure;
  /**
   * The channel is silent (`/setup channel silent`): the surface posts nothing (Discord removes its "thinking…"
   * placeholder; Telegram and the console say nothing). `blocks` is empty.
   */
  readonly silent?: true;
  /**
   * Only the actor may read this reply (a sign-in link). A surface without private answers in a shared chat
   * (Telegram groups) sends it to the actor's private chat and posts `sent` where they asked, or, when it cannot
   * reach them there, posts `unreachable` instead and never the reply. Absent: `visibility` alone decides.
   */
  readonly direct?: { readonly sent: string; readonly unreachable: string };
}

/** What a surface hands the dispatcher. */
export interface Invocation {
  readonly command: string;
  readonly subcommand?: string;
  readonly args: ArgValues;
  readonly request: SurfaceRequest;
}
