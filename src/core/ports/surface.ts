/**
 * The port through which the command layer meets a surface (Discord, Telegram, the console, the operator CLI): what a
 * surface is ({@link SurfaceInfo}) and its answer for one request ({@link SurfaceRequest}: who, where, "admin here?",
 * progress, a delivery address). The core owns these shapes; every surface implements them.
 */
import type { Actor, DeliveryAddress } from '../api/actor.js';
import type { ArgSpec, CommandDefinition, SubcommandDefinition } from '../commands/types.js';

/** What a surface knows about the place it serves and how its users type commands. */
export interface SurfaceInfo {
  /** Open id (`discord`, `telegram`, `console`, `cli`, …): stored with users, scopes and delivery addresses. */
  readonly id: string;
  /** How a user runs a command here: `/setup token` on Discord, `/setup` on Telegram, `setup token` in the CLI. */
  commandHint(command: string, subcommand?: string): string;
  /** Whether neutral actions render as buttons (true) or as typed hints (false). */
  readonly buttons: boolean;
  /**
   * How `/help` writes one argument of `at` as users give it here: `model:` on Discord (an option name); absent on
   * text surfaces, where `/help` writes flags (`--model ID`) and leaves positional words to the usage line. Returning
   * undefined leaves the argument out of the options list (a secret, a positional word). A surface that sets it also
   * gets usage lines generated from the arguments (`/imagine prompt: [aspect:] …`) instead of the typed ones.
   */
  optionHint?(arg: ArgSpec, at: { readonly command: CommandDefinition; readonly sub?: SubcommandDefinition }): string | undefined;
  /**
   * `/help`'s line for an `attachment` argument where files are named in the typed line (the console's
   * `--image PATH — …`), in `locale`. Absent: files come with the message (Discord, Telegram) and the usage line says so.
   */
  attachmentOption?(arg: ArgSpec, locale: string): string;
  /**
   * Whether the surface shows partial image previews (`Progress` kind `preview`) in its status. Only then does a
   * one-image job on a streaming model ask the gateway for them. Default false.
   */
  readonly previews?: boolean;
}

/**
 * A surface's answer for one request: who is asking and where, and "is this user an admin here?" (asked lazily:
 * Telegram needs a `getChatMember` call). The core decides what the answer allows.
 */
export interface SurfaceRequest {
  readonly actor: Actor;
  readonly surface: SurfaceInfo;
  /** True when the platform says this user administers this community. */
  isAdmin(): Promise<boolean>;
  /** Largest file a reply may carry here, in bytes (Discord `attachmentSizeLimit`, Telegram 50 MB, …). */
  readonly uploadLimitBytes: number;
  /**
   * Status of a long job as it moves (queue position, started). Surfaces render it as an edited status message, a
   * deferred reply's text, or a console line; it may be throttled or ignored.
   */
  progress(p: Progress): void;
  /**
   * Where a job's result goes, as an opaque address its `Delivery` understands; stored with the job before the
   * gateway is called. `video` (default): the result always comes later, so the surface posts its status message if
   * needed. `result` (image, edit, ask): the surface still posts the reply itself when the command returns; the
   * address is where the durable delivery step posts it if that fails or the process dies (no message is posted
   * for it). May reject where no later delivery exists (the operator CLI): the job then runs without one.
   */
  deliveryAddress(use?: 'video' | 'result'): Promise<DeliveryAddress>;
}

/** Progress of a job, surface-neutral. */
export type Progress = (
  /** In the bot's fair-use line; `jobId` (the job's id to be) for a Cancel button (`/queue cancel <id>`). */
  | { readonly kind: 'queued'; readonly position: number; readonly jobId?: string }
  | { readonly kind: 'started' }
  | { readonly kind: 'note'; readonly text: string }
  /** The gateway's concurrency gate keeps the job waiting; `ahead` of this bot's requests on its token wait before it. */
  | { readonly kind: 'gateway_wait'; readonly ahead: number; readonly jobId?: string }
  /** The gateway has been working on the job for `elapsedMs` (reported every 10 s; surfaces throttle their edits). */
  | { readonly kind: 'working'; readonly elapsedMs: number }
  /** A partial image of a streamed image job: shown in place of the status until the result replaces it (surfaces throttle). */
  | { readonly kind: 'preview'; readonly image: Uint8Array; readonly index: number }
) & {
  /** The language of the request (set by the dispatcher), for the surface's status words. Absent: English. */
  readonly locale?: string;
};
