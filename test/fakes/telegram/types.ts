import type { InlineKeyboardMarkup, Message, Update } from 'grammy/types';

/** Options of {@link startFakeTelegram}. Defaults mirror the public Bot API at api.telegram.org. */
export interface FakeTelegramOptions {
  /** Bot token the fake accepts; default: a fresh realistic `123456789:AA…` token (35 characters after the colon). */
  token?: string;
  /** Bot username; default `media_test_bot`. */
  botUsername?: string;
  /** Largest upload per request in bytes; default 50 MB (2000 MB when `selfHosted`). Over it: 413. */
  uploadLimitBytes?: number;
  /** Largest uploaded photo in bytes; default 10 MB (the limit stays with `selfHosted`, as on the real server). */
  photoLimitBytes?: number;
  /** Largest file `getFile` serves; default 20 MB (unlimited when `selfHosted`). */
  downloadLimitBytes?: number;
  /** Behave like a self-hosted Bot API server (larger limits). Default false. */
  selfHosted?: boolean;
  /** Wait before re-POSTing an update the webhook refused (non-2xx or network error), ms; default 200. */
  webhookRetryMs?: number;
  /**
   * The server's keep-alive timeout, ms; default 1000. Node's HTTP agent (grammY) and undici do not reuse a socket
   * whose server announces `Keep-Alive: timeout=1`, so by default every Bot API call opens a new connection.
   */
  keepAliveTimeoutMs?: number;
}

/** One POST of an update to the bot's webhook. */
export interface WebhookDelivery {
  updateId: number;
  /** The update as POSTed. */
  update: Update;
  url: string;
  /** The HTTP status the webhook answered; absent when the request failed (see `error`). */
  status?: number;
  /** Network error code or message (e.g. `ECONNREFUSED`) when there was no HTTP answer. */
  error?: string;
  /** Whether the secret header was sent (its value is the one given to `setWebhook`). */
  withSecret: boolean;
  at: number;
}

/** A file part received in a multipart request. */
export interface UploadedPart {
  /** The multipart part name (the id used in `attach://<id>`, or the field name for direct uploads). */
  name: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** A file the bot referenced in a send call, resolved to how it arrived. */
export interface SentFile {
  /** The API field, e.g. `photo`, `document`, `video`, or `media[1]` for albums. */
  field: string;
  /** `upload` (multipart bytes), `file_id` (an existing file), or `url` (fetched only when it is a loopback URL). */
  source: 'upload' | 'file_id' | 'url';
  /** The file id the fake assigned or resolved. */
  fileId: string;
  bytes?: Buffer;
  fileName?: string;
  contentType?: string;
  url?: string;
}

/** One edit applied to a bot message. */
export interface EditRecord {
  method: 'editMessageText' | 'editMessageCaption' | 'editMessageReplyMarkup' | 'editMessageMedia';
  text?: string;
  caption?: string;
  /** `editMessageMedia`: the new file. */
  file?: SentFile;
  replyMarkup?: InlineKeyboardMarkup;
  at: number;
}

/** A message the bot sent, in its current state (text/caption/markup reflect the latest edit). */
export interface SentMessage {
  method: string;
  chatId: number;
  messageId: number;
  text?: string;
  caption?: string;
  parseMode?: string;
  replyMarkup?: InlineKeyboardMarkup;
  replyToMessageId?: number;
  mediaGroupId?: string;
  files: SentFile[];
  edits: EditRecord[];
  deleted: boolean;
  /** What the message showed when it was sent (`text` and `caption` above are its current state, after edits). */
  original: { text?: string; caption?: string };
  /** The Message object returned to the bot (kept current across edits). */
  message: Message;
}

/**
 * Every text a bot message showed over its life, in order: its text or caption as sent, then each edit's. (Reading
 * `text` with the edits would list the last edit twice: `text` is the current state.)
 */
export function shownTexts(m: SentMessage): string[] {
  return [m.original.text, m.original.caption, ...m.edits.map((e) => e.text ?? e.caption)].filter((t): t is string => typeof t === 'string');
}

/** Every Bot API request the fake answered. */
export interface ApiCall {
  method: string;
  /** Parameters with JSON-typed fields parsed (multipart and urlencoded values arrive as strings). */
  params: Record<string, unknown>;
  uploads: UploadedPart[];
  ok: boolean;
  errorCode?: number;
  description?: string;
  result?: unknown;
  at: number;
}

/** Error body of the Bot API. */
export interface ApiErrorBody {
  ok: false;
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** A method handler's outcome: a result, or an API error with its HTTP status. */
export type MethodOutcome = { ok: true; result: unknown } | { ok: false; status: number; body: ApiErrorBody };

/** Builds an API error outcome (HTTP status = error_code unless given). */
export function apiError(code: number, description: string, parameters?: ApiErrorBody['parameters']): MethodOutcome {
  const body: ApiErrorBody = { ok: false, error_code: code, description };
  if (parameters) body.parameters = parameters;
  return { ok: false, status: code, body };
}

/** Thrown inside handlers to answer with an API error. */
export class ApiFault extends Error {
  constructor(readonly outcome: MethodOutcome & { ok: false }) {
    super(outcome.body.description);
  }
}

/** Throws an {@link ApiFault} 400 with `Bad Request: <what>`. */
export function badRequest(what: string): never {
  throw new ApiFault(apiError(400, `Bad Request: ${what}`) as MethodOutcome & { ok: false });
}

/** Throws an {@link ApiFault} with any code/description. */
export function fault(code: number, description: string): never {
  throw new ApiFault(apiError(code, description) as MethodOutcome & { ok: false });
}
