import { InputFile } from 'grammy';
import { sniffImage } from '../../core/media/sniff.js';
import { bestEffort, chatTypeOf, replyParams } from './send.js';
import type { Place, StatusDeps } from './status-message.js';

/**
 * Fewest ms between two previews in one request: a group takes about 20 messages a minute from a bot, and a preview is
 * an upload. A preview arriving sooner is dropped (never delayed, so none lands after the result).
 */
const PREVIEW_EVERY_MS: Readonly<Record<'private' | 'group', number>> = { private: 1_500, group: 3_000 };

/**
 * The partial image previews of one request: the first is posted as a photo replying to the request, later ones
 * replace it (`editMessageMedia`), at most one per {@link PREVIEW_EVERY_MS}; {@link remove} deletes it once the
 * result is posted (or the job failed). Failures are logged, never thrown: a preview is only a courtesy.
 */
export class PreviewPhoto {
  private posting: Promise<number | undefined> | undefined;
  private last = 0;
  private closed = false;

  constructor(
    private readonly deps: Pick<StatusDeps, 'api' | 'logger'>,
    private readonly place: Place,
  ) {}

  /** Shows `image` with `caption` (dropped when the last preview is too recent, or after {@link remove}). */
  show(image: Uint8Array, caption: string): void {
    const now = Date.now();
    if (this.closed || now - this.last < PREVIEW_EVERY_MS[chatTypeOf(this.place.chatId)]) return;
    this.last = now;
    const { api, logger } = this.deps;
    const { chatId, replyTo } = this.place;
    const file = new InputFile(Buffer.from(image), `preview.${sniffImage(image)?.type ?? 'png'}`);
    const failed = (err: unknown) => logger.debug({ err: err instanceof Error ? err.message : String(err) }, 'telegram: preview not shown');
    if (!this.posting) {
      this.posting = api.sendPhoto(chatId, file, { caption, ...replyParams(replyTo) }).then(
        (m) => m.message_id,
        (err: unknown) => {
          failed(err);
          return undefined;
        },
      );
      return;
    }
    this.posting = this.posting.then(async (id) => {
      if (id !== undefined && !this.closed) await api.editMessageMedia(chatId, id, { type: 'photo', media: file, caption }).catch(failed);
      return id;
    });
  }

  /** Deletes the preview (waiting for one being posted) and shows no more. */
  async remove(): Promise<void> {
    this.closed = true;
    const id = await this.posting;
    if (id !== undefined) await bestEffort(this.deps.logger, 'delete preview', () => this.deps.api.deleteMessage(this.place.chatId, id));
  }
}
