/**
 * The logging the core does, as the core needs it: four levels, each taking the facts (an object) and a message, or
 * a message alone. The composition root passes the process's logger (`createLogger` in `src/log.ts`, pino, which
 * scrubs secrets from every line); any logger of that shape will do.
 */
export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** One level of a {@link Logger}. */
export interface LogFn {
  (facts: object, message?: string): void;
  (message: string): void;
}

/**
 * The secrets the logs and the core's words are scrubbed of (`SecretSet` of `src/log.ts`): the core registers each
 * gateway token it decrypts and scrubs failure texts before showing them.
 */
export interface Secrets {
  /** Registers a secret (implementations may ignore values too short to be one). */
  add(secret: string | undefined): void;
  /** The text with every registered secret and secret-looking substring redacted. */
  scrub(text: string): string;
}
