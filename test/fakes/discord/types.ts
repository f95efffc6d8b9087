/** A file part received in a multipart request (`files[n]`), bytes kept as sent. */
export interface UploadedFile {
  /** The form field name, e.g. `files[0]`. */
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** One REST request as the fake saw it. `path` excludes the `/api/v10` prefix. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Whether an `Authorization` header was sent at all (interaction callbacks and webhooks send none). */
  hasAuth: boolean;
  /** The JSON body, or the parsed `payload_json` of a multipart body; undefined when there was none. */
  json: unknown;
  files: UploadedFile[];
  /** The answer's status (0 while the route is still running). */
  status: number;
  /** True when no route matched (answered 404). */
  unknown: boolean;
  at: number;
}

/** An attachment the fake stores and serves from its CDN-like route. */
export interface StoredAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  url: string;
  proxyUrl: string;
  width?: number;
  height?: number;
  bytes: Buffer;
}

/** The attachment JSON Discord sends (in `resolved.attachments`, messages); what `addAttachment` returns. */
export interface AttachmentJson {
  id: string;
  filename: string;
  size: number;
  url: string;
  proxy_url: string;
  content_type: string;
  width?: number;
  height?: number;
}

/** A message in the fake (channel message, DM, interaction response or follow-up). */
export interface StoredMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  authorId: string;
  content: string;
  embeds: unknown[];
  components: unknown[];
  flags: number;
  attachments: StoredAttachment[];
  /** Set on interaction responses and follow-ups (the application id). */
  webhookId?: string;
  /** The message type number (0 default, 20 chat-input command response). */
  type: number;
  createdAt: number;
  editedAt: number | null;
  deleted: boolean;
}

/** An immutable copy of a message at one moment (after a create or an edit). */
export type MessageSnapshot = Readonly<Omit<StoredMessage, 'attachments' | 'embeds' | 'components'>> & {
  readonly attachments: readonly StoredAttachment[];
  readonly embeds: readonly unknown[];
  readonly components: readonly unknown[];
};

/** One interaction callback (`POST /interactions/{id}/{token}/callback`). */
export interface InteractionCallback {
  /** 4 reply, 5 deferred reply, 6 deferred update, 7 update message, 8 autocomplete result, 9 modal. */
  type: number;
  data: Record<string, unknown> | undefined;
  files: UploadedFile[];
}

/** Matches requests for `rateLimitNext`: a substring or RegExp of `"METHOD /path"`, or a predicate. */
export type RouteMatcher = string | RegExp | ((req: { method: string; path: string }) => boolean);
