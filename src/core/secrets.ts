/**
 * Shapes of secrets: gateway keys (`sk-…`) and Telegram bot tokens (`123456:AA…`). The log scrubber
 * (`src/log.ts`), the core's prompt check and the surfaces' "that looked like a token" refusal all use these, so
 * what is redacted from logs is exactly what is refused in a prompt.
 */
export const SECRET_SHAPES: readonly RegExp[] = [/\bsk-[A-Za-z0-9_-]{6,}/g, /\b[0-9]{6,12}:[A-Za-z0-9_-]{30,}\b/g];

/** One regular expression (not global, so `test`/`exec` keep no state) matching any of {@link SECRET_SHAPES}. */
export const TOKEN_LIKE: RegExp = new RegExp(SECRET_SHAPES.map((r) => r.source).join('|'));

/** Whether `text` contains something shaped like a secret. */
export function looksLikeSecret(text: string): boolean {
  return TOKEN_LIKE.test(text);
}

/**
 * A run of 20+ letters and digits mixing both (e.g. `AbC9…`, a 32-hex key): no model id has one (their parts are
 * short and joined by `-`, `.`, `/`, `:`), while most API keys are one.
 */
const HIGH_ENTROPY_RUN = /[A-Za-z0-9]{20,}/g;

/**
 * Whether `text` looks like a key rather than a name: one of {@link SECRET_SHAPES}, or a long mixed run of letters
 * and digits (see {@link HIGH_ENTROPY_RUN}). Used on model ids, which are refused without being echoed or stored when
 * it says yes. Trade-off: stricter than {@link looksLikeSecret} (prompts keep that one: prose has long words).
 */
export function looksLikeKey(text: string): boolean {
  if (looksLikeSecret(text)) return true;
  return [...text.matchAll(HIGH_ENTROPY_RUN)].some(([run]) => /[0-9]/.test(run) && /[A-Za-z]/.test(run));
}
