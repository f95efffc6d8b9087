import { basename } from 'node:path';
import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import { GrammyError, HttpError, InputFile, type Api, type InlineKeyboard } from 'grammy';
import type { DeliveryAddress } from '../../core/api/actor.js';
import type { JobView } from '../../core/api/jobs.js';
import type { Reply, ReplyAction, ReplyFile } from '../../core/commands/types.js';
import { DeliveryError, type Delivery } from '../../core/ports/delivery.js';
import type { Logger } from '../../log.js';
import { toTelegramAddress, type TelegramAddress } from './address.js';
import { CAPTION_MAX, TEXT_MAX, clip, htmlChunks, htmlClipped } from './format.js';
import { chatTypeOf, isNotModified, replyParams, sendPlain } from './send.js';
import { progressText, videoCaption } from './video-text.js';
import { keepChatAction, type ChatActionHandle } from './util/chat-action.js';
import { isAlbum, postAlbum } from './album.js';
import type { StatusEditor, StatusThrottle } from './util/throttle.js';

/** Options of {@link TelegramDelivery}. */
export interface TelegramDeliveryOptions {
  api: Api;
  /** How Telegram users type commands, for the failure words (`SurfaceInfo.commandHint`). */
  hint: (command: string, subcommand?: string) => string;
  throttle: StatusThrottle;
  logger: Logger;
  /** Largest upload (videos, documents), bytes: 50 MB on the public Bot API. */
  uploadLimitBytes: number;
  /**
   * Buttons under a finished job's result posted here (a delivered video, a kept image or answer posted late): the
   * keyboard of the reply's actions (the core's `finishedJobActions`, the same its command's reply carries); none when
   * absent.
   */
  resultKeyboard?: (actions: readonly ReplyAction[]) => InlineKeyboard | undefined;
  /**
   * Buttons of a running video's status message (Refresh) when {@link TelegramDelivery.begin} gave none: progress that
   * came before the acknowledgment, or after a restart. Every status edit carries the message's buttons, since an edit
   * without `reply_markup` removes them.
   */
  statusKeyboard?: (jobId: string) => InlineKeyboard | undefined;
  /** Interval of the repeated `upload_video` action; default 4500 ms. */
  chatActionIntervalMs?: number;
  /** A chat action loop stops when no progress came for this long; default 90 s. */
  chatActionIdleMs?: number;
}

/** Telegram's photo limit on the Bot API (10 MB): a late post's images within it may go as one album. */
const PHOTO_LIMIT_BYTES = 10 * 1024 * 1024;

/** A reply file as an upload: its bytes, or the kept file at its path. */
const inputOf = (f: ReplyFile): InputFile => new InputFile(f.bytes ?? f.path ?? '', f.name);

/**
 * The member's private chat with the bot (its id is the user's) for a result marked private, started in a group;
 * undefined otherwise (an anonymous admin's "user" is the group itself, and a private chat is private already).
 */
function memberChatOf(t: TelegramAddress): TelegramAddress | undefined {
  if (!t.private || !/^[1-9]\d{0,15}$/.test(t.userId) || t.userId === t.chatId) return undefined;
  return { surface: 'telegram', chatId: t.userId, userId: t.userId };
}

/** The user's message a post to `t` answers, when the address names one. */
const replyToOf = (t: TelegramAddress): number | undefined => (t.replyToMessageId ? Number(t.replyToMessageId) : undefined);

interface Running {
  editor: StatusEditor;
  /** The status message's buttons, sent again with every edit (an edit without them removes them). */
  keyboard: InlineKeyboard | undefined;
  action: ChatActionHandle;
  lastSeen: number;
}

/**
 * The Telegram {@link Delivery} the job runner calls. `progress` edits the job's status message (throttled per
 * chat, keeping its Refresh button) and keeps an `upload_video` action on; `post` renders the core's late replies: a
 * finished video with `sendVideo` (its facts as the caption, the reply's buttons, `resultKeyboard`) as a reply to the
 * user's message (or without reply when it is gone), removing the status message; a kept image or answer as its
 * command's reply would be; a failure notice as plain text, removing the status message. A result whose address is
 * marked private (the member's `private` setting at the job's start) goes to the member's private chat with the bot;
 * when Telegram refuses that chat, to the group with the `private-chat-closed` line. Errors become {@link DeliveryError}: 403/kicked/blocked → `gone`, over the limit → `too_large`,
 * 5xx, network and an unfinished 429 → `transient`. 429s are first waited out by the retry transformer on `api`.
 * Addresses are {@link TelegramAddress}es, read at this boundary; state is per process and rebuilt from the stored
 * address after a restart.
 */
export class TelegramDelivery implements Delivery {
  readonly surface = 'telegram';
  readonly commandHint: (command: string, subcommand?: string) => string;
  private readonly running = new Map<string, Running>();
  /** Jobs already delivered or failed here, so a late `begin`/`progress` never restarts their chat action. */
  private readonly finished = new Set<string>();
  private readonly intervalMs: number;
  private readonly idleMs: number;

  constructor(private readonly opts: TelegramDeliveryOptions) {
    this.intervalMs = opts.chatActionIntervalMs ?? 4500;
    this.idleMs = opts.chatActionIdleMs ?? 90_000;
    this.commandHint = opts.hint;
  }

  /**
   * Shows the acknowledgment of a job just accepted in its status message, with `keyboard` (the reply's actions:
   * Refresh) under it, and starts the chat action; later progress edits keep that keyboard. The text is skipped when
   * the poller was faster (progress already shown, or the job already delivered): its news is newer; the keyboard
   * still goes with the next edit.
   */
  begin(address: TelegramAddress, jobId: string, ackText: string, keyboard?: InlineKeyboard): void {
    if (this.finished.has(jobId)) return;
    const existing = this.running.get(jobId);
    if (existing) {
      if (keyboard) existing.keyboard = keyboard;
      return;
    }
    const run = this.track(address, jobId, keyboard);
    run?.editor.set(clip(ackText, TEXT_MAX));
  }

  async progress(address: DeliveryAddress, job: JobView): Promise<void> {
    this.track(toTelegramAddress(address), job.id)?.editor.set(progressText(job));
  }

  async post(address: DeliveryAddress, reply: Reply): Promise<{ messageIds: string[] }> {
    const target = toTelegramAddress(address);
    const jobId = reply.jobId ?? '';
    if (reply.tone === 'error') return this.notice(target, jobId, reply);
    const dm = memberChatOf(target);
    if (!dm) return this.deliver(target, jobId, reply);
    try {
      const posted = await this.deliver(dm, jobId, reply);
      await this.removeStatus(target);
      return posted;
    } catch (err) {
      // Only a refused private chat (403 "bot can't initiate conversation", blocked, chat not found) moves the result
      // to the group; a transient error is retried by the runner, still privately, so nothing is posted twice.
      if (!(err instanceof DeliveryError) || err.kind !== 'gone') throw err;
      this.opts.logger.info({ jobId, reason: err.message }, 'telegram delivery: the member\'s private chat is closed; posting the result in the group');
      return this.deliver(target, jobId, reply, t(reply.locale ?? DEFAULT_LOCALE, 'private-chat-closed'));
    }
  }

  /** A result in `target`'s chat, `note` (a line about where it went) added to its caption or text. */
  private deliver(target: TelegramAddress, jobId: string, reply: Reply, note?: string): Promise<{ messageIds: string[] }> {
    const video = reply.files?.find((f) => f.kind === 'video');
    if (video) return this.video(target, jobId, reply, video, note);
    return this.result(target, jobId, note ? { ...reply, blocks: [...reply.blocks, note] } : reply);
  }

  /** A finished video: `sendVideo` with the reply's facts as the caption and its buttons; the status message removed. */
  private async video(target: TelegramAddress, jobId: string, reply: Reply, file: ReplyFile, note?: string): Promise<{ messageIds: string[] }> {
    if (file.size > this.opts.uploadLimitBytes) {
      this.end(jobId);
      throw new DeliveryError('too_large', `video of ${file.size} bytes is over the ${this.opts.uploadLimitBytes}-byte upload limit`);
    }
    try {
      const keyboard = this.opts.resultKeyboard?.(reply.actions ?? []);
      const path = file.path ?? '';
      const msg = await this.followMigration(target, (t) =>
        this.opts.api.sendVideo(Number(t.chatId), new InputFile(path, basename(path) || `${jobId}.mp4`), {
          caption: clip(note ? `${note}\n${videoCaption(reply.fields ?? [])}` : videoCaption(reply.fields ?? []), CAPTION_MAX),
          supports_streaming: true,
          ...(keyboard ? { reply_markup: keyboard } : {}),
          ...replyParams(replyToOf(t)),
        }),
      );
      this.end(jobId);
      await this.removeStatus(target);
      return { messageIds: [String(msg.message_id)] };
    } catch (err) {
      throw this.toDeliveryError(err, jobId);
    }
  }

  /**
   * A kept image/edit result or answer that the command could not post, laid out as the command's own reply would be:
   * the answer as HTML text messages (4096 characters each), several images as one album followed by the text and
   * buttons ({@link postAlbum}), else each image as a photo (a photo Telegram refuses with 400
   * or 413 goes as a document), the first with the reply's caption (title, prompt, fields) and its buttons
   * (`resultKeyboard`), on the last text message of an answer. A 429 becomes `transient` with its `retry_after` (any
   * length: the runner schedules the retry), a document still too large `too_large`.
   */
  private async result(target: TelegramAddress, jobId: string, reply: Reply): Promise<{ messageIds: string[] }> {
    const keyboard = this.opts.resultKeyboard?.(reply.actions ?? []);
    const files = reply.files ?? [];
    const big = files.find((f) => f.size > this.opts.uploadLimitBytes);
    try {
      if (big) throw new DeliveryError('too_large', `${big.name} of ${big.size} bytes is over the upload limit`);
      return { messageIds: await this.followMigration(target, (t) => this.postResult(t, reply, files, keyboard)) };
    } catch (err) {
      throw this.toDeliveryError(err, jobId);
    }
  }

  /** The messages of {@link result} in one chat; their ids. */
  private async postResult(target: TelegramAddress, shown: Reply, files: readonly ReplyFile[], keyboard: InlineKeyboard | undefined): Promise<string[]> {
    const chatId = Number(target.chatId);
    const reply = replyParams(replyToOf(target));
    if (isAlbum(files, PHOTO_LIMIT_BYTES)) {
      const album = await postAlbum(this.opts.api, chatId, files, shown, keyboard, reply);
      if (album) return album.map(String);
    }
    const ids: string[] = [];
    if (files.length === 0) {
      const chunks = htmlChunks(shown);
      for (const [i, html] of chunks.entries()) {
        const last = i === chunks.length - 1;
        const msg = await this.opts.api.sendMessage(chatId, html, { parse_mode: 'HTML', ...reply, ...(last && keyboard ? { reply_markup: keyboard } : {}) });
        ids.push(String(msg.message_id));
      }
    }
    const caption = htmlClipped(shown);
    for (const [i, f] of files.entries()) {
      const extra = {
        ...reply,
        ...(i === 0 && caption.html ? { caption: caption.html, parse_mode: 'HTML' as const } : {}),
        ...(i === 0 && keyboard ? { reply_markup: keyboard } : {}),
      };
      let id: number | undefined;
      try {
        id = (await this.opts.api.sendPhoto(chatId, inputOf(f), extra)).message_id;
      } catch (err) {
        if (!(err instanceof GrammyError) || (err.error_code !== 400 && err.error_code !== 413)) throw err;
        if (err.parameters.migrate_to_chat_id !== undefined) throw err;
      }
      id ??= (await this.opts.api.sendDocument(chatId, inputOf(f), extra)).message_id;
      ids.push(String(id));
    }
    return ids;
  }

  /** A failure notice: the core's words as plain text; the job's chat action and status message end. */
  private async notice(target: TelegramAddress, jobId: string, reply: Reply): Promise<{ messageIds: string[] }> {
    this.end(jobId);
    try {
      const text = clip(reply.blocks.join('\n'), TEXT_MAX);
      const msg = await this.followMigration(target, (t) => sendPlain(this.opts.api, Number(t.chatId), replyToOf(t), text));
      await this.removeStatus(target);
      return { messageIds: [String(msg.message_id)] };
    } catch (err) {
      throw this.toDeliveryError(err, jobId);
    }
  }

  uploadLimitBytes(): number {
    return this.opts.uploadLimitBytes;
  }

  /** Stops every chat action loop and pending edit (at shutdown). */
  close(): void {
    for (const run of this.running.values()) {
      run.action.stop();
      run.editor.cancel();
    }
    this.running.clear();
  }

  private track(target: TelegramAddress, jobId: string, keyboard?: InlineKeyboard): Running | undefined {
    if (this.finished.has(jobId)) return undefined;
    const existing = this.running.get(jobId);
    if (existing) {
      existing.lastSeen = Date.now();
      return existing;
    }
    const chatId = Number(target.chatId);
    const statusId = target.statusMessageId ? Number(target.statusMessageId) : undefined;
    const editor = this.opts.throttle.editor(chatId, chatTypeOf(chatId), (text) =>
      statusId === undefined ? Promise.resolve() : this.opts.api.editMessageText(chatId, statusId, text, run.keyboard ? { reply_markup: run.keyboard } : {}),
    );
    const run: Running = { editor, keyboard: keyboard ?? this.opts.statusKeyboard?.(jobId), lastSeen: Date.now(), action: { stop: () => undefined } };
    this.running.set(jobId, run);
    // keepChatAction sends at once, so `run` must exist before the loop starts.
    run.action = keepChatAction(
      () => {
        if (Date.now() - run.lastSeen > this.idleMs) {
          this.end(jobId);
          return Promise.resolve();
        }
        return this.opts.api.sendChatAction(chatId, 'upload_video');
      },
      { intervalMs: this.intervalMs, onError: (err) => this.logDebug('chat action', err) },
    );
    return run;
  }

  private end(jobId: string): void {
    this.finished.add(jobId);
    if (this.finished.size > 10_000) this.finished.delete(this.finished.values().next().value as string);
    const run = this.running.get(jobId);
    if (!run) return;
    this.running.delete(jobId);
    run.action.stop();
    run.editor.cancel();
  }

  /**
   * Runs `send` in the address's chat; when Telegram answers that the group was upgraded to a supergroup (400 with
   * `parameters.migrate_to_chat_id`), runs it once more in the supergroup, without the status message and the message
   * replied to (both belong to the old chat). A job started before the upgrade so still reaches its community.
   */
  private async followMigration<T>(target: TelegramAddress, send: (t: TelegramAddress) => Promise<T>): Promise<T> {
    try {
      return await send(target);
    } catch (err) {
      const to = err instanceof GrammyError && err.error_code === 400 ? err.parameters.migrate_to_chat_id : undefined;
      if (to === undefined) throw err;
      this.opts.logger.info({ from: target.chatId, to }, 'telegram delivery: the group was upgraded to a supergroup; sending there');
      return send({ surface: 'telegram', chatId: String(to), userId: target.userId });
    }
  }

  private async removeStatus(target: TelegramAddress): Promise<void> {
    if (!target.statusMessageId) return;
    try {
      await this.opts.api.deleteMessage(Number(target.chatId), Number(target.statusMessageId));
    } catch (err) {
      this.logDebug('delete status message', err);
    }
  }

  private toDeliveryError(err: unknown, jobId: string): DeliveryError {
    this.end(jobId);
    if (err instanceof DeliveryError) return err;
    if (err instanceof GrammyError) {
      const d = err.description;
      if (err.error_code === 403 || /chat not found|bot was kicked|bot was blocked|not enough rights|CHAT_WRITE_FORBIDDEN|have no rights/i.test(d)) {
        return new DeliveryError('gone', `Telegram refused: ${d}`);
      }
      if (err.error_code === 413 || /too big|too large|entity too large/i.test(d)) return new DeliveryError('too_large', `Telegram refused: ${d}`);
      if (err.error_code === 429) {
        const s = err.parameters.retry_after;
        return new DeliveryError('transient', `Telegram flood control: ${d}`, s !== undefined ? s * 1000 : undefined);
      }
      if (err.error_code >= 500) return new DeliveryError('transient', `Telegram server error: ${d}`);
      return new DeliveryError('gone', `Telegram refused: ${d}`);
    }
    if (err instanceof HttpError) return new DeliveryError('transient', 'network error talking to Telegram');
    return new DeliveryError('transient', err instanceof Error ? err.message : 'unknown delivery error');
  }

  private logDebug(what: string, err: unknown): void {
    if (isNotModified(err)) return;
    this.opts.logger.debug({ what, err: err instanceof GrammyError ? err.description : String(err) }, 'telegram delivery side call failed');
  }
}
