import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import type { Actor, ArgValues, Failure, Reply } from '../../core/api/surface.js';
import { GrammyError } from 'grammy';
import { isChatAdmin } from './admin-check.js';
import type { TelegramDeps } from './deps.js';
import { TEXT_MAX, clip, plainText } from './format.js';
import { keyboardOf, postReply } from './render.js';
import { postReply as postResult, type PostOutcome } from '../../core/jobs/post-result.js';
import { TelegramRequest } from './request.js';
import { sendPlain } from './send.js';
import type { Place } from './status-message.js';
import { TELEGRAM_SURFACE } from './surface.js';

/** A command to run, as parsed (or as a button carries it). */
export interface CommandCall {
  command: string;
  subcommand?: string;
  args: ArgValues;
}

/** Who asks, where, and how their admin status is known. */
export interface Asker {
  actor: Actor;
  place: Place;
  /** The chat whose admins count (the scope's chat), and the Telegram user asking in it. */
  adminOf: { chatId: number; chatType: string; userId: number } | 'anonymous_admin';
}

/** A {@link TelegramRequest} for `asker`: `isAdmin` is `getChatMember` in groups, true for anonymous admins, false in private chats. */
export function newRequest(deps: TelegramDeps, asker: Asker, command: string): TelegramRequest {
  const a = asker.adminOf;
  const isAdmin = a === 'anonymous_admin' ? () => Promise.resolve(true) : a.chatType === 'private' || a.chatType === 'channel' ? () => Promise.resolve(false) : () => isChatAdmin(deps.api, a.chatId, a.userId);
  return new TelegramRequest(deps, { actor: asker.actor, place: asker.place, command, isAdmin, uploadLimitBytes: deps.settings.uploadLimitBytes });
}

/** Runs `call` through the dispatcher and shows its reply; for the background ({@link TaskTracker}). */
export async function runCommand(deps: TelegramDeps, request: TelegramRequest, call: CommandCall): Promise<void> {
  const reply = await deps.dispatcher.run({ ...call, request });
  await showReply(deps, request, reply);
}

/**
 * Shows a reply for `request`: a video just started hands its status message to the delivery (which shows the
 * acknowledgment with the reply's actions as buttons, then progress, then posts the video); a failure after a status message replaces that message's
 * text; anything else is posted as a reply, recorded with the job when it reports one, and the status removed.
 */
export async function showReply(deps: TelegramDeps, request: TelegramRequest, reply: Reply): Promise<void> {
  const { status } = request;
  await request.preview.remove(); // the result (or the failure's words) replaces the partial previews
  if (reply.silent) return status.remove();
  if (request.address && reply.tone !== 'error' && reply.jobId) {
    status.stop();
    // Through the delivery's editor, so the acknowledgment never overwrites newer progress from the poller.
    deps.delivery.begin(request.address, reply.jobId, plainText(reply), keyboardOf(deps, reply.actions));
    return;
  }
  if (reply.tone === 'error' && status.shown && (await status.finish(clip(plainText(reply), TEXT_MAX)))) return;
  if (reply.direct && request.actor.scope.kind !== 'private') {
    await status.remove();
    await showDirectly(deps, request, reply, reply.direct);
    return;
  }
  let outcome: PostOutcome;
  try {
    outcome = await postResult(deps.core, reply, async () => (await postPrivatelyOrHere(deps, request, reply)).map(String), {
      surface: 'telegram',
      logger: deps.logger,
      // The result is kept and charged: the delivery step posts it (at Telegram's `retry_after`, however long).
      failure: (err) => ({
        ...(err instanceof GrammyError && err.parameters.retry_after !== undefined ? { retryAfterMs: err.parameters.retry_after * 1000 } : {}),
        reason: err instanceof GrammyError ? err.description : err instanceof Error ? err.message : String(err),
      }),
    });
  } catch (err) {
    await status.remove();
    throw err;
  }
  if (outcome.posted) return status.remove();
  // A private result is posted later in the member's private chat (the address carries the choice): say so.
  const handedOver = t(reply.locale ?? DEFAULT_LOCALE, privateResultPlace(request, reply) ? 'private-handed-over' : 'status-handed-over');
  if (await status.finish(handedOver).catch(() => false)) return;
  // A fast job has no status message yet (it is posted after a delay): the member still reads that the result comes.
  await status.remove();
  await sendPlain(deps.api, request.place.chatId, request.place.replyTo, handedOver).catch((e: unknown) => deps.logger.warn({ err: e, jobId: reply.jobId }, 'telegram: the handed-over notice could not be posted'));
}

/**
 * The private chat with the member for a result they asked to receive privately (the `private` setting: a result
 * reply marked private) in a group; undefined otherwise (the reply goes where the command was typed).
 */
export function privateResultPlace(request: Pick<TelegramRequest, 'actor'>, reply: Reply): Place | undefined {
  if (reply.tone !== 'result' || reply.visibility !== 'private' || request.actor.scope.kind !== 'group') return undefined;
  return memberChat(request);
}

/** The member's private chat with the bot (its id is the user's), or undefined for an id that cannot be one. */
function memberChat(request: Pick<TelegramRequest, 'actor'>): Place | undefined {
  const id = request.actor.user.externalId;
  return /^[1-9]\d{0,15}$/.test(id) ? { chatId: Number(id) } : undefined;
}

/**
 * Posts `reply` in the member's private chat; undefined (logged) when Telegram refuses (403: the member never started
 * the bot). Other errors are thrown.
 */
async function postToMember(deps: TelegramDeps, dm: Place, reply: Reply): Promise<number[] | undefined> {
  try {
    return await postReply(deps, dm, reply);
  } catch (err) {
    if (!(err instanceof GrammyError && err.error_code === 403)) throw err;
    deps.logger.info({ reason: err.description }, 'telegram: a private reply could not reach the member (they have not started the bot)');
    return undefined;
  }
}

/**
 * Posts a reply where the command was typed, or a private result in the member's private chat with the bot. Telegram
 * refuses (403) when the member never started the bot: then it goes where the command was typed, as before.
 */
async function postPrivatelyOrHere(deps: TelegramDeps, request: TelegramRequest, reply: Reply): Promise<number[]> {
  const dm = privateResultPlace(request, reply);
  return (dm && (await postToMember(deps, dm, reply))) ?? postReply(deps, request.place, reply);
}

/**
 * A reply only the actor may read, asked for in a group: sent in the actor's private chat, then `sent` in the group;
 * when Telegram refuses (the member never started the bot), only `unreachable` in the group.
 */
async function showDirectly(deps: TelegramDeps, request: TelegramRequest, reply: Reply, direct: NonNullable<Reply['direct']>): Promise<void> {
  const dm = memberChat(request);
  // Any failure to reach the member (not only a 403) reads as unreachable: the link is never posted in the group.
  const sent = dm ? (await postToMember(deps, dm, reply).catch((err: unknown) => void deps.logger.info({ err: String(err) }, 'a private reply could not reach the member'))) !== undefined : false;
  await sendPlain(deps.api, request.place.chatId, request.place.replyTo, sent ? direct.sent : direct.unreachable);
}

/**
 * Answers with the core's words for a failure the surface found itself (a parse error, a file over Telegram's limit);
 * with `actor`, in the actor's language, and its reference is stored for `/job <ref>`.
 */
export async function replyFailure(deps: TelegramDeps, place: Place, failure: Failure, actor?: Actor): Promise<void> {
  const at = actor ? { actor, surface: TELEGRAM_SURFACE.id } : undefined;
  const locale = actor ? await deps.core.locale(actor).catch(() => actor.locale) : undefined;
  await sendPlain(deps.api, place.chatId, place.replyTo, clip(deps.core.explain(failure, TELEGRAM_SURFACE.commandHint, at, locale), TEXT_MAX));
}
