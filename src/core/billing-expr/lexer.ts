import { ExprRefusal, LIMITS } from './ast.js';

/** One token of a billing expression. `pos` is the character offset, for error details. */
export type Token =
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'str'; value: string; pos: number }
  | { kind: 'ident'; value: string; pos: number }
  | { kind: 'op'; value: string; pos: number }
  | { kind: 'end'; pos: number };

const OPS = ['|||', '==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '(', ')', ','] as const;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" };

/**
 * Splits `src` into tokens: decimal numbers (`12`, `0.5`, `1e-3`, `1_000`), single- or double-quoted strings with
 * backslash escapes, identifiers, and the operators of the subset. Numbers must be finite and at most
 * {@link LIMITS.maxLiteral} in magnitude; strings at most {@link LIMITS.maxString} characters.
 * @throws ExprRefusal `syntax` or `number_range`.
 */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(ch) || (ch === '.' && isDigit(src[i + 1] ?? ''))) {
      const m = /^(?:\d[\d_]*)?(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?/.exec(src.slice(i, i + 64));
      const text = m?.[0] ?? '';
      if (!text || /_$|_\.|\._/.test(text)) throw new ExprRefusal('syntax', `bad number at ${start}`);
      const value = Number(text.replace(/_/g, ''));
      if (!Number.isFinite(value) || Math.abs(value) > LIMITS.maxLiteral) throw new ExprRefusal('number_range', `number ${text.slice(0, 32)} at ${start}`);
      i += text.length;
      if (isIdentChar(src[i] ?? '')) throw new ExprRefusal('syntax', `bad number at ${start}`);
      out.push({ kind: 'num', value, pos: start });
      continue;
    }
    if (ch === '"' || ch === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= src.length) throw new ExprRefusal('syntax', `unterminated string at ${start}`);
        const c = src[i]!;
        if (c === ch) break;
        if (c === '\\') {
          const e = ESCAPES[src[i + 1] ?? ''];
          if (e === undefined) throw new ExprRefusal('syntax', `unknown escape at ${i}`);
          value += e;
          i += 2;
        } else {
          value += c;
          i++;
        }
        if (value.length > LIMITS.maxString) throw new ExprRefusal('syntax', `string longer than ${LIMITS.maxString} at ${start}`);
      }
      i++;
      out.push({ kind: 'str', value, pos: start });
      continue;
    }
    if (isIdentStart(ch)) {
      while (i < src.length && isIdentChar(src[i]!)) i++;
      out.push({ kind: 'ident', value: src.slice(start, i), pos: start });
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExprRefusal('syntax', `unexpected character ${JSON.stringify(ch)} at ${start}`);
    i += op.length;
    out.push({ kind: 'op', value: op, pos: start });
  }
  out.push({ kind: 'end', pos: src.length });
  return out;
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}
function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$';
}
function isIdentChar(c: string): boolean {
  return isIdentStart(c) || isDigit(c);
}
