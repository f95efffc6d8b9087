import type { ApiCallFn } from 'grammy';
import { describe, expect, it } from 'vitest';
import { retryAfterTransformer } from '../../src/platforms/telegram/util/retry-after.js';

type Resp = { ok: true; result: unknown } | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } };

function scripted(responses: Resp[]) {
  const calls: string[] = [];
  const prev = (async (method: string) => {
    calls.push(method);
    const r = responses.shift();
    if (!r) throw new Error('no more responses');
    return r;
  }) as unknown as ApiCallFn;
  return { prev, calls };
}

const tooMany = (n: number): Resp => ({ ok: false, error_code: 429, description: `Too Many Requests: retry after ${n}`, parameters: { retry_after: n } });

describe('retryAfterTransformer', () => {
  it('waits retry_after seconds and repeats until success', async () => {
    const waits: number[] = [];
    const t = retryAfterTransformer({ sleep: async (ms) => void waits.push(ms) });
    const { prev, calls } = scripted([tooMany(2), tooMany(1), { ok: true, result: 42 }]);
    const res = await t(prev, 'sendMessage', { chat_id: 1, text: 'x' });
    expect(res).toEqual({ ok: true, result: 42 });
    expect(waits).toEqual([2000, 1000]);
    expect(calls).toHaveLength(3);
  });

  it('gives up after maxAttempts and returns the last 429', async () => {
    const t = retryAfterTransformer({ maxAttempts: 3, sleep: async () => {} });
    const { prev, calls } = scripted([tooMany(1), tooMany(1), tooMany(1), { ok: true, result: 1 }]);
    const res = await t(prev, 'sendMessage', { chat_id: 1, text: 'x' });
    expect(res).toMatchObject({ ok: false, error_code: 429 });
    expect(calls).toHaveLength(3);
  });

  it('does not wait longer than maxDelaySeconds, nor retry other errors', async () => {
    const waits: number[] = [];
    const t = retryAfterTransformer({ maxDelaySeconds: 30, sleep: async (ms) => void waits.push(ms) });
    const long = scripted([tooMany(31), { ok: true, result: 1 }]);
    expect(await t(long.prev, 'sendMessage', { chat_id: 1, text: 'x' })).toMatchObject({ error_code: 429 });
    const bad = scripted([{ ok: false, error_code: 400, description: 'Bad Request: chat not found' }, { ok: true, result: 1 }]);
    expect(await t(bad.prev, 'sendMessage', { chat_id: 1, text: 'x' })).toMatchObject({ error_code: 400 });
    expect(waits).toEqual([]);
    expect(long.calls.length + bad.calls.length).toBe(2);
  });

  it('stops waiting when the call is aborted', async () => {
    const ac = new AbortController();
    const t = retryAfterTransformer();
    const { prev, calls } = scripted([tooMany(20), { ok: true, result: 1 }]);
    const pending = t(prev, 'sendMessage', { chat_id: 1, text: 'x' }, ac.signal as unknown as Parameters<typeof t>[3]);
    setTimeout(() => ac.abort(), 20);
    const started = Date.now();
    expect(await pending).toMatchObject({ error_code: 429 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(calls).toHaveLength(1);
  });

  it('reports each retry without the payload', async () => {
    const seen: unknown[] = [];
    const t = retryAfterTransformer({ sleep: async () => {}, onRetry: (i) => seen.push(i) });
    const { prev } = scripted([tooMany(3), { ok: true, result: true }]);
    await t(prev, 'editMessageText', { chat_id: 1, message_id: 2, text: 'secret prompt' });
    expect(seen).toEqual([{ method: 'editMessageText', retryAfterSeconds: 3, attempt: 1 }]);
  });
});
