import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpGatewayLog } from '../../src/gateway/token-log.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';

let sim: SimulatorHandle;
const auth = () => ({ authorization: `Bearer ${sim.tokens.media}`, 'content-type': 'application/json' });

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${sim.baseUrl}${path}`, { method: 'POST', headers: auth(), body: JSON.stringify(body) });
  expect(r.status).toBe(200);
  return (await r.json()) as Record<string, unknown>;
}

async function log(query = '', headers: Record<string, string> = auth()): Promise<{ status: number; body: { success: boolean; data: unknown } }> {
  const r = await fetch(`${sim.baseUrl}/api/log/token${query}`, { headers });
  return { status: r.status, body: (await r.json().catch(() => null)) as { success: boolean; data: unknown } };
}

interface Row { id: number; type: number; quota: number; model_name: string; other: string; content: string }

async function until<T>(f: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await f();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

beforeAll(async () => {
  sim = await startSimulator({ video: { queuedMs: 50, runMs: 200, progressSteps: 2 } });
});
afterAll(() => sim?.close());

describe('the simulator token log (new-api GET /api/log/token)', () => {
  it('writes a consume row per billed request, a task pre-charge, a refund for a failed task and the settlement of a short one', async () => {
    await post('/v1/images/generations', { model: 'alpha-image-2', prompt: 'a cat', n: 2 });
    const ok = await post('/v1/videos', { model: 'gamma-video-1', prompt: 'waves', seconds: '6' });
    const failed = await post('/v1/videos', { model: 'gamma-video-1', prompt: 'doomed [[fault:task_fail]]', seconds: '4' });
    sim.addFault({ kind: 'short_video', billedSeconds: 4, times: 1 });
    const short = await post('/v1/videos', { model: 'gamma-video-1', prompt: 'short', seconds: '6' });
    const done = await until(async () => {
      const poll = (await (await fetch(`${sim.baseUrl}/v1/videos/${String(short.id)}`, { headers: auth() })).json()) as { status: string; seconds: string };
      return poll.status === 'succeeded' ? poll : undefined;
    });
    // The finished task says what it billed.
    expect(done.seconds).toBe('4');
    await until(async () => (sim.task(String(failed.id))?.status === 'failed' && sim.task(String(ok.id))?.status === 'completed' ? true : undefined));

    const { status, body } = await log();
    expect(status).toBe(200);
    const rows = (body.data as Row[]).slice().reverse();
    const summary = rows.map((r) => ({ type: r.type, quota: r.quota, model: r.model_name, task: (JSON.parse(r.other) as { task_id?: string }).task_id ?? null }));
    // The consume rows in order; the two refunds come when each task is next looked at (either order).
    expect(summary.slice(0, 4)).toEqual([
      { type: 2, quota: 10_000, model: 'alpha-image-2', task: null }, // 2 × $0.01 at 500,000 quota per USD
      { type: 2, quota: 150_000, model: 'gamma-video-1', task: ok.id }, // 6 s × $0.05
      { type: 2, quota: 100_000, model: 'gamma-video-1', task: failed.id },
      { type: 2, quota: 150_000, model: 'gamma-video-1', task: short.id },
    ]);
    expect(summary.slice(4)).toHaveLength(2);
    expect(summary.slice(4)).toEqual(
      expect.arrayContaining([
        { type: 6, quota: 50_000, model: 'gamma-video-1', task: short.id }, // settled to 4 s
        { type: 6, quota: 100_000, model: 'gamma-video-1', task: failed.id }, // refunded
      ]),
    );
    // Σ consume − Σ refund = what the gateway billed.
    const net = rows.reduce((s, r) => s + (r.type === 2 ? r.quota : -r.quota), 0);
    expect((net / 500_000) * 1_000_000).toBe(sim.spentMicros(sim.tokens.media));
  });

  it('takes the token as ?key= (older builds), pages with p/page_size, and refuses an unknown token', async () => {
    const byKey = await log(`?key=${encodeURIComponent(sim.tokens.media)}`, {});
    expect(byKey.status).toBe(200);
    const all = (await log()).body.data as Row[];
    expect(byKey.body.data).toEqual(all);
    const page = await log('?p=2&page_size=2');
    expect(page.body.data).toEqual({ page: 2, page_size: 2, total: all.length, items: all.slice(2, 4) });
    expect((await log('', { authorization: `Bearer ${sim.tokens.invalid}` })).status).toBe(401);
    // Another token's log is its own.
    expect((await log('', { authorization: `Bearer ${sim.tokens.text}` })).body.data).toEqual([]);
  });

  it('the bot reads every page the same as one answer, and stops at pages older than `since`', async () => {
    const whole = await new HttpGatewayLog(sim.baseUrl).read(sim.tokens.media, 0);
    const paged = await new HttpGatewayLog(sim.baseUrl, 5_000, 2).read(sim.tokens.media, 0);
    if (!whole.ok || !paged.ok) throw new Error('not read');
    expect(whole.entries).toHaveLength(6);
    expect(paged).toEqual(whole);
    expect(whole.quotaPerUnit).toBe(500_000);
    const later = await new HttpGatewayLog(sim.baseUrl, 5_000, 2).read(sim.tokens.media, Date.now() + 60_000);
    expect(later).toEqual({ ok: true, entries: [], quotaPerUnit: 500_000 });
  });

  it('is absent from the seed and one-api flavors (404)', async () => {
    for (const flavor of ['seed', 'one-api'] as const) {
      const other = await startSimulator({ flavor });
      try {
        expect((await fetch(`${other.baseUrl}/api/log/token`, { headers: { authorization: `Bearer ${other.tokens.media}` } })).status).toBe(404);
      } finally {
        await other.close();
      }
    }
  });
});
