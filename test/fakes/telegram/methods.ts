import * as chat from './chat-methods.js';
import { deleteMessage, editMessage } from './edit-methods.js';
import { editMessageMedia, sendMedia, sendMediaGroup, sendMessage } from './send-methods.js';
import type { FakeState } from './state.js';
import type { UploadedPart } from './types.js';

type Params = Record<string, unknown>;
type Handler = (s: FakeState, p: Params, uploads: UploadedPart[]) => unknown;

/**
 * The Bot API methods the fake implements, keyed by lower-case name (Telegram matches method names
 * case-insensitively). `getUpdates` is handled by the server because it waits on the connection.
 */
export const METHODS: ReadonlyMap<string, Handler> = new Map<string, Handler>(
  Object.entries({
    getMe: (s) => s.me,
    logOut: () => true,
    close: () => true,
    setWebhook: chat.setWebhook,
    deleteWebhook: chat.deleteWebhook,
    getWebhookInfo: chat.getWebhookInfo,
    setMyCommands: chat.setMyCommands,
    getMyCommands: chat.getMyCommands,
    deleteMyCommands: chat.deleteMyCommands,
    sendMessage: sendMessage,
    sendPhoto: (s, p, u) => sendMedia(s, 'sendPhoto', p, u),
    sendVideo: (s, p, u) => sendMedia(s, 'sendVideo', p, u),
    sendDocument: (s, p, u) => sendMedia(s, 'sendDocument', p, u),
    sendMediaGroup: sendMediaGroup,
    editMessageText: (s, p) => editMessage(s, 'editMessageText', p),
    editMessageCaption: (s, p) => editMessage(s, 'editMessageCaption', p),
    editMessageReplyMarkup: (s, p) => editMessage(s, 'editMessageReplyMarkup', p),
    editMessageMedia: editMessageMedia,
    deleteMessage: deleteMessage,
    sendChatAction: chat.sendChatAction,
    answerCallbackQuery: chat.answerCallbackQuery,
    getChatMember: chat.getChatMember,
    getChat: chat.getChat,
    getFile: chat.getFile,
  } satisfies Record<string, Handler>).map(([name, h]) => [name.toLowerCase(), h]),
);

/** The canonical spelling of a method name (`sendmessage` → `sendMessage`) for records; unknown names pass through. */
export const CANONICAL: ReadonlyMap<string, string> = new Map(
  ['getUpdates', 'getMe', 'logOut', 'close', 'setWebhook', 'deleteWebhook', 'getWebhookInfo', 'setMyCommands', 'getMyCommands', 'deleteMyCommands', 'sendMessage', 'sendPhoto', 'sendVideo', 'sendDocument', 'sendMediaGroup', 'editMessageText', 'editMessageCaption', 'editMessageReplyMarkup', 'editMessageMedia', 'deleteMessage', 'sendChatAction', 'answerCallbackQuery', 'getChatMember', 'getChat', 'getFile'].map((m) => [m.toLowerCase(), m]),
);
