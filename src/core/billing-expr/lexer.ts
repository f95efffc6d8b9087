import { ExprRefusal, LIMITS } from './ast.js';

/** One token of a billing expression. `pos` is the character offset, for error details. */
export type Token =
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'str'; value: string; pos: number }
  | { kind: 'ident'; value: string; pos: number }
  | { kind: 'op'; value: string; pos: number }
  | { kind: 'end'; pos: number };

const OPS3 = new Set(['|||']);
const OPS2 = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const OPS1 = new Set(['<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '(', ')', ',']);
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" };

/**
 * Reads the tokens of `src` one at a time, so a parser that refuses early (too deep, too many nodes) never reads
 * the rest: decimal numbers (`12`, `0.5`, `1e-3`, `1_000`), single- or double-quoted strings with backslash
 * escapes, identifiers, and the operators of the subset. Numbers must be finite and at most
 * {@link LIMITS.maxLiteral} in magnitude; strings at most {@link LIMITS.maxString} characters.
 * `next()` throws ExprRefusal `syntax` or `number_range`.
 */
export class Lexer {
  private i = 0;

  constructor(private readonly src: string) {}

  next(): Token {
    const src = this.src;
    let i = this.i;
    while (i < src.length && (src[i] === ' ' || src[i] === '\t' || src[i] === '\n' || src[i] === '\r')) i++;
    const start = i;
    if (i >= src.length) {
      this.i = i;
      return { kind: 'end', pos: src.length };
    }
    const ch = src[i]!;
    if (isDigit(ch) || (ch === '.' && isDigit(src[i + 1] ?? ''))) {
      const m = /^(?:\d[\d_]*)?(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?/.exec(src.slice(i, i + 64));
      const text = m?.[0] ?? '';
      if (!text || /_$|_\.|\._/.test(text)) throw new ExprRefusal('syntax', `bad number at ${start}`);
      const value = Number(text.replace(/_/g, ''));
      if (!Number.isFinite(value) || Math.abs(value) > LIMITS.maxLiteral) throw new ExprRefusal('number_range', `number ${text.slice(0, 32)} at ${start}`);
      i += text.length;
      if (isIdentChar(src[i] ?? '')) throw new ExprRefusal('syntax', `bad number at ${start}`);
      this.i = i;
      return { kind: 'num', value, pos: start };
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
      this.i = i + 1;
      return { kind: 'str', value, pos: start };
    }
    if (isIdentStart(ch)) {
      while (i < src.length && isIdentChar(src[i]!)) i++;
      this.i = i;
      return { kind: 'ident', value: src.slice(start, i), pos: start };
    }
    const op = OPS3.has(src.slice(i, i + 3)) ? src.slice(i, i + 3) : OPS2.has(src.slice(i, i + 2)) ? src.slice(i, i + 2) : OPS1.has(ch) ? ch : undefined;
    if (!op) throw new ExprRefusal('syntax', `unexpected character ${JSON.stringify(ch)} at ${start}`);
    this.i = i + op.length;
    return { kind: 'op', value: op, pos: start };
  }
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
