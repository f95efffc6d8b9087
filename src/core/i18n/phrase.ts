import type { Micros } from '../money.js';
import { t } from './catalog.js';
import { formatMoney, formatPrice } from './format.js';

/** An amount of money in a {@link Phrase}: formatted by {@link say} in the reader's locale (`$0.79`, `0,79 US$`). */
export interface MoneyArg {
  readonly usdMicros: Micros;
}

/** A unit price in a {@link Phrase}: exact to the micro ({@link formatPrice}: `$0.015`, never rounded to `$0.02`). */
export interface PriceArg {
  readonly priceMicros: Micros;
}

/** A value a {@link Phrase} may carry: plain text, a number (plurals select on it), an amount, a price, or another phrase. */
export type PhraseArg = string | number | MoneyArg | PriceArg | Phrase;

/**
 * Words kept as data until a reader's locale is known: a message id of the catalogue and its named arguments. An
 * argument may itself be a phrase (a form such as "W:H, e.g. 16:9" inside a refusal), rendered in the same locale
 * first. Used where the text is decided far from the reader (the command grammar, the admin service) and shown to a
 * member ({@link say} in their locale) or to the operator (English).
 */
export interface Phrase {
  readonly id: string;
  readonly args?: Readonly<Record<string, PhraseArg>>;
}

/** A {@link Phrase} naming message `id` (a message of `locales/<code>/*.ftl`) with `args`. */
export function phrase(id: string, args?: Readonly<Record<string, PhraseArg>>): Phrase {
  return args ? { id, args } : { id };
}

/**
 * The text of `p` in `locale`: nested phrases rendered first in the same locale, amounts formatted for it (the
 * catalogue's fallbacks apply).
 */
export function say(locale: string, p: Phrase): string {
  const args: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p.args ?? {})) {
    args[k] = typeof v !== 'object' ? v : 'usdMicros' in v ? formatMoney(locale, v.usdMicros) : 'priceMicros' in v ? formatPrice(locale, v.priceMicros) : say(locale, v);
  }
  return t(locale, p.id, args);
}
