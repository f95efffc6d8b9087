import type { BotCommand, CallbackQuery, Chat, Message, User, UserFromGetMe } from 'grammy/types';
import { FileStore } from './files.js';
import { UpdateQueue } from './update-queue.js';
import { ApiFault, apiError, badRequest, type ApiCall, type MethodOutcome, type SentMessage } from './types.js';

/** Chat member statuses the fake can report through `getChatMember`. */
export type MemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

/** A chat action the bot broadcast. */
export interface ChatActionRecord {
  chatId: number;
  action: string;
  at: number;
}

/** An `answerCallbackQuery` call. */
export interface CallbackAnswer {
  callbackQueryId: string;
  text?: string;
  showAlert?: boolean;
  url?: string;
  at: number;
}

/** A deleted message. */
export interface DeletedRecord {
  chatId: number;
  messageId: number;
  at: number;
}

/** Limits in bytes the fake enforces. */
export interface Limits {
  upload: number;
  photo: number;
  download: number;
}

/** Everything the fake Bot API server remembers; shared by the HTTP handlers and the test-facing API. */
export class FakeState {
  readonly files = new FileStore();
  readonly updates = new UpdateQueue();
  readonly chats = new Map<number, Chat>();
  readonly users = new Map<number, User>();
  readonly members = new Map<string, MemberStatus>();
  /** Every message in every chat (user and bot), by `chat:id`, for replies and callback queries. */
  readonly messages = new Map<string, Message>();
  readonly sent: SentMessage[] = [];
  readonly sentByKey = new Map<string, SentMessage>();
  readonly calls: ApiCall[] = [];
  readonly deleted: DeletedRecord[] = [];
  readonly chatActions: ChatActionRecord[] = [];
  readonly callbackAnswers: CallbackAnswer[] = [];
  readonly callbackQueries = new Map<string, { query: CallbackQuery; answered: boolean }>();
  readonly commands = new Map<string, BotCommand[]>();
  readonly rateLimits = new Map<string, number[]>();
  /** Armed error answers per method (lower-case), in order: `{ code, description }`. */
  readonly errors = new Map<string, { code: number; description: string }[]>();
  /** Basic groups upgraded to a supergroup: old id → new id (sends to the old id fail). */
  readonly migrated = new Map<number, number>();
  webhook: { url: string; secretToken?: string; allowedUpdates?: string[] } | undefined;
  private readonly lastMessageId = new Map<number, number>();

  constructor(
    readonly me: UserFromGetMe,
    readonly limits: Limits,
  ) {}

  /** The next message id in a chat (ids are per chat, shared by users and the bot, as in groups). */
  nextMessageId(chatId: number): number {
    const id = (this.lastMessageId.get(chatId) ?? 0) + 1;
    this.lastMessageId.set(chatId, id);
    return id;
  }

  /** Resolves `chat_id` (number, numeric string or `@username`); unknown chats fail like Telegram. */
  chat(chatId: unknown): Chat {
    if (typeof chatId === 'string' && chatId.startsWith('@')) {
      for (const c of this.chats.values()) if ('username' in c && `@${c.username}`.toLowerCase() === chatId.toLowerCase()) return c;
      badRequest('chat not found');
    }
    const id = typeof chatId === 'number' ? chatId : typeof chatId === 'string' && /^-?\d+$/.test(chatId) ? Number(chatId) : NaN;
    if (Number.isNaN(id)) badRequest('chat_id is empty');
    const to = this.migrated.get(id);
    // As the real Bot API: 400 with `parameters.migrate_to_chat_id`, the supergroup's id.
    if (to !== undefined) throw new ApiFault(apiError(400, 'Bad Request: group chat was upgraded to a supergroup chat', { migrate_to_chat_id: to }) as MethodOutcome & { ok: false });
    return this.chats.get(id) ?? badRequest('chat not found');
  }

  remember(message: Message): void {
    this.messages.set(key(message.chat.id, message.message_id), message);
  }

  message(chatId: number, messageId: number): Message | undefined {
    return this.messages.get(key(chatId, messageId));
  }

  sentMessage(chatId: number, messageId: number): SentMessage | undefined {
    return this.sentByKey.get(key(chatId, messageId));
  }

  addSent(record: SentMessage): void {
    this.sent.push(record);
    this.sentByKey.set(key(record.chatId, record.messageId), record);
    this.remember(record.message);
  }

  /** Pops a queued error answer for `method`, if a test armed one. */
  takeError(method: string): { code: number; description: string } | undefined {
    return this.errors.get(method.toLowerCase())?.shift();
  }

  /** Pops a queued 429 for `method`, if a test armed one. */
  takeRateLimit(method: string): number | undefined {
    const q = this.rateLimits.get(method.toLowerCase());
    return q?.shift();
  }
}

/** Key of a message within the fake's maps. */
export function key(chatId: number, messageId: number): string {
  return `${chatId}:${messageId}`;
}
