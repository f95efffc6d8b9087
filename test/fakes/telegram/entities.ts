import type { MessageEntity } from 'grammy/types';

const TAG_ENTITY: Record<string, MessageEntity['type']> = {
  b: 'bold', strong: 'bold', i: 'italic', em: 'italic', u: 'underline', ins: 'underline',
  s: 'strikethrough', strike: 'strikethrough', del: 'strikethrough', code: 'code', pre: 'pre', blockquote: 'blockquote', 'tg-spoiler': 'spoiler',
};
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/**
 * What Telegram stores for a text sent with a parse mode: the text without markup, and its entities (offsets and
 * lengths in UTF-16 code units, as the Bot API counts). HTML only (call {@link checkParseMode} first); other modes and
 * no mode give the text as sent. Links (`<a href>`) become `text_link` entities (`tg://user?id=` a `text_mention`
 * in real Telegram; the fake keeps it a `text_link`).
 */
export function parseFormatted(raw: string, parseMode: string | undefined): { text: string; entities?: MessageEntity[] } {
  if (parseMode?.toLowerCase() !== 'html') return { text: raw };
  let text = '';
  const open: { name: string; offset: number; url?: string }[] = [];
  const entities: MessageEntity[] = [];
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i] ?? '';
    if (ch === '&') {
      const m = /^&(lt|gt|amp|quot|#(\d+)|#x([0-9a-f]+));/i.exec(raw.slice(i));
      if (m) {
        const code = m[2] !== undefined ? Number(m[2]) : m[3] !== undefined ? Number.parseInt(m[3], 16) : undefined;
        text += code !== undefined ? String.fromCodePoint(code) : (NAMED[(m[1] ?? '').toLowerCase()] ?? '');
        i += m[0].length - 1;
        continue;
      }
    }
    if (ch === '<') {
      const m = /^<(\/?)([a-z-]+)(\s[^>]*)?>/i.exec(raw.slice(i));
      if (m) {
        const name = (m[2] ?? '').toLowerCase();
        if (!m[1]) {
          const href = /href="([^"]*)"/i.exec(m[3] ?? '')?.[1];
          open.push({ name, offset: text.length, ...(href !== undefined ? { url: href } : {}) });
        } else {
          const o = open.pop();
          const length = text.length - (o?.offset ?? 0);
          const type = name === 'a' ? 'text_link' : TAG_ENTITY[name];
          if (o && type && length > 0) entities.push({ type, offset: o.offset, length, ...(type === 'text_link' ? { url: o.url ?? '' } : {}) } as MessageEntity);
        }
        i += m[0].length - 1;
        continue;
      }
    }
    text += ch;
  }
  entities.sort((a, b) => a.offset - b.offset);
  return entities.length > 0 ? { text, entities } : { text };
}
