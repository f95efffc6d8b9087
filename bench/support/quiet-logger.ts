/**
 * Loggers and small helpers shared by the benchmarks (never used by `src/`).
 */
import { Writable } from 'node:stream';
import { createLogger, SecretSet, type Logger } from '../../src/log.js';

/**
 * A production-like logger (level `info`, JSON, redaction on) whose lines are thrown away, so a benchmark pays for
 * formatting a line as production does but not for keeping it (the test harness keeps debug lines in memory,
 * which would distort time and memory figures).
 */
export function quietLogger(level = 'info'): { logger: Logger; secrets: SecretSet } {
  const secrets = new SecretSet();
  const destination = new Writable({ write: (_c: Buffer, _e, cb) => cb() });
  return { logger: createLogger({ level, format: 'json', secrets, destination }), secrets };
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** `process.hrtime.bigint()` as milliseconds (float). */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
