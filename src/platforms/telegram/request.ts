import { formatDuration } from '../../core/i18n/format.js';
import { t } from '../../core/i18n/catalog.js';
import { negotiateLocale } from '../../core/i18n/negotiate.js';
import type { Actor, Progress, SurfaceInfo, SurfaceRequest } from '../../core/api/surface.js';
import type { TelegramAddress } from './address.js';
import { PreviewPhoto } from './preview-photo.js';
import { StatusMessage, type Place, type StatusDeps } from './status-message.js';
import type { ActionTable } from './actions.js';
import { keyboardOf } from './render.js';
import { cancelAction } from '../../core/commands/reply-kit.js';
import { TELEGRAM_SURFACE } from './surface.js';

/** Chat actions shown while a command's job runs; other commands show `typing`. */
const CHAT_ACTIONS: Readonly<Record<string, 'upload_photo' | 'typing'>> = { imagine: 'upload_photo', edit: 'upload_photo', reroll: 'upload_photo' };

/** What one {@link TelegramRequest} is about. */
export interface TelegramRequestInit {
  actor: Actor;
  /** The chat answered and the message replied to (the command, the result a button is on, …). */
  place: Place;
  /** The command being run (chooses the chat action). */
  command: string;
  /** The platform's admin answer for this actor and scope, asked at most once and only when the core needs it. */
  isAdmin: () => Promise<boolean>;
  /** Largest upload here, bytes (50 MB on the public Bot API). */
  uploadLimitBytes: number;
}

/**
 * Telegram's answer to "who, where, admin?" for one command, plus its one status message: `progress` shows the queue
 * position or "Working on it…" (with `upload_photo`/`typing` while it runs); `deliveryAddress` posts
 * "Starting the video…" and returns the {@link TelegramAddress} the job runner delivers to.
 */
export class TelegramRequest implements SurfaceRequest {
  readonly surface: SurfaceInfo = TELEGRAM_SURFACE;
  readonly actor: Actor;
  readonly place: Place;
  readonly uploadLimitBytes: number;
  readonly status: StatusMessage;
  /** Partial image previews of an image job (a photo replaced as they come, deleted before the result is shown). */
  readonly preview: PreviewPhoto;
  /** Set once `deliveryAddress` was asked for: the job's result goes there, not into this request's reply. */
  address: TelegramAddress | undefined;
  private admin: Promise<boolean> | undefined;
  /** Where a button's callback data comes from (absent: no buttons on the status, e.g. in tests). */
  private readonly actions: Pick<ActionTable, 'dataFor'> | undefined;
  /** The platform's language for status words before the dispatcher's effective one arrives with progress. */
  private locale: string;

  constructor(
    deps: StatusDeps & { readonly actions?: Pick<ActionTable, 'dataFor'> },
    private readonly init: TelegramRequestInit,
  ) {
    this.actions = deps.actions;
    this.actor = init.actor;
    this.locale = negotiateLocale(init.actor.locale);
    this.place = init.place;
    this.uploadLimitBytes = init.uploadLimitBytes;
    this.status = new StatusMessage(deps, init.place, CHAT_ACTIONS[init.command] ?? 'typing');
    this.preview = new PreviewPhoto(deps, init.place);
  }

  isAdmin(): Promise<boolean> {
    return (this.admin ??= this.init.isAdmin());
  }

  progress(p: Progress): void {
    // A video's status message belongs to its delivery (which shows `upload_video`): no chat action of its own.
    const withAction = !this.address;
    if (p.locale) this.locale = p.locale;
    const l = this.locale;
    if (p.kind === 'queued') this.status.show(t(l, 'status-queued', { position: p.position }), withAction, this.cancelKeyboard(p.jobId, l));
    else if (p.kind === 'started') this.status.show(t(l, this.address ? 'status-starting-video' : 'status-working'), withAction);
    else if (p.kind === 'gateway_wait') this.status.show(t(l, 'status-gateway-queued', { ahead: p.ahead }), withAction, this.cancelKeyboard(p.jobId, l));
    else if (p.kind === 'working') this.status.show(p.elapsedMs < 1_000 ? t(l, 'status-working') : t(l, 'status-working-elapsed', { elapsed: formatDuration(l, p.elapsedMs) }), withAction);
    else if (p.kind === 'note') this.status.show(p.text, withAction);
    else if (!this.address) this.preview.show(p.image, t(l, 'status-working'));
  }

  /** The Cancel button of a job not yet at the gateway (none without a job id or an action table). */
  private cancelKeyboard(jobId: string | undefined, locale: string): ReturnType<typeof keyboardOf> {
    return jobId && this.actions ? keyboardOf({ actions: this.actions }, [cancelAction(jobId, locale)]) : undefined;
  }

  async deliveryAddress(use: 'video' | 'result' = 'video'): Promise<TelegramAddress> {
    if (use === 'result') return this.resultAddress();
    if (this.address) return this.address;
    const statusId = await this.status.ensure(t(this.locale, 'status-starting-video'));
    const { chatId, replyTo } = this.place;
    this.address = {
      surface: 'telegram',
      chatId: String(chatId),
      userId: this.actor.user.externalId,
      ...(statusId !== undefined ? { statusMessageId: String(statusId) } : {}),
      ...(replyTo !== undefined ? { replyToMessageId: String(replyTo) } : {}),
    };
    return this.address;
  }

  /** Where a result this request's reply normally carries goes if that post fails: this chat, replying to the user. */
  private resultAddress(): TelegramAddress {
    const { chatId, replyTo } = this.place;
    return { surface: 'telegram', chatId: String(chatId), userId: this.actor.user.externalId, ...(replyTo !== undefined ? { replyToMessageId: String(replyTo) } : {}) };
  }
}
