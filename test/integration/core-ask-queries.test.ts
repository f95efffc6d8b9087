import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askHoldMicros, tokenCostMicros } from '../../src/core/money/chat-cost.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';

let t: TestStack;

beforeAll(async () => {
  t = await createTestStack({ startPoller: false });
});
afterAll(() => t?.close());

async function ledgerMatches(): Promise<void> {
  expect(await ledgerNetCharged(t.store, 'operator')).toBe(t.sim.spentMicros(t.sim.tokens.media));
  expect(await openHolds(t.store)).toBe(0);
}

describe('ask', () => {
  it('holds an estimate, then charges from the returned usage, as the gateway billed', async () => {
    const prompt = 'What is the tallest mountain on Earth?';
    const r = await t.core.ask({ ...t.actor(), prompt });
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value.text).toContain('You said');
    expect(r.value.costMicros).toBe(tokenCostMicros(r.value.totalTokens, 2_000));
    expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
      { kind: 'hold', amount: askHoldMicros(prompt, 2_000, 1024) },
      { kind: 'charge', amount: r.value.costMicros },
    ]);
    expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(r.value.costMicros);
    await ledgerMatches();
  });

  it('releases the hold when the gateway fails, and refuses an image model', async () => {
    t.sim.addFault({ kind: 'server_error', endpoint: 'chat' });
    const r = await t.core.ask({ ...t.actor(), prompt: 'hello' });
    t.sim.clearFaults();
    expect(!r.ok && r.failure.code).toBe('gateway_down');
    expect(!r.ok && r.failure.money).toBe('released');
    const kind = await t.core.ask({ ...t.actor(), prompt: 'hello', model: 'alpha-image-2' });
    expect(!kind.ok && kind.failure.code).toBe('model_wrong_kind');
    await ledgerMatches();
  });
});

describe('models', () => {
  it('lists the token’s models with prices, filtered by kind; the cache answers synchronously afterwards', async () => {
    const fresh = t.actor({ user: 'newcomer' });
    // The operator token's list was warmed at start, so a member's very first keystroke already has it.
    expect(t.core.cachedModels(fresh).map((m) => m.id)).toContain('alpha-image-2');
    const r = await t.core.models(fresh, 'image');
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value.map((m) => m.id)).toContain('alpha-image-2');
    expect(r.value.every((m) => m.kind === 'image')).toBe(true);
    expect(r.value.find((m) => m.id === 'alpha-image-2')).toMatchObject({ unitMicros: 10_000, priceText: "$0.01 / image (gateway's published price)", onSale: true, priceSource: 'gateway', isDefault: true });
    expect(r.value.find((m) => m.id === 'beta-edit-max')).toMatchObject({ onSale: false, priceText: 'not on sale' });
    const cached = t.core.cachedModels(fresh, 'video');
    expect(cached.find((m) => m.id === 'gamma-video-1')?.priceText).toBe("$0.05 / second (gateway's published price)");
  });

  it('a text-group token sees only text models', async () => {
    const a = t.actor({ user: 'texty' });
    expect((await t.core.linkToken(a, t.sim.tokens.text, true)).ok).toBe(true);
    const r = await t.core.models(a);
    expect(r.ok && r.value.map((m) => m.kind)).toEqual(['text', 'text']);
    const un = await t.core.unlinkToken(a, true);
    expect(un.ok && un.value.text).toContain('removed');
    expect((await t.core.balance(a)).tokenSource).toBe('operator');
  });
});

describe('jobs, job, jobRequest, recordDelivery', () => {
  it('shows own jobs, any job of the scope by id, and nothing across scopes', async () => {
    const ann = t.actor({ user: 'ann' });
    const img = await t.core.imagine({ ...ann, prompt: 'a lighthouse', aspect: '9:16' });
    if (!img.ok) throw new Error(img.failure.code);
    const list = await t.core.jobs(ann);
    expect(list[0]).toMatchObject({ id: img.value.jobId, kind: 'imagine', status: 'succeeded', chargedMicros: 10_000, userExternalId: 'ann' });

    const bob = t.actor({ user: 'bob' });
    const seen = await t.core.job(bob, img.value.jobId.toUpperCase());
    expect(seen.ok && seen.value.userExternalId).toBe('ann');
    expect(seen.ok && seen.value.outputs).toHaveLength(1);

    const stranger = t.actor({ user: 'eve', scope: 'elsewhere' });
    const hidden = await t.core.job(stranger, img.value.jobId);
    expect(!hidden.ok && hidden.failure.code).toBe('job_not_found');
    const junk = await t.core.job(ann, 'not-a-job');
    expect(!junk.ok && junk.failure.code).toBe('job_not_found');

    const req = await t.core.jobRequest(bob, img.value.jobId);
    expect(req.ok && req.value).toMatchObject({ kind: 'imagine', prompt: 'a lighthouse', model: 'alpha-image-2', size: img.value.size });

    await t.core.recordDelivery(img.value.jobId, ['msg-1', 'msg-2']);
    expect((await t.app.jobs.get(img.value.jobId))?.delivered).toEqual({ messageIds: ['msg-1', 'msg-2'] });
  });
});

describe('explain', () => {
  it('renders the failure with its ref and logs the detail under the same ref, without secrets', async () => {
    t.sim.addFault({ kind: 'server_error', endpoint: 'image', times: 5 });
    const r = await t.core.imagine({ ...t.actor(), prompt: 'x' });
    t.sim.clearFaults();
    if (r.ok) throw new Error('expected a failure');
    const text = t.core.explain(r.failure);
    expect(text).toMatch(new RegExp(`\\nReference ${r.failure.ref}: [^\\n]+$`));
    expect(text).not.toMatch(/do_request_failed|request id/i);
    const line = t.logs().split('\n').find((l) => l.includes(r.failure.ref) && l.includes('failure shown to a user'));
    expect(line).toBeDefined();
    expect(line).toContain('do_request_failed');
    expect(t.logs()).not.toContain(t.sim.tokens.media);
  });
});

describe('fair use', () => {
  it('queues a second job of the same user and reports its position, then runs it', async () => {
    const s = await createTestStack({ startPoller: false, sim: { imageDelayMs: 300 }, env: { MAX_JOBS_PER_USER: '1' } });
    try {
      const a = s.actor();
      const events: string[] = [];
      const first = s.core.imagine({ ...a, prompt: 'one' }, { onStarted: () => events.push('1 started') });
      while (!events.includes('1 started')) await new Promise((r) => setTimeout(r, 5));
      const second = s.core.imagine({ ...a, prompt: 'two' }, { onQueued: (p) => events.push(`2 queued at ${p}`), onStarted: () => events.push('2 started') });
      const [r1, r2] = await Promise.all([first, second]);
      expect(r1.ok && r2.ok).toBe(true);
      expect(events).toEqual(['1 started', '2 queued at 1', '2 started']);
      expect(await ledgerNetCharged(s.store)).toBe(s.sim.spentMicros(s.sim.tokens.media));
    } finally {
      await s.close();
    }
  });
});
