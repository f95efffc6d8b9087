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
