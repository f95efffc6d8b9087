import type { Api, InlineKeyboard } from 'grammy';
import type { Logger } from '../../log.js';
import { bestEffort, chatTypeOf, sendPlain } from './send.js';
import { keepChatAction, type ChatActionHandle } from './util/chat-action.js';
import type { StatusEditor, StatusThrottle } from './util/throttle.js';

/** Where a request is answered: the chat and the message to reply to. */
export interface Place {
  chatId: number;
  replyTo?: number;
}

/** What {@link StatusMessage} needs. */
export interface StatusDeps {
  api: Api;
  throttle: StatusThrottle;
  logger: Logger;
  /** Interval of the repeated chat action, ms. */
  chatActionIntervalMs: number;
  /**
   * How long a request runs before its chat action is first sent, ms; default 0 (at once). A request answered sooner
   * sends none (Telegram clears the indicator when the answer arrives anyway).
   */
  chatActionDelayMs?: number;
  /**
   * How long a request runs before its status message is posted, ms; default 0 (at the first progress). A request
   * answered sooner gets no status message at all (its chat action starts after `chatActionDelayMs`).
   */
  statusDelayMs?: number;
}

/**
 * The ONE status message of a request ("Waiting for a free slot…", "Working on it…"): posted as a reply on first
 * use, then edited through the per-chat throttle (only the latest text is shown), with a chat action repeated while
 * the job runs. Nothing is posted for requests that never report progress, nor for those finished within
 * `statusDelayMs` of their first progress (the chat action shows after `chatActionDelayMs`). Plain text (no parse
 * mode).
 */
export class StatusMessage {
  private creating: Promise<number | undefined> | undefined;
  /** The pending post while `statusDelayMs` runs. */
  private deferred: NodeJS.Timeout | undefined;
  private editor: StatusEditor | undefined;
  private latest = '';
  private action: ChatActionHandle | undefined;
  private closed = false;
  /** The buttons under the status (a waiting job's Cancel); `keyed` once any were shown, so an edit can drop them. */
  private keyboard: InlineKeyboard | undefined;
  private keyed = false;

  constructor(
    private readonly deps: StatusDeps,
    private readonly place: Place,
    /** The chat action shown while the job runs (`upload_photo`, `typing`); none when undefined. */
    private readonly chatAction: 'upload_photo' | 'typing' | undefined,
  ) {}

  /**
   * Shows `text` (posting the message the first time); `withAction` also starts the chat action. `keyboard`: buttons
   * under it until the next text without them.
   */
  show(text: string, withAction = true, keyboard?: InlineKeyboard): void {
    if (this.closed) return;
    if (withAction) this.startAction();
    this.keyboard = keyboard;
    if (keyboard) this.keyed = true;
    this.latest = text;
    if (this.editor) this.editor.set(text);
    else if (!this.creating && !this.deferred) {
      const delay = this.deps.statusDelayMs ?? 0;
      if (delay <= 0) this.post();
      else {
        this.deferred = setTimeout(() => this.post(), delay);
        this.deferred.unref();
      }
    }
  }

  /** Posts the message with `text` now if it is not there yet, and resolves with its id (undefined when posting failed). */
  ensure(text: string): Promise<number | undefined> {
    if (this.closed) return this.creating ?? Promise.resolve(undefined);
    this.latest = text;
    if (this.editor) this.editor.set(text);
    else this.post();
    return this.creating ?? Promise.resolve(undefined);
  }

  /** Whether a status message was posted (or is being posted); false while its post is still deferred. */
  get shown(): boolean {
    return this.creating !== undefined;
  }

  /** Replaces the status text with `text` now (a failure's words); false when no status message exists. */
  async finish(text: string): Promise<boolean> {
    this.stopAction();
    this.cancelDeferred();
    const id = await this.creating;
    if (id === undefined || !this.editor) return false;
    this.closed = true;
    this.keyboard = undefined; // the final words carry no buttons (a Cancel would outlive its job)
    await this.editor.finish(text);
    return true;
  }

  /** Deletes the status message (the result was posted) and stops everything. */
  async remove(): Promise<void> {
    this.stop();
    const id = await this.creating;
    if (id !== undefined) await bestEffort(this.deps.logger, 'delete status message', () => this.deps.api.deleteMessage(this.place.chatId, id));
  }

  /** Stops the chat action and pending edits, leaving the message as it is (another owner takes it over). */
  stop(): void {
    this.closed = true;
    this.cancelDeferred();
    this.stopAction();
    this.editor?.cancel();
  }

  /** Starts posting the latest text (once). */
  private post(): void {
    this.cancelDeferred();
    if (this.closed) return;
    this.creating ??= this.create(this.latest);
  }

  private cancelDeferred(): void {
    if (this.deferred) clearTimeout(this.deferred);
    this.deferred = undefined;
  }

  private async create(text: string): Promise<number | undefined> {
    const { api, throttle, logger } = this.deps;
    const { chatId, replyTo } = this.place;
    try {
      const msg = await sendPlain(api, chatId, replyTo, text, this.keyboard ? { reply_markup: this.keyboard } : {});
      this.editor = throttle.editor(chatId, chatTypeOf(chatId), (t) => api.editMessageText(chatId, msg.message_id, t, this.markup()), text);
      if (this.closed) this.editor.cancel();
      else if (this.latest !== text) this.editor.set(this.latest);
      return msg.message_id;
    } catch (err) {
      logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not post a status message');
      return undefined;
    }
  }

  /** The edit's buttons: the current ones, or none once buttons were shown (Telegram keeps them otherwise). */
  private markup(): { reply_markup: InlineKeyboard | { inline_keyboard: [] } } | undefined {
    if (this.keyboard) return { reply_markup: this.keyboard };
    return this.keyed ? { reply_markup: { inline_keyboard: [] } } : undefined;
  }

  private startAction(): void {
    if (this.action || !this.chatAction || this.closed) return;
    const kind = this.chatAction;
    this.action = keepChatAction(() => this.deps.api.sendChatAction(this.place.chatId, kind), {
      intervalMs: this.deps.chatActionIntervalMs,
      ...(this.deps.chatActionDelayMs !== undefined ? { delayMs: this.deps.chatActionDelayMs } : {}),
      onError: (err) => this.deps.logger.debug({ err: String(err) }, 'chat action failed'),
    });
  }

  private stopAction(): void {
    this.action?.stop();
  }
}
