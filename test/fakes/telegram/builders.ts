import { randomBytes } from 'node:crypto';
import type { CallbackQuery, Chat, Message, MessageEntity, User } from 'grammy/types';
import type { FakeState } from './state.js';
import type { SentMessage } from './types.js';

/** A message reference tests may pass: a Message, a bot message record, or a message id in the same chat. */
export type MessageRef = Message | SentMessage | number;

/** Input of the message builders. */
export interface IncomingBase {
  chat: Chat;
  from: User;
  replyTo?: MessageRef;
  /** Posted on behalf of a chat: an anonymous admin posts as the group itself (`from` = {@link GROUP_ANONYMOUS_BOT}). */
  senderChat?: Chat;
  /**
   * Posted in a forum topic: `message_thread_id` and `is_topic_message` set, and (without `replyTo`) the reply to the
   * topic's creation message carrying its name, as Telegram sends messages inside a topic.
   */
  topic?: { threadId: number; name: string };
}

/** The user Telegram puts in `from` of messages anonymous group admins post (`sender_chat` is the group). */
export const GROUP_ANONYMOUS_BOT: User = { id: 1_087_968_824, is_bot: true, first_name: 'Group', username: 'GroupAnonymousBot' };

let userSeq = 0;
let groupSeq = 0;

/** A human user with a fresh id (from 700000001 up) unless given; registered with the fake. */
export function makeUser(s: FakeState, o: { id?: number; firstName?: string; lastName?: string; username?: string; languageCode?: string } = {}): User {
  userSeq += 1;
  const user: User = { id: o.id ?? 700_000_000 + userSeq, is_bot: false, first_name: o.firstName ?? `User${userSeq}` };
  if (o.lastName) user.last_name = o.lastName;
  if (o.username) user.username = o.username;
  user.language_code = o.languageCode ?? 'en';
  s.users.set(user.id, user);
  return user;
}

/** The private chat with a user (its id equals the user id, as on Telegram). */
export function privateChat(s: FakeState, user: User): Chat.PrivateChat {
  const chat: Chat.PrivateChat = { id: user.id, type: 'private', first_name: user.first_name };
  if (user.last_name) chat.last_name = user.last_name;
  if (user.username) chat.username = user.username;
  s.chats.set(chat.id, chat);
  return chat;
}

/** A basic group (negative id, not `-100…`), as Telegram makes before an upgrade to a supergroup. */
export function basicGroup(s: FakeState, o: { id?: number; title?: string } = {}): Chat.GroupChat {
  groupSeq += 1;
  const chat: Chat.GroupChat = { id: o.id ?? -400_000_000 - groupSeq, type: 'group', title: o.title ?? `Test Group ${groupSeq}` };
  s.chats.set(chat.id, chat);
  return chat;
}

/** A supergroup with a `-100…` id. */
export function supergroup(s: FakeState, o: { id?: number; title?: string; username?: string; isForum?: boolean } = {}): Chat.SupergroupChat {
  groupSeq += 1;
  const chat: Chat.SupergroupChat = { id: o.id ?? -1_001_000_000_000 - groupSeq, type: 'supergroup', title: o.title ?? `Test Group ${groupSeq}` };
  if (o.username) chat.username = o.username;
  if (o.isForum) chat.is_forum = true;
  s.chats.set(chat.id, chat);
  return chat;
}

/** Entities for a leading `/command` or `/command@bot` (Telegram marks only well-formed commands). */
export function commandEntities(text: string | undefined): MessageEntity[] | undefined {
  const m = text ? /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?(?=\s|$)/.exec(text) : null;
  return m ? [{ type: 'bot_command', offset: 0, length: m[0].length }] : undefined;
}

/** Resolves a {@link MessageRef} to the current Message in `chatId` (undefined if unknown). */
export function resolveRef(s: FakeState, chatId: number, ref: MessageRef | undefined): Message | undefined {
  if (ref === undefined) return undefined;
  if (typeof ref === 'number') return s.message(chatId, ref);
  if ('messageId' in ref) return s.message(ref.chatId, ref.messageId) ?? ref.message;
  return s.message(ref.chat.id, ref.message_id) ?? ref;
}

/** Builds and remembers a user message (with a fresh id in its chat); the caller fills the content. */
export function baseMessage(s: FakeState, b: IncomingBase, fill: (m: Message) => void): Message {
  s.chats.set(b.chat.id, s.chats.get(b.chat.id) ?? b.chat);
  s.users.set(b.from.id, s.users.get(b.from.id) ?? b.from);
  const message = { message_id: s.nextMessageId(b.chat.id), from: b.from, chat: b.chat, date: Math.floor(Date.now() / 1000) } as Message;
  if (b.senderChat) message.sender_chat = b.senderChat;
  const reply = resolveRef(s, b.chat.id, b.replyTo);
  if (reply) message.reply_to_message = { ...reply, reply_to_message: undefined } as Message['reply_to_message'];
  if (b.topic) {
    message.message_thread_id = b.topic.threadId;
    message.is_topic_message = true;
    if (!reply) {
      const created = { message_id: b.topic.threadId, chat: b.chat, date: message.date, forum_topic_created: { name: b.topic.name, icon_color: 0x6fb9f0 } };
      message.reply_to_message = created as unknown as Message['reply_to_message'];
    }
  }
  fill(message);
  s.remember(message);
  return message;
}

/** A callback query for a button press on a message (the message as it currently is). */
export function callbackQuery(s: FakeState, o: { chat: Chat; from: User; message: MessageRef; data: string }): CallbackQuery {
  const message = resolveRef(s, o.chat.id, o.message);
  if (!message) throw new Error(`pressButton: no message ${JSON.stringify(typeof o.message === 'number' ? o.message : 'ref')} in chat ${o.chat.id}`);
  const query: CallbackQuery = {
    id: BigInt.asUintN(63, randomBytes(8).readBigUInt64BE()).toString(),
    from: o.from,
    message: message as CallbackQuery['message'] & object,
    chat_instance: String(BigInt.asIntN(63, BigInt(o.chat.id) * 2654435761n)),
    data: o.data,
  };
  s.callbackQueries.set(query.id, { query, answered: false });
  return query;
}
