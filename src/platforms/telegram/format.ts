import type { Reply } from '../../core/api/surface.js';
import { clip, splitGraphemes } from '../../core/text-cut.js';

export { clip };

/** Telegram's limits on message text and media captions, in characters after entity parsing. */
export const TEXT_MAX = 4096;
export const CAPTION_MAX = 1024;

/** Escapes text for `parse_mode: 'HTML'` (the only three characters Telegram's HTML parser needs escaped). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The paragraphs of a reply, plain: title, blocks, then the fields as `name: value` lines. */
function paragraphs(reply: Reply): { title?: string; body: string[] } {
  const body = reply.blocks.filter((b) => b.trim() !== '');
  if (reply.fields && reply.fields.length > 0) body.push(reply.fields.map((f) => `${f.name}: ${f.value}`).join('\n'));
  return reply.title ? { title: reply.title, body } : { body };
}

/** A reply as plain text (callback alerts, status-message edits, which carry no parse mode). */
export function plainText(reply: Reply): string {
  const p = paragraphs(reply);
  return [...(p.title ? [p.title] : []), ...p.body].join('\n\n');
}

/**
 * A reply as HTML messages of at most `max` characters each (counted as Telegram does, after parsing): the title in
 * bold, then the paragraphs; a reply too long for one message is split at paragraph, then line, then grapheme
 * boundaries (never inside an entity, since only the title is marked up, nor inside a character). Empty replies give
 * no message.
 */
export function htmlChunks(reply: Reply, max = TEXT_MAX): string[] {
  const p = paragraphs(reply);
  const pieces: { plain: string; bold: boolean }[] = [];
  if (p.title) pieces.push({ plain: clip(p.title, max), bold: true });
  for (const b of p.body) for (const part of splitPlain(b, max)) pieces.push({ plain: part, bold: false });
  const chunks: string[] = [];
  let html = '';
  let len = 0;
  for (const piece of pieces) {
    const sep = len === 0 ? 0 : 2;
    if (len > 0 && len + sep + piece.plain.length > max) {
      chunks.push(html);
      html = '';
      len = 0;
    }
    const escaped = escapeHtml(piece.plain);
    html += (len === 0 ? '' : '\n\n') + (piece.bold ? `<b>${escaped}</b>` : escaped);
    len += (len === 0 ? 0 : 2) + piece.plain.length;
  }
  if (len > 0) chunks.push(html);
  return chunks;
}

/** The reply as ONE HTML text of at most `max` characters (a media caption), clipped when longer. */
export function htmlClipped(reply: Reply, max = CAPTION_MAX): { html: string; clipped: boolean } {
  const p = paragraphs(reply);
  const plain = plainText(reply);
  if (plain.length > max) return { html: escapeHtml(clip(plain, max)), clipped: true };
  const body = p.body.map(escapeHtml).join('\n\n');
  const title = p.title ? `<b>${escapeHtml(p.title)}</b>` : '';
  return { html: [title, body].filter(Boolean).join('\n\n'), clipped: false };
}

/** Splits one paragraph into parts of at most `max` characters: at line breaks first, then between graphemes. */
function splitPlain(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let cur = '';
  for (const line of text.split('\n')) {
    const candidate = cur === '' ? line : `${cur}\n${line}`;
    if (candidate.length <= max) {
      cur = candidate;
      continue;
    }
    if (cur !== '') out.push(cur);
    const parts = splitGraphemes(line, max);
    cur = parts.pop() ?? '';
    out.push(...parts);
  }
  if (cur !== '') out.push(cur);
  return out;
}
