import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, SecretSet } from '../../src/log.js';

const GATEWAY = 'sk-live9f8e7d6c5b4a3210ZYXW';
const DISCORD = 'MTA5ODc2NTQzMjEwOTg3NjU0.GhIjKl.discord-bot-secret-value';
const TELEGRAM = '7012345678:AAHk3jL0mNoPqRsTuVwXyZabcdefghijklm';
const OTHER_SK = 'sk-unregisteredButLooksLikeAKey123';

function capture(level = 'trace') {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  const secrets = new SecretSet();
  secrets.add(GATEWAY);
  secrets.add(DISCORD);
  secrets.add(TELEGRAM);
  const logger = createLogger({ level, format: 'json', secrets, destination });
  return { logger, secrets, text: () => chunks.join(''), lines: () => chunks.join('').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>) };
}

function expectClean(out: string): void {
  for (const s of [GATEWAY, DISCORD, TELEGRAM, OTHER_SK]) expect(out).not.toContain(s);
  expect(out).not.toMatch(/sk-[A-Za-z0-9]{6,}/);
}

describe('createLogger redaction', () => {
  it('scrubs tokens from the message string', () => {
    const c = capture();
    c.logger.info(`linked ${GATEWAY} for ${DISCORD} and ${TELEGRAM}; also ${OTHER_SK}`);
    const out = c.text();
    expectClean(out);
    expect(c.lines()[0]!.msg).toBe('linked [redacted] for [redacted] and [redacted]; also [redacted]');
  });

  it('scrubs tokens from fields and nested objects and arrays', () => {
    const c = capture();
    c.logger.warn({ url: `https://api.telegram.org/bot${TELEGRAM}/getMe`, deep: { a: { b: [`x ${GATEWAY}`, { c: DISCORD }] } } }, 'request');
    const out = c.text();
    expectClean(out);
    const line = c.lines()[0]!;
    expect(line.url).toBe('https://api.telegram.org/bot[redacted]/getMe');
    expect(JSON.stringify(line.deep)).toContain('[redacted]');
  });

  it('scrubs tokens from errors, message and stack', () => {
    const c = capture();
    const e = new Error(`gateway refused ${GATEWAY}`);
    (e as Error & { detail?: string }).detail = `bot ${TELEGRAM}`;
    c.logger.error({ err: e }, 'failed');
    c.logger.error(new Error(`discord said no to ${DISCORD}`));
    const out = c.text();
    expectClean(out);
    const [first, second] = c.lines();
    const err = first!.err as { message: string; stack: string; detail: string };
    expect(err.message).toBe('gateway refused [redacted]');
    expect(err.stack).toContain('gateway refused [redacted]');
    expect(err.detail).toBe('bot [redacted]');
    expect(JSON.stringify(second)).toContain('discord said no to [redacted]');
  });

  it('censors authorization and api-key headers and token fields whatever their value', () => {
    const c = capture();
    c.logger.info({ headers: { authorization: 'Bearer opaque-value-1', 'x-api-key': 'opaque-value-2' }, req: { headers: { authorization: 'Basic opaque-value-3' } }, token: 'opaque-value-4', cfg: { apiKey: 'opaque-value-5' } }, 'call');
    const out = c.text();
    for (const n of [1, 2, 3, 4, 5]) expect(out).not.toContain(`opaque-value-${n}`);
    const line = c.lines()[0] as { headers: Record<string, string>; req: { headers: Record<string, string> }; token: string; cfg: { apiKey: string } };
    expect(line.headers.authorization).toBe('[redacted]');
    expect(line.headers['x-api-key']).toBe('[redacted]');
    expect(line.req.headers.authorization).toBe('[redacted]');
    expect(line.token).toBe('[redacted]');
    expect(line.cfg.apiKey).toBe('[redacted]');
  });

  it('scrubs a secret registered after the logger was built, and ignores short ones', () => {
    const c = capture();
    const late = 'late-registered-secret-abcdef';
    c.secrets.add(late);
    c.secrets.add('short');
    c.logger.info({ note: `value ${late}` }, `msg ${late} short`);
    const out = c.text();
    expect(out).not.toContain(late);
    expect(out).toContain('short');
  });

  it('scrubs child logger bindings too and respects the level', () => {
    const c = capture('warn');
    const child = c.logger.child({ component: 'gw', key: GATEWAY });
    child.info(`hidden ${GATEWAY}`);
    child.warn('shown');
    const lines = c.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toBe('shown');
    expectClean(c.text());
  });
});
