import type { InlineKeyboardMarkup } from 'grammy/types';
import { badRequest } from './types.js';

const HTML_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'span', 'tg-spoiler', 'a', 'code', 'pre', 'blockquote', 'tg-emoji', 'tg-time']);
const MD2_NEVER_BARE = new Set(['#', '+', '-', '=', '{', '}', '.', '!']);

/**
 * Checks text the way Telegram's entity parser rejects it: HTML with unknown or unbalanced tags or a bare `&`,
 * MarkdownV2 with an unescaped reserved character that cannot be markup (`# + - = { } . !`).
 * Trade-off: accepts some malformed markup the real parser would reject; never rejects valid markup.
 */
export function checkParseMode(text: string, parseMode: string | undefined): void {
  if (!parseMode) return;
  const mode = parseMode.toLowerCase();
  if (mode === 'html') return checkHtml(text);
  if (mode === 'markdownv2') return checkMarkdownV2(text);
  if (mode !== 'markdown') badRequest('unsupported parse_mode');
}

function checkHtml(text: string): void {
  const stack: string[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const offset = () => enc.encode(text.slice(0, i)).length;
    if (ch === '&') {
      if (!/^&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/i.test(text.slice(i))) badRequest(`can't parse entities: Unsupported HTML entity at byte offset ${offset()}`);
    } else if (ch === '<') {
      const m = /^<(\/?)([a-z-]+)(\s[^>]*)?>/i.exec(text.slice(i));
      if (!m) badRequest(`can't parse entities: Unsupported start tag at byte offset ${offset()}`);
      const [all, close, rawName] = m;
      const name = (rawName ?? '').toLowerCase();
      if (!HTML_TAGS.has(name)) badRequest(`can't parse entities: Unsupported start tag "${name}" at byte offset ${offset()}`);
      if (close) {
        if (stack.pop() !== name) badRequest(`can't parse entities: Unmatched end tag at byte offset ${offset()}, expected "</${stack.at(-1) ?? ''}>", found "</${name}>"`);
      } else stack.push(name);
      i += all.length - 1;
    }
  }
  if (stack.length > 0) badRequest(`can't parse entities: Can't find end tag corresponding to start tag "${stack.at(-1)}"`);
}

function checkMarkdownV2(text: string): void {
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '`') inCode = !inCode;
    if (!inCode && MD2_NEVER_BARE.has(ch)) badRequest(`can't parse entities: Character '${ch}' is reserved and must be escaped with the preceding '\\'`);
  }
}

/** Validates an inline keyboard: every button has text and one action; `callback_data` is 1–64 bytes. */
export function checkReplyMarkup(markup: unknown): InlineKeyboardMarkup | undefined {
  if (markup === undefined || markup === null) return undefined;
  if (typeof markup !== 'object') badRequest("can't parse reply keyboard markup JSON object");
  const kb = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (kb === undefined) return markup as InlineKeyboardMarkup;
  if (!Array.isArray(kb) || !kb.every(Array.isArray)) badRequest('field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays');
  for (const row of kb as unknown[][]) {
    for (const b of row) {
      const btn = b as { text?: unknown; callback_data?: unknown; url?: unknown };
      if (typeof btn.text !== 'string' || btn.text === '') badRequest('text buttons are unallowed in the inline keyboard');
      if (btn.callback_data !== undefined) {
        const len = Buffer.byteLength(String(btn.callback_data), 'utf8');
        if (len < 1 || len > 64) badRequest('BUTTON_DATA_INVALID');
      } else if (btn.url === undefined && Object.keys(btn).length === 1) badRequest('text buttons are unallowed in the inline keyboard');
    }
  }
  return markup as InlineKeyboardMarkup;
}
