/** Fake Telegram Bot API for tests: start one per test file, point grammY's `apiRoot` at it, `close()` it after. */
export { FakeTelegram, startFakeTelegram, type IncomingDocument, type IncomingPhoto } from './fake-telegram.js';
export type { MessageRef, IncomingBase } from './builders.js';
export type { AddedFile, FileKind } from './files.js';
export type { CallbackAnswer, ChatActionRecord, DeletedRecord, MemberStatus } from './state.js';
export type { ApiCall, ApiErrorBody, EditRecord, FakeTelegramOptions, SentFile, SentMessage, UploadedPart, WebhookDelivery } from './types.js';
export { shownTexts } from './types.js';
