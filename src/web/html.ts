/**
 * The web surface's HTML: a tagged template that escapes every interpolated value (strings, numbers) unless it is
 * already {@link Html} from this module, so a prompt or a name can never become markup.
 */

/** Markup that is safe to insert as is (built by {@link html} or {@link raw}). */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `s` with `& < > " '` escaped: safe in text and in quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A value a template takes: escaped text, trusted markup, lists of either, or nothing (`undefined`, `false`, `null`). */
export type HtmlValue = string | number | Html | readonly HtmlValue[] | undefined | null | false;

function render(v: HtmlValue): string {
  if (v === undefined || v === null || v === false) return '';
  if (v instanceof Html) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

/** Builds markup: the literal parts are kept, every value is escaped (see {@link HtmlValue}). */
export function html(parts: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = parts[0]!;
  values.forEach((v, i) => {
    out += render(v) + parts[i + 1]!;
  });
  return new Html(out);
}

/** Trusted markup written by this module's callers (never user input). */
export function raw(s: string): Html {
  return new Html(s);
}
