import type { FakeCore } from './core.js';
import { apiError, type RouteResult } from './http.js';
import type { InteractionRecord } from './interaction-record.js';
import { FLAG_LOADING } from './messages.js';
import type { Route, RouteRequest } from './router.js';
import type { StoredMessage } from './types.js';

const unknownInteraction = (): RouteResult => apiError(404, 10062, 'Unknown interaction');
const unknownWebhook = (): RouteResult => apiError(404, 10015, 'Unknown Webhook');
const unknownMessage = (): RouteResult => apiError(404, 10008, 'Unknown Message');
const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Interaction callbacks and the interaction webhook (keyed by token); neither needs an Authorization header. */
export function webhookRoutes(core: FakeCore): Route[] {
  const { store } = core;
  const respond = (rec: InteractionRecord, body: Record<string, unknown>, files: RouteRequest['body']['files'], extraFlags = 0): StoredMessage =>
    store.create({
      channelId: rec.channelId,
      authorId: core.botUserId,
      body,
      files,
      webhookId: core.applicationId,
      type: rec.payload.type === 2 ? 20 : 19,
      extraFlags,
    });

  const componentMessage = (rec: InteractionRecord): StoredMessage | undefined => {
    const id = asObject(rec.payload.message).id;
    return typeof id === 'string' ? store.messages.get(id) : undefined;
  };

  const callback = (req: RouteRequest): RouteResult => {
    const [id, token] = req.params;
    const rec = core.interactions.get(token ?? '');
    if (!rec || rec.id !== id || rec.expired) return unknownInteraction();
    if (rec.callbackList.length > 0) return apiError(400, 40060, 'Interaction has already been acknowledged.');
    const body = asObject(req.body.json);
    const type = Number(body.type);
    const data = body.data === undefined ? undefined : asObject(body.data);
    if (![1, 4, 5, 6, 7, 8, 9, 10, 12].includes(type)) return apiError(400, 50035, 'Invalid Form Body');
    if (type === 4) rec.originalMessage = respond(rec, data ?? {}, req.body.files);
    if (type === 5) rec.originalMessage = respond(rec, { flags: Number(data?.flags ?? 0) }, [], FLAG_LOADING);
    if (type === 6 || type === 7) {
      rec.originalMessage = componentMessage(rec);
      if (type === 7 && rec.originalMessage) store.edit(rec.originalMessage, data ?? {}, req.body.files);
    }
    rec.callbackList.push({ type, data, files: req.body.files });
    core.signal.notify();
    if (req.query.get('with_response') !== 'true') return { status: 204 };
    const m = rec.originalMessage;
    return {
      status: 200,
      body: {
        interaction: {
          id: rec.id,
          type: rec.payload.type,
          ...(m ? { response_message_id: m.id, response_message_loading: (m.flags & FLAG_LOADING) !== 0, response_message_ephemeral: (m.flags & 64) !== 0 } : {}),
        },
        resource: { type, ...(m && type !== 6 ? { message: store.messageJson(m) } : {}) },
      },
    };
  };

  /** Resolves the interaction of a webhook route, or the error Discord gives. */
  const hook = (req: RouteRequest): InteractionRecord | RouteResult => {
    const [app, token] = req.params;
    const rec = core.interactions.get(token ?? '');
    if (!rec || app !== core.applicationId) return unknownWebhook();
    if (rec.expired) return apiError(401, 50027, 'Invalid Webhook Token');
    return rec;
  };
  const isRec = (v: InteractionRecord | RouteResult): v is InteractionRecord => 'token' in v;

  const target = (rec: InteractionRecord, messageId: string | undefined): StoredMessage | undefined => {
    const m = messageId === '@original' ? rec.originalMessage : rec.followUpMessages.find((f) => f.id === messageId) ?? (rec.originalMessage?.id === messageId ? rec.originalMessage : undefined);
    return m && !m.deleted ? m : undefined;
  };

  const getMessage = (req: RouteRequest): RouteResult => {
    const rec = hook(req);
    if (!isRec(rec)) return rec;
    const m = target(rec, req.params[2]);
    return m ? { status: 200, body: store.messageJson(m) } : unknownMessage();
  };

  const editMessage = (req: RouteRequest): RouteResult => {
    const rec = hook(req);
    if (!isRec(rec)) return rec;
    const m = target(rec, req.params[2]);
    if (!m) return unknownMessage();
    store.edit(m, asObject(req.body.json), req.body.files);
    if (m === rec.originalMessage) rec.edits.push(store.snapshot(m));
    core.signal.notify();
    return { status: 200, body: store.messageJson(m) };
  };

  const deleteMessage = (req: RouteRequest): RouteResult => {
    const rec = hook(req);
    if (!isRec(rec)) return rec;
    const m = target(rec, req.params[2]);
    if (!m) return unknownMessage();
    m.deleted = true;
    core.signal.notify();
    return { status: 204 };
  };

  const followUp = (req: RouteRequest): RouteResult => {
    const rec = hook(req);
    if (!isRec(rec)) return rec;
    if (rec.callbackList.length === 0) return unknownWebhook();
    const body = asObject(req.body.json);
    const original = rec.originalMessage;
    let m: StoredMessage;
    // Discord turns the first follow-up after a deferred reply into the content of that "thinking…" message.
    if (original && !original.deleted && original.flags & FLAG_LOADING) {
      store.edit(original, body, req.body.files);
      rec.edits.push(store.snapshot(original));
      m = original;
    } else {
      m = respond(rec, body, req.body.files);
    }
    rec.followUpMessages.push(m);
    core.signal.notify();
    return req.query.get('wait') === 'false' ? { status: 204 } : { status: 200, body: store.messageJson(m) };
  };

  const hookPath = '/webhooks/(\\d+)/([^/]+)';
  return [
    { method: 'POST', pattern: /^\/interactions\/(\d+)\/([^/]+)\/callback$/, auth: false, handle: callback },
    { method: 'POST', pattern: new RegExp(`^${hookPath}$`), auth: false, handle: followUp },
    { method: 'GET', pattern: new RegExp(`^${hookPath}/messages/(@original|\\d+)$`), auth: false, handle: getMessage },
    { method: 'PATCH', pattern: new RegExp(`^${hookPath}/messages/(@original|\\d+)$`), auth: false, handle: editMessage },
    { method: 'DELETE', pattern: new RegExp(`^${hookPath}/messages/(@original|\\d+)$`), auth: false, handle: deleteMessage },
  ];
}
