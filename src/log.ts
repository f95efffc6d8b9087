import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';
import { SECRET_SHAPES } from './core/secrets.js';

/** Strings that look like gateway keys (`sk-…`) or Telegram bot tokens (`123456:AA…`): one list, shared with the core. */
const SECRET_PATTERNS: readonly RegExp[] = SECRET_SHAPES;

/**
 * The secrets known at run time (bot tokens from the config, gateway tokens as they are decrypted).
 * Every log line is scrubbed of them and of anything matching {@link SECRET_PATTERNS}.
 * One instance is made by the composition root and shared explicitly; there is no global.
 */
export class SecretSet {
  private readonly values = new Set<string>();

  /** Registers a secret; values shorter than 8 characters are ignored (too likely to match normal text). */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 8) this.values.add(secret);
  }

  /** Replaces every known secret and secret-looking substring with `[redacted]`. */
  scrub(text: string): string {
    let out = text;
    for (const v of this.values) if (out.includes(v)) out = out.split(v).join('[redacted]');
    for (const re of SECRET_PATTERNS) out = out.replace(re, '[redacted]');
    return out;
  }
}

/** Paths whose values are always removed, whatever they contain. */
export const REDACT_PATHS = [
  'token',
  '*.token',
  'apiKey',
  '*.apiKey',
  'authorization',
  '*.authorization',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
  '*.secret',
  'secret',
  'password',
  '*.password',
];

export interface LogOptions {
  level: string;
  /** `pretty` for people at a terminal, `json` for machines; `auto` picks pretty on a TTY. Default `auto`. */
  format?: 'json' | 'pretty' | 'auto';
  secrets: SecretSet;
  /** Where lines go; defaults to stdout. Tests pass a stream to capture them. */
  destination?: NodeJS.WritableStream;
}

/**
 * Builds the pino logger. Redaction works in two layers: known paths are censored by pino, and every
 * serialized line is scrubbed of known and secret-looking tokens before it is written (pino's `streamWrite`
 * hook), which also covers child bindings and error stacks.
 */
export function createLogger(opts: LogOptions): Logger {
  const { secrets } = opts;
  const wantPretty = opts.format === 'pretty' || (opts.format !== 'json' && !opts.destination && process.stdout.isTTY === true);
  const base = {
    level: opts.level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    hooks: {
      // Every serialized line (message, fields, child bindings, error stacks) passes through here.
      streamWrite: (line: string) => secrets.scrub(line),
    },
  };
  if (wantPretty) {
    return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } });
  }
  return opts.destination ? pino(base, opts.destination) : pino(base);
}
