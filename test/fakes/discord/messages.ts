import { imageSize } from 'image-size';
import type { World } from './state.js';
import type { AttachmentJson, MessageSnapshot, StoredAttachment, StoredMessage, UploadedFile } from './types.js';

/** Message flag set while a deferred reply shows "thinking…". */
export const FLAG_LOADING = 128;

/** Where a new message comes from. */
export interface NewMessage {
  channelId: string;
  authorId: string;
  body: Record<string, unknown>;
  files: UploadedFile[];
  webhookId?: string;
  type?: number;
  extraFlags?: number;
}

/**
 * Messages and attachments. Attachments (registered by tests or uploaded by the bot) are served from
 * `/attachments/{id}/{filename}` on the fake's own host, so downloads go through real HTTP.
 */
export class MessageStore {
  readonly attachments = new Map<string, StoredAttachment>();
  readonly messages = new Map<string, StoredMessage>();

  constructor(
    private readonly world: World,
    private readonly origin: () => string,
  ) {}

  /** Stores bytes as an attachment; width/height are filled in for images image-size can read. */
  addAttachment(bytes: Buffer, filename: string, contentType: string): StoredAttachment {
    const id = this.world.ids.next();
    const url = `${this.origin()}/attachments/${id}/${encodeURIComponent(filename)}`;
    const att: StoredAttachment = { id, filename, contentType, size: bytes.length, url, proxyUrl: url, bytes };
    if (contentType.startsWith('image/')) {
      try {
        const dim = imageSize(bytes);
        att.width = dim.width;
        att.height = dim.height;
      } catch {
        // Not a readable image: Discord then omits width/height too.
      }
    }
    this.attachments.set(id, att);
    return att;
  }

  attachmentJson(a: StoredAttachment): AttachmentJson {
    return {
      id: a.id,
      filename: a.filename,
      size: a.size,
      url: a.url,
      proxy_url: a.proxyUrl,
      content_type: a.contentType,
      ...(a.width !== undefined ? { width: a.width, height: a.height } : {}),
    };
  }

  create(input: NewMessage): StoredMessage {
    const channel = this.world.channels.get(input.channelId);
    const msg: StoredMessage = {
      id: this.world.ids.next(),
      channelId: input.channelId,
      guildId: channel?.guildId ?? null,
      authorId: input.authorId,
      content: '',
      embeds: [],
      components: [],
      flags: input.extraFlags ?? 0,
      attachments: [],
      type: input.type ?? 0,
      createdAt: Date.now(),
      editedAt: null,
      deleted: false,
      ...(input.webhookId ? { webhookId: input.webhookId } : {}),
    };
    this.apply(msg, input.body, input.files, true);
    this.messages.set(msg.id, msg);
    return msg;
  }

  /** Applies an edit body (fields absent stay as they are; `attachments` lists the existing ones to keep). */
  edit(msg: StoredMessage, body: Record<string, unknown>, files: UploadedFile[]): void {
    this.apply(msg, body, files, false);
    msg.flags &= ~FLAG_LOADING;
    msg.editedAt = Date.now();
  }

  private apply(msg: StoredMessage, body: Record<string, unknown>, files: UploadedFile[], isNew: boolean): void {
    if ('content' in body) msg.content = typeof body.content === 'string' ? body.content : '';
    if ('embeds' in body) msg.embeds = Array.isArray(body.embeds) ? [...(body.embeds as unknown[])] : [];
    if ('components' in body) msg.components = Array.isArray(body.components) ? [...(body.components as unknown[])] : [];
    if (typeof body.flags === 'number') msg.flags = (msg.flags & FLAG_LOADING) | body.flags;
    let kept = msg.attachments;
    if (!isNew && Array.isArray(body.attachments)) {
      const keep = new Set((body.attachments as Array<{ id?: unknown }>).map((a) => String(a.id)));
      kept = msg.attachments.filter((a) => keep.has(a.id));
    }
    const added = files.map((f) => this.addAttachment(f.bytes, f.filename, f.contentType));
    msg.attachments = [...kept, ...added];
  }

  /** The message object Discord returns and dispatches. */
  messageJson(msg: StoredMessage): Record<string, unknown> {
    return {
      id: msg.id,
      type: msg.type,
      channel_id: msg.channelId,
      ...(msg.guildId ? { guild_id: msg.guildId } : {}),
      author: this.world.userJson(msg.authorId),
      content: msg.content,
      timestamp: new Date(msg.createdAt).toISOString(),
      edited_timestamp: msg.editedAt === null ? null : new Date(msg.editedAt).toISOString(),
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: msg.attachments.map((a) => this.attachmentJson(a)),
      embeds: msg.embeds,
      components: msg.components,
      pinned: false,
      flags: msg.flags,
      ...(msg.webhookId ? { webhook_id: msg.webhookId, application_id: msg.webhookId } : {}),
    };
  }

  snapshot(msg: StoredMessage): MessageSnapshot {
    return Object.freeze({ ...msg, attachments: [...msg.attachments], embeds: [...msg.embeds], components: [...msg.components] });
  }
}
