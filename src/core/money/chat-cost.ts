import type { Micros } from '../money.js';

/**
 * What a chat answer costs, written once for the hold (`/ask` planning) and the charge (its check step): prices are
 * per 1,000 tokens in micro-dollars, rounded up once per call as the gateway bills.
 */

/** Tokens added to every prompt bound for the chat template (role markers, separators). */
export const TEMPLATE_TOKENS = 16;

/** Price of `tokens` at `per1kMicros` per 1,000 tokens, rounded up to a whole micro-dollar (as the gateway bills). */
export function tokenCostMicros(tokens: number, per1kMicros: Micros): Micros {
  return Math.ceil((tokens * per1kMicros) / 1000);
}

/**
 * Price of a completion: ceil((prompt × input + completion × output) / 1000) micro-dollars, where `output` defaults to
 * `input` (one price for all tokens). One rounding for the whole call, as the gateway bills it.
 */
export function chatCostMicros(promptTokens: number, completionTokens: number, inputPer1k: Micros, outputPer1k: Micros = inputPer1k): Micros {
  return Math.ceil((promptTokens * inputPer1k + completionTokens * outputPer1k) / 1000);
}

/**
 * An upper bound of the tokens of `text` valid for every script: its UTF-8 byte length (a byte-level BPE token is at
 * least one byte, and a tokenizer billing by characters counts at most one token per byte too), plus
 * {@link TEMPLATE_TOKENS} for the chat template. For English this is about 4× the usual chars/4 estimate, for CJK about
 * 3× one token per character: a generous hold, never an overspend.
 */
export function tokenBound(text: string): number {
  return Buffer.byteLength(text, 'utf8') + TEMPLATE_TOKENS;
}

/**
 * The hold for a question: {@link tokenBound} prompt tokens at the input price plus `maxOutput` tokens (also sent as
 * `max_tokens`, so the gateway cannot bill more output) at the output price (default: the input price), at least 1 micro.
 */
export function askHoldMicros(prompt: string, per1kMicros: Micros, maxOutput: number, outputPer1kMicros: Micros = per1kMicros): Micros {
  return Math.max(1, chatCostMicros(tokenBound(prompt), maxOutput, per1kMicros, outputPer1kMicros));
}
