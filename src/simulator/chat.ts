import { randomBytes } from 'node:crypto';
import { textChargeMicros } from './catalog.js';
import type { ReqCtx } from './context.js';
import { badRequest, quotaExceeded } from './errors.js';
import { json, type Reply } from './reply.js';

/** Text of a message `content`: a string, or an array of `{type:'text', text}` blocks. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((b) => (b && typeof b === 'object' && typeof (b as { text?: unknown }).text === 'string' ? (b as { text: string }).text : '')).join('');
  }
  return '';
}

/** Every text of a chat body (system + messages), where fault markers are looked for. */
export function chatText(body: Record<string, unknown> | undefined): string {
  if (!body) return '';
  const msgs = Array.isArray(body.messages) ? body.messages : [];
  return [contentText(body.system), ...msgs.map((m) => contentText((m as { content?: unknown } | null)?.content))].join('\n');
}

interface Completion {
  text: string;
  promptTokens: number;
  completionTokens: number;
}

const approxTokens = (s: string): number => Math.max(1, Math.ceil(s.length / 4));

/** Validates messages, writes a deterministic answer from the last user message, and charges the token. */
function complete(ctx: ReqCtx): Completion | Reply {
  const body = ctx.body.json ?? {};
  const msgs = body.messages;
  if (!Array.isArray(msgs) || msgs.length === 0) return badRequest(ctx.err, 'invalid_messages', 'messages must be a non-empty array');
  const lastUser = [...msgs].reverse().find((m) => (m as { role?: unknown } | null)?.role === 'user') as { content?: unknown } | undefined;
  const said = contentText(lastUser?.content).trim();
  const text = `[${ctx.model!.id}] You said: "${said.slice(0, 200)}". This is a simulated answer with ${said.split(/\s+/).filter(Boolean).length} word(s) in your message.`;
  const promptTokens = approxTokens(chatText(body));
  const completionTokens = approxTokens(text);
  const cost = textChargeMicros(ctx.model!, promptTokens, completionTokens);
  if (!ctx.state.tokens.charge(ctx.token, cost)) return quotaExceeded(ctx.err);
  return { text, promptTokens, completionTokens };
}

/** `POST /v1/chat/completions`. Charges the model's per-1K prices (neutral text models: 0.002 USD per 1000 tokens; tokens ≈ characters / 4). */
export function handleChat(ctx: ReqCtx): Reply {
  const c = complete(ctx);
  if ('kind' in c) return c;
  return json(200, {
    id: `chatcmpl-${randomBytes(12).toString('hex')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: ctx.model!.id,
    choices: [{ index: 0, message: { role: 'assistant', content: c.text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: c.promptTokens, completion_tokens: c.completionTokens, total_tokens: c.promptTokens + c.completionTokens },
  });
}

/** `POST /v1/messages` (native format). Same text and billing as chat. */
export function handleMessages(ctx: ReqCtx): Reply {
  const c = complete(ctx);
  if ('kind' in c) return c;
  return json(200, {
    id: `msg_${randomBytes(12).toString('hex')}`,
    type: 'message',
    role: 'assistant',
    model: ctx.model!.id,
    content: [{ type: 'text', text: c.text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: c.promptTokens, output_tokens: c.completionTokens },
  });
}
