/**
 * Money as an integer count of micro-dollars (1 USD = 1,000,000 micros).
 * Parsing and formatting use integer and string arithmetic only: no float ever touches a balance.
 */
import { graphemePrefix } from './text-cut.js';

/** An integer number of micro-dollars. Never fractional. */
export type Micros = number;

/** Micro-dollars in one US dollar. */
export const MICROS_PER_USD = 1_000_000;

/**
 * Largest amount a user may type: 100,000 USD. Anything above is refused as a probable typo. It is also the
 * ceiling of an allowance: `/budget adjust` is refused when the member's allowance plus this period's adjustments
 * would pass it (or the adjustments alone would go below minus it). See docs/budgets.md.
 */
export const MAX_USD_MICROS: Micros = 100_000 * MICROS_PER_USD;

const HINT = 'Amounts are in US dollars with at most 6 decimals, e.g. 0.50 or $2';

/** Why a typed amount was refused (the member reads `money-error-<reason>` in their language). */
export type MoneyErrorReason = 'empty' | 'negative' | 'format' | 'comma' | 'exponent' | 'too_precise' | 'too_large';

/**
 * A user-typed amount that cannot be accepted. `message` is English, safe to show as is (the operator CLI, logs);
 * chat members read `reason` in their language (`badAmount`).
 */
export class MoneyError extends Error {
  constructor(
    readonly reason: MoneyErrorReason,
    detail: string,
  ) {
    super(`${detail} ${HINT}.`);
    this.name = 'MoneyError';
  }
}

/** The `bad_amount` failure details of a refused amount `given`: the English message and the reason. */
export function badAmount(e: MoneyError, given: string): { message: string; reason: MoneyErrorReason; given: string } {
  return { message: e.message, reason: e.reason, given: graphemePrefix(given.trim(), 40) };
}

const AMOUNT = /^(\d*)(?:\.(\d*))?$/;

function parseMagnitude(raw: string, original: string): Micros {
  if (raw.includes(',')) throw new MoneyError('comma', `"${original}" contains a comma; write 1000 or 0.5 without separators.`);
  if (/e/i.test(raw) && /\d/.test(raw)) throw new MoneyError('exponent', `"${original}" uses an exponent, which is not accepted.`);
  const m = AMOUNT.exec(raw);
  const whole = m?.[1] ?? '';
  const frac = m?.[2] ?? '';
  if (!m || (whole === '' && frac === '')) throw new MoneyError('format', `"${original}" is not an amount.`);
  if (frac.length > 6) throw new MoneyError('too_precise', `"${original}" has more than 6 decimals.`);
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  if (trimmedWhole.length > 6) throw new MoneyError('too_large', `"${original}" is more than 100000 USD.`);
  const micros = Number(trimmedWhole || '0') * MICROS_PER_USD + Number(frac.padEnd(6, '0'));
  if (micros > MAX_USD_MICROS) throw new MoneyError('too_large', `"${original}" is more than 100000 USD.`);
  return micros;
}

/**
 * Parses a non-negative USD amount typed by a person: "2", "1.5", "0.025", "$0.01", ".5".
 * Refuses (with {@link MoneyError}) empty text, signs, commas (locale-ambiguous), exponents, NaN-like text,
 * more than 6 decimals and amounts above 100,000 USD.
 */
export function parseUsd(text: string): Micros {
  const t = String(text ?? '').trim();
  if (t === '') throw new MoneyError('empty', 'No amount given.');
  if (/^-|^\$-/.test(t)) throw new MoneyError('negative', `"${t}" is negative; amounts must be zero or more.`);
  if (/^\+/.test(t)) throw new MoneyError('format', `"${t}" has a sign; write the amount alone.`);
  return parseMagnitude(t.startsWith('$') ? t.slice(1) : t, t);
}

/**
 * Parses a signed USD amount for adjustments: "+1", "-0.50", "-$2", "$-2", "3" (no sign = positive).
 * Same refusals as {@link parseUsd} apart from the sign.
 */
export function parseSignedUsd(text: string): Micros {
  const t = String(text ?? '').trim();
  if (t === '') throw new MoneyError('empty', 'No amount given.');
  const m = /^(\$)?([+-])?(\$)?(.*)$/.exec(t)!;
  if (m[1] && m[3]) throw new MoneyError('format', `"${t}" is not an amount.`);
  const magnitude = parseMagnitude(m[4] ?? '', t);
  return m[2] === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * Formats micros for people: zero is "$0"; otherwise at least 2 decimals and up to 6 as needed
 * ("$0.01", "$0.025", "$1.50", "$0.000001"); negatives get a leading minus ("-$0.50").
 * @throws RangeError when `m` is not a safe integer (a bug upstream, not user input).
 */
export function formatUsd(m: Micros): string {
  if (!Number.isSafeInteger(m)) throw new RangeError(`formatUsd expects integer micros, got ${m}`);
  if (m === 0) return '$0';
  const sign = m < 0 ? '-' : '';
  const abs = Math.abs(m);
  const whole = Math.floor(abs / MICROS_PER_USD);
  let frac = String(abs % MICROS_PER_USD).padStart(6, '0').replace(/0+$/, '');
  if (frac.length < 2) frac = frac.padEnd(2, '0');
  return `${sign}$${whole}.${frac}`;
}

/** True for a finite, safe, integer amount of micros (optionally also requiring it to be ≥ 0). */
export function isMicros(v: unknown, nonNegative = true): v is Micros {
  return typeof v === 'number' && Number.isSafeInteger(v) && (!nonNegative || v >= 0);
}
