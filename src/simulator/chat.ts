import { randomBytes } from 'node:crypto';
import { textChargeMicros } from './catalog.js';
import { exprChargeMicros } from './expr-billing.js';
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
  /** The answer stopped at `max_tokens`. */
  truncated: boolean;
  /** The answer carries a `usage` object (false under the `no_usage` fault; the call is billed all the same). */
  usage: boolean;
  /** The `usage` object says 0 tokens (the `zero_usage` fault; the call is billed all the same). */
  zeroUsage: boolean;
}

const approxTokens = (s: string): number => Math.max(1, Math.ceil(s.length / 4));
/** One token per character (code point), as a gateway billing by characters counts. */
const charTokens = (s: string): number => Math.max(1, [...s].length);

/** Characters a talkative model writes when `max_tokens` does not stop it (billed by characters: 20,000 tokens). */
const VERBOSE_CHARS = 20_000;

/** `max_tokens` of the body when it is a positive whole number. */
function maxTokensOf(body: Record<string, unknown>): number | undefined {
  const v = body.max_tokens;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
}

/**
 * Validates messages, writes a deterministic answer from the last user message, and charges the token. The answer
 * stops at `max_tokens` (as counted by the billing in force). Under the `bill_by_chars` and `no_usage` faults the
 * gateway counts one token per character of the prompt and of the answer, and its model writes at length (the prompt
 * repeated up to {@link VERBOSE_CHARS} characters) unless `max_tokens` stops it.
 */
function complete(ctx: ReqCtx): Completion | Reply {
  const body = ctx.body.json ?? {};
  const msgs = body.messages;
  if (!Array.isArray(msgs) || msgs.length === 0) return badRequest(ctx.err, 'invalid_messages', 'messages must be a non-empty array');
  const lastUser = [...msgs].reverse().find((m) => (m as { role?: unknown } | null)?.role === 'user') as { content?: unknown } | undefined;
  const said = contentText(lastUser?.content).trim();
  const byChars = ctx.fault === 'bill_by_chars' || ctx.fault === 'no_usage' || ctx.fault === 'zero_usage';
  const count = byChars ? charTokens : approxTokens;
  const maxTokens = maxTokensOf(body);
  let text = `[${ctx.model!.id}] You said: "${said.slice(0, 200)}". This is a simulated answer with ${said.split(/\s+/).filter(Boolean).length} word(s) in your message.`;
  if (byChars) {
    const chars = [...(said || text)];
    const out: string[] = [];
    while (out.length < VERBOSE_CHARS) out.push(...chars);
    text = out.slice(0, VERBOSE_CHARS).join('');
  }
  let truncated = false;
  if (maxTokens !== undefined && count(text) > maxTokens) {
    truncated = true;
    text = byChars ? [...text].slice(0, maxTokens).join('') : text.slice(0, maxTokens * 4);
  }
  const promptTokens = count(chatText(body));
  const completionTokens = count(text);
  const cost = exprChargeMicros(ctx.err, ctx.model!, { kind: 'text', body, promptTokens, completionTokens }) ?? textChargeMicros(ctx.model!, promptTokens, completionTokens);
  if (!ctx.state.tokens.charge(ctx.token, cost, { model: ctx.model!.id, content: 'chat', requestId: ctx.err.requestId, promptTokens, completionTokens })) return quotaExceeded(ctx.err);
  return { text, promptTokens, completionTokens, truncated, usage: ctx.fault !== 'no_usage', zeroUsage: ctx.fault === 'zero_usage' };
}

/**
 * `POST /v1/chat/completions`. Charges the model's per-1K prices (neutral text models: 0.002 USD per 1000 tokens;
 * tokens ≈ characters / 4, or one per character under the `bill_by_chars`, `no_usage` and `zero_usage` faults).
 */
export function handleChat(ctx: ReqCtx): Reply {
  const c = complete(ctx);
  if ('kind' in c) return c;
  return json(200, {
    id: `chatcmpl-${randomBytes(12).toString('hex')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: ctx.model!.id,
    choices: [{ index: 0, message: { role: 'assistant', content: c.text }, finish_reason: c.truncated ? 'length' : 'stop' }],
    ...(c.usage ? { usage: c.zeroUsage ? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } : { prompt_tokens: c.promptTokens, completion_tokens: c.completionTokens, total_tokens: c.promptTokens + c.completionTokens } } : {}),
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
    stop_reason: c.truncated ? 'max_tokens' : 'end_turn',
    stop_sequence: null,
    ...(c.usage ? { usage: c.zeroUsage ? { input_tokens: 0, output_tokens: 0 } : { input_tokens: c.promptTokens, output_tokens: c.completionTokens } } : {}),
  });
}
