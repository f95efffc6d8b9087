import { describe, expect, it } from 'vitest';
import type { GatewayLogEntry } from '../../src/core/ports/gateway-log.js';
import type { BilledJob } from '../../src/core/ports/job-admin.js';
import { matchDay } from '../../src/core/reconcile/match.js';
import { tokenMatches, tokenName } from '../../src/core/reconcile/reconcile.js';
import { logRows, parseLogRow } from '../../src/gateway/token-log.js';

const T0 = Date.parse('2026-11-26T10:00:00Z');
const QPU = 500_000;
const job = (o: Partial<BilledJob> & Pick<BilledJob, 'id' | 'gatewayBilledMicros'>): BilledJob => ({ kind: 'imagine', status: 'delivered', model: 'm', tokenSource: 'operator', tokenId: null, remoteTaskId: null, createdAt: T0, finishedAt: T0 + 2000, ...o });
const entry = (o: Partial<GatewayLogEntry> & Pick<GatewayLogEntry, 'id' | 'micros'>): GatewayLogEntry => ({ at: T0 + 1000, kind: 'charge', quota: Math.round((o.micros / 1e6) * QPU), model: 'm', content: '', ...o });

describe('the token log rows', () => {
  it('reads consume and refund rows, the JSON `other`, and an older build’s signed settlement row', () => {
    expect(parseLogRow({ id: 7, created_at: 1764151200, type: 2, quota: 5000, model_name: 'm', content: 'image', other: '{"request_id":"r1"}' }, QPU)).toEqual({ id: '7', at: 1764151200000, kind: 'charge', quota: 5000, micros: 10_000, model: 'm', content: 'image', requestId: 'r1' });
    expect(parseLogRow({ id: 8, created_at: 1, type: 6, quota: 250, model_name: 'v', other: '{"task_id":"task_1"}' }, QPU)).toMatchObject({ kind: 'refund', micros: 500, taskId: 'task_1' });
    expect(parseLogRow({ id: 9, created_at: 1, type: 2, quota: -250, model_name: 'v', other: { task_id: 'task_1' } }, QPU)).toMatchObject({ kind: 'refund', quota: 250, taskId: 'task_1' });
    expect(parseLogRow({ id: 10, type: 5, quota: 0 }, QPU)).toBeUndefined();
    expect(parseLogRow({ id: 11, type: 2, quota: 100, other: 'not json' }, QPU)).toMatchObject({ micros: 200 });
  });

  it('accepts the list and the paged answer, and nothing else', () => {
    expect(logRows({ success: true, data: [1] })).toEqual({ rows: [1] });
    expect(logRows({ success: true, data: { page: 1, page_size: 10, total: 1, items: [1] } })).toEqual({ rows: [1], total: 1 });
    expect(logRows({ success: false, message: 'no' })).toBeUndefined();
    expect(logRows('<html>')).toBeUndefined();
  });
});

describe('matching', () => {
  it('matches by task id (net of refunds), then by model and amount, then by model and time', () => {
    const jobs = [
      job({ id: 'v', kind: 'video', remoteTaskId: 'task_1', gatewayBilledMicros: 200_000 }),
      job({ id: 'failed', kind: 'video', remoteTaskId: 'task_2', gatewayBilledMicros: 0 }),
      job({ id: 'a', gatewayBilledMicros: 10_000 }),
      job({ id: 'b', gatewayBilledMicros: 20_000, createdAt: T0 + 5000, finishedAt: T0 + 6000 }),
      job({ id: 'c', gatewayBilledMicros: 10_000, model: 'other', createdAt: T0 + 7000 }),
    ];
    const entries = [
      entry({ id: '1', micros: 300_000, taskId: 'task_1' }),
      entry({ id: '2', micros: 100_000, taskId: 'task_1', kind: 'refund' }),
      entry({ id: '3', micros: 250_000, taskId: 'task_2' }),
      entry({ id: '4', micros: 250_000, taskId: 'task_2', kind: 'refund' }),
      entry({ id: '5', micros: 25_000, at: T0 + 6500 }), // b, billed another amount
      entry({ id: '6', micros: 10_000, at: T0 + 1500 }), // a
      entry({ id: '7', micros: 10_000, model: 'stranger' }),
    ];
    const [day] = matchDay(jobs, entries, QPU);
    expect(day).toMatchObject({ day: '2026-11-26', botMicros: 240_000, gatewayMicros: 245_000, driftMicros: 5_000, matched: 4 });
    expect(day!.unmatched).toEqual([
      { side: 'bot', jobId: 'c', model: 'other', at: T0 + 7000, micros: 10_000 },
      { side: 'gateway', entryIds: ['7'], model: 'stranger', at: T0 + 1000, micros: 10_000, content: '' },
    ]);
  });

  it('does not match a row outside the window, and lists a task nobody started', () => {
    const [day] = matchDay([job({ id: 'a', gatewayBilledMicros: 10_000 })], [entry({ id: '1', micros: 10_000, at: T0 + 3_600_000 }), entry({ id: '2', micros: 5_000, taskId: 'task_x' })], QPU);
    expect(day!.unmatched.map((u) => u.side)).toEqual(['bot', 'gateway', 'gateway']);
    expect(day!.driftMicros).toBe(5_000);
  });

  it('names tokens by their last four characters only', () => {
    expect(tokenName('sk-abcdefgh1234', false)).toBe('…1234');
    expect(tokenName('sk-abcdefgh1234', true)).toBe('operator');
    expect(tokenMatches('…1234', 'sk-abcdefgh1234', false)).toBe(true);
    expect(tokenMatches('...1234', 'sk-abcdefgh1234', false)).toBe(true);
    expect(tokenMatches('1234', 'sk-abcdefgh1234', true)).toBe(false);
    expect(tokenMatches('operator', 'sk-x', true)).toBe(true);
  });
});
