import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { CallbackQuery, Chat, Message, Update, User, UserFromGetMe } from 'grammy/types';
import { baseMessage, callbackQuery, commandEntities, GROUP_ANONYMOUS_BOT, basicGroup, makeUser, privateChat, supergroup, type IncomingBase, type MessageRef } from './builders.js';
import type { AddedFile, FileKind } from './files.js';
import { listen } from './server.js';
import { FakeState, type CallbackAnswer, type ChatActionRecord, type DeletedRecord, type MemberStatus } from './state.js';
import type { ApiCall, EditRecord, FakeTelegramOptions, SentMessage, WebhookDelivery } from './types.js';
import { WebhookPusher } from './webhook-pusher.js';

const MB = 1024 * 1024;

/** Input of {@link FakeTelegram.sendPhoto}: an existing file id, or bytes to add first. */
export interface IncomingPhoto extends IncomingBase {
  caption?: string;
  photoFileId?: string;
  bytes?: Buffer;
  mediaGroupId?: string;
}

/** Input of {@link FakeTelegram.sendDocument}. */
export interface IncomingDocument extends IncomingBase {
  caption?: string;
  fileId?: string;
  bytes?: Buffer;
  fileName?: string;
  mimeType?: string;
}

/**
 * A fake Telegram Bot API server on 127.0.0.1 that real grammY talks to unmodified
 * (`new Bot(fake.token, { client: { apiRoot: fake.apiRoot } })`), with helpers that queue user updates and
 * record everything the bot did. Updates reach the bot by `getUpdates`, or, once it calls `setWebhook` with a loopback
 * `http://` URL, by POSTs to that URL ({@link webhookDeliveries}). Start it with {@link startFakeTelegram}; always `close()` it.
 */
export class FakeTelegram {
  /** Every Bot API call answered, in order (including failed ones and getUpdates). */
  readonly calls: ApiCall[];
  /** Messages the bot deleted. */
  readonly deleted: DeletedRecord[];
  /** Chat actions the bot sent. */
  readonly chatActions: ChatActionRecord[];
  /** Callback query answers. */
  readonly callbackAnswers: CallbackAnswer[];
  /** Every POST of an update to the bot's webhook (see {@link WebhookPusher}), in order, failed ones included. */
  readonly webhookDeliveries: WebhookDelivery[] = [];
  private readonly deliveryListeners = new Set<(d: WebhookDelivery) => void>();
  private readonly pusher: WebhookPusher;
  private readonly listeners = new Set<(call: ApiCall) => void>();
  private closed = false;
  private server: Server | undefined;
  private readonly state: FakeState;

  /** Use {@link startFakeTelegram}. */
  constructor(
    readonly token: string,
    readonly bot: UserFromGetMe,
    opts: FakeTelegramOptions,
  ) {
    this.keepAliveTimeoutMs = opts.keepAliveTimeoutMs ?? 1000;
    const self = opts.selfHosted === true;
    this.state = new FakeState(bot, {
      upload: opts.uploadLimitBytes ?? (self ? 2000 * MB : 50 * MB),
      photo: opts.photoLimitBytes ?? 10 * MB,
      download: opts.downloadLimitBytes ?? (self ? Number.MAX_SAFE_INTEGER : 20 * MB),
    });
    this.calls = this.state.calls;
    this.deleted = this.state.deleted;
    this.chatActions = this.state.chatActions;
    this.callbackAnswers = this.state.callbackAnswers;
    this.pusher = new WebhookPusher(this.state, opts.webhookRetryMs ?? 200, (d) => {
      this.webhookDeliveries.push(d);
      for (const l of [...this.deliveryListeners]) l(d);
    });
    this.state.updates.onPush(() => this.pusher.kick());
  }

  /** `http://127.0.0.1:PORT` (no trailing slash, as grammY requires). */
  apiRoot = '';

  private readonly keepAliveTimeoutMs: number;

  /** @internal Binds the server; called once by {@link startFakeTelegram}. */
  async start(): Promise<void> {
    const { server, port } = await listen(this.state, this.token, {
      onCall: (call) => {
        this.state.calls.push(call);
        if (call.ok && call.method === 'setWebhook') this.pusher.kick();
        for (const l of [...this.listeners]) l(call);
      },
    }, this.keepAliveTimeoutMs);
    this.server = server;
    this.apiRoot = `http://127.0.0.1:${port}`;
  }

  /** A user (fresh id unless given). */
  user(o: { id?: number; firstName?: string; lastName?: string; username?: string; languageCode?: string } = {}): User {
    return makeUser(this.state, o);
  }

  /** The private chat with `user` (id = user id). */
  privateChat(user: User): Chat.PrivateChat {
    return privateChat(this.state, user);
  }

  /** A supergroup (`-100…` id). */
  supergroup(o: { id?: number; title?: string; username?: string; isForum?: boolean } = {}): Chat.SupergroupChat {
    return supergroup(this.state, o);
  }

  /** Sets what `getChatMember(chatId, userId)` reports (default `member`; the bot itself `administrator` in groups). */
  setChatMember(chatId: number, userId: number, status: MemberStatus): void {
    this.state.members.set(`${chatId}:${userId}`, status);
  }

  /** Stores a file the bot can `getFile` and download. `kind` photo also returns a realistic `photo` sizes array. */
  addFile(bytes: Buffer, o: { fileName?: string; mimeType?: string; kind?: FileKind } = {}): AddedFile {
    const f = this.state.files.add(bytes, o);
    const added: AddedFile = { file_id: f.fileId, file_unique_id: f.fileUniqueId, file_size: bytes.length, file_path: f.filePath };
    if (f.kind === 'photo') added.photo = this.state.files.photoSizes(f);
    return added;
  }

  /**
   * Queues a text message; a leading `/command` (or `/command@bot`) gets its `bot_command` entity. `mentions`: members
   * picked from Telegram's mention list without a @username, each a `text_mention` entity over the first occurrence of
   * `text` (their name as shown) carrying the user.
   */
  sendText(o: IncomingBase & { text: string; mentions?: { text: string; user: User }[] }): Message {
    const msg = baseMessage(this.state, o, (m) => {
      m.text = o.text;
      const entities = [...(commandEntities(o.text) ?? [])];
      for (const { text, user } of o.mentions ?? []) {
        const offset = o.text.indexOf(text);
        if (offset < 0) throw new Error(`mention text ${JSON.stringify(text)} is not in the message`);
        entities.push({ type: 'text_mention', offset, length: text.length, user });
      }
      if (entities.length) m.entities = entities;
    });
    this.state.updates.push({ message: msg } as Omit<Update, 'update_id'>);
    return msg;
  }

  /** Queues a text an anonymous admin posts in `chat`: from @GroupAnonymousBot, with `sender_chat` = the group. */
  sendAnonymousAdminText(o: { chat: Chat; text: string; replyTo?: MessageRef }): Message {
    return this.sendText({ ...o, from: GROUP_ANONYMOUS_BOT, senderChat: o.chat });
  }

  /** Queues a photo message (bytes are added as a new file; the caption's command lands in `caption_entities`). */
  sendPhoto(o: IncomingPhoto): Message {
    const msg = baseMessage(this.state, o, (m) => {
      m.photo = this.photoSizes(o);
      if (o.caption !== undefined) this.setCaption(m, o.caption);
      if (o.mediaGroupId) m.media_group_id = o.mediaGroupId;
    });
    this.state.updates.push({ message: msg } as Omit<Update, 'update_id'>);
    return msg;
  }

  /** Queues a document message. */
  sendDocument(o: IncomingDocument): Message {
    const stored = o.fileId ? this.state.files.get(o.fileId) : this.state.files.add(o.bytes ?? Buffer.alloc(0), { kind: 'document', fileName: o.fileName ?? 'file.bin', mimeType: o.mimeType ?? 'application/octet-stream' });
    if (!stored) throw new Error('sendDocument: unknown fileId');
    const msg = baseMessage(this.state, o, (m) => {
      m.document = { file_id: stored.fileId, file_unique_id: stored.fileUniqueId, file_name: stored.fileName ?? o.fileName ?? 'file.bin', mime_type: stored.mimeType ?? 'application/octet-stream', file_size: stored.bytes.length };
      if (o.caption !== undefined) this.setCaption(m, o.caption);
    });
    this.state.updates.push({ message: msg } as Omit<Update, 'update_id'>);
    return msg;
  }

  /** Queues an album: one photo message per item sharing a `media_group_id`, the caption on the first (as Telegram). */
  sendAlbum(o: IncomingBase & { caption?: string; photos: Buffer[] }): Message[] {
    const groupId = String(13_000_000_000_000_000n + BigInt(`0x${randomBytes(5).toString('hex')}`));
    return o.photos.map((bytes, i) => this.sendPhoto({ chat: o.chat, from: o.from, bytes, mediaGroupId: groupId, ...(i === 0 && o.caption !== undefined ? { caption: o.caption } : {}), ...(i === 0 && o.replyTo !== undefined ? { replyTo: o.replyTo } : {}) }));
  }

  /** Queues a callback query for an inline button on `message`; returns it (its `id` is what the bot answers). */
  pressButton(o: { chat: Chat; from: User; message: MessageRef; data: string }): CallbackQuery {
    const query = callbackQuery(this.state, o);
    this.state.updates.push({ callback_query: query } as Omit<Update, 'update_id'>);
    return query;
  }

  /** A basic group (`type: 'group'`), the kind Telegram upgrades to a supergroup. */
  basicGroup(o: { id?: number; title?: string } = {}): Chat.GroupChat {
    return basicGroup(this.state, o);
  }

  /**
   * Upgrades a basic group to a new supergroup as Telegram does: a service message `migrate_to_chat_id` in the old
   * group and `migrate_from_chat_id` in the new one (both from `by`), queued in that order unless `newFirst`. The old
   * chat then refuses sends with 400 "group chat was upgraded to a supergroup chat". Returns the supergroup.
   */
  migrateGroup(o: { group: Chat.GroupChat; by: User; newFirst?: boolean }): Chat.SupergroupChat {
    const sg = supergroup(this.state, { title: o.group.title });
    const toMsg = baseMessage(this.state, { chat: o.group, from: o.by }, (m) => {
      (m as Message & { migrate_to_chat_id: number }).migrate_to_chat_id = sg.id;
    });
    const fromMsg = baseMessage(this.state, { chat: sg, from: o.by }, (m) => {
      (m as Message & { migrate_from_chat_id: number }).migrate_from_chat_id = o.group.id;
    });
    const order = o.newFirst ? [fromMsg, toMsg] : [toMsg, fromMsg];
    for (const m of order) this.state.updates.push({ message: m } as Omit<Update, 'update_id'>);
    this.state.migrated.set(o.group.id, sg.id);
    return sg;
  }

  /** Queues any update as given (an `update_id` is assigned). */
  sendRaw(update: Omit<Update, 'update_id'>): Update {
    return this.state.updates.push(update);
  }

  /** Bot messages (all, or in one chat), in send order, in their current state. */
  sent(chatId?: number): SentMessage[] {
    return chatId === undefined ? [...this.state.sent] : this.state.sent.filter((m) => m.chatId === chatId);
  }

  /** Edits applied to a bot message (`chatId` disambiguates when several chats use the same id). */
  edits(messageId: number, chatId?: number): EditRecord[] {
    return this.state.sent.filter((m) => m.messageId === messageId && (chatId === undefined || m.chatId === chatId)).flatMap((m) => m.edits);
  }

  /** Commands set for the default scope (or the given scope/language). */
  commands(scope?: object, languageCode?: string): { command: string; description: string }[] {
    return this.state.commands.get(JSON.stringify([scope ?? { type: 'default' }, languageCode ?? ''])) ?? [];
  }

  /** Updates queued and not yet confirmed by the bot. */
  get pendingUpdates(): number {
    return this.state.updates.size;
  }

  /**
   * Resolves with the first call (already made, or made later) matching `predicate`; rejects after `timeoutMs`
   * (default 5000) naming the methods seen. Past calls count, so waiting after the fact never races.
   */
  waitFor(predicate: (call: ApiCall) => boolean, timeoutMs = 5000): Promise<ApiCall> {
    const done = this.state.calls.find(predicate);
    if (done) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const listener = (call: ApiCall) => {
        if (!predicate(call)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(call);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        const seen = this.state.calls.filter((c) => c.method !== 'getUpdates').map((c) => `${c.method}${c.ok ? '' : `(${c.errorCode})`}`);
        reject(new Error(`waitFor timed out after ${timeoutMs} ms; calls seen: ${seen.join(', ') || 'none'}`));
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }

  /** The webhook the bot registered (URL, secret, allowed updates), or undefined while it long-polls. */
  get webhook(): { url: string; secretToken?: string; allowedUpdates?: string[] } | undefined {
    const w = this.state.webhook;
    return w ? { ...w, ...(w.allowedUpdates ? { allowedUpdates: [...w.allowedUpdates] } : {}) } : undefined;
  }

  /** Like {@link waitFor}, for webhook deliveries (past ones count); default timeout 5000 ms. */
  waitForDelivery(predicate: (d: WebhookDelivery) => boolean, timeoutMs = 5000): Promise<WebhookDelivery> {
    const done = this.webhookDeliveries.find(predicate);
    if (done) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const listener = (d: WebhookDelivery) => {
        if (!predicate(d)) return;
        clearTimeout(timer);
        this.deliveryListeners.delete(listener);
        resolve(d);
      };
      const timer = setTimeout(() => {
        this.deliveryListeners.delete(listener);
        const seen = this.webhookDeliveries.map((d) => `${d.updateId}:${d.status ?? d.error}`);
        reject(new Error(`waitForDelivery timed out after ${timeoutMs} ms; deliveries: ${seen.join(', ') || 'none'}`));
      }, timeoutMs);
      this.deliveryListeners.add(listener);
    });
  }

  /** Makes the next `times` calls of `method` fail with `code` and `description` (e.g. 413 Request Entity Too Large). */
  errorNext(method: string, code: number, description: string, times = 1): void {
    const q = this.state.errors.get(method.toLowerCase()) ?? [];
    for (let i = 0; i < times; i++) q.push({ code, description });
    this.state.errors.set(method.toLowerCase(), q);
  }

  /** Makes the next `times` calls of `method` fail with 429 and `parameters.retry_after`. */
  rateLimitNext(method: string, retryAfterSeconds: number, times = 1): void {
    const q = this.state.rateLimits.get(method.toLowerCase()) ?? [];
    for (let i = 0; i < times; i++) q.push(retryAfterSeconds);
    this.state.rateLimits.set(method.toLowerCase(), q);
  }

  /** Releases waiting long polls and closes the server and its keep-alive connections. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.pusher.close();
    this.state.updates.close();
    if (!this.server) return;
    await new Promise<void>((resolve) => {
      const server = this.server!;
      server.close(() => resolve());
      setImmediate(() => server.closeAllConnections());
    });
  }

  private photoSizes(o: IncomingPhoto): Message['photo'] & object {
    if (o.photoFileId) {
      const f = this.state.files.get(o.photoFileId);
      if (!f) throw new Error('sendPhoto: unknown photoFileId');
      return this.state.files.photoSizes(f);
    }
    if (!o.bytes) throw new Error('sendPhoto: give photoFileId or bytes');
    return this.state.files.photoSizes(this.state.files.add(o.bytes, { kind: 'photo', mimeType: 'image/jpeg' }));
  }

  private setCaption(m: Message, caption: string): void {
    m.caption = caption;
    const entities = commandEntities(caption);
    if (entities) m.caption_entities = entities;
  }
}

/** Starts a fake Bot API server on 127.0.0.1 (ephemeral port) with a fresh realistic token. */
export async function startFakeTelegram(opts: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const token = opts.token ?? `123456789:AA${randomBytes(33).toString('base64url').slice(0, 33)}`;
  const id = Number(token.split(':')[0]);
  const bot: UserFromGetMe = {
    id, is_bot: true, first_name: 'Media Test Bot', username: opts.botUsername ?? 'media_test_bot',
    can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false,
  } as UserFromGetMe;
  const fake = new FakeTelegram(token, bot, opts);
  await fake.start();
  return fake;
}
