/**
 * Waiting is not failing, fees are told, slow models get their own deadline — through the core, on the simulator:
 * - new-api's per-token concurrency gate (429 `token_concurrency_limit_reached`, 503 `token_concurrency_unavailable`,
 *   a bare 429) keeps a job waiting with its hold, its position told, until it gets through: one delivery, one charge,
 *   no failure words; at its deadline it is released with words that say it waited and was never taken;
 * - a refusal with a `violation_fee.*` code says the gateway may have charged a fee, never "nothing was charged", and
 *   records a possible gateway loss of the job (the simulator bills the fee);
 * - a model slower than the default deadline succeeds within its own (`GATEWAY_DEADLINES`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobHooks } from '../../src/core/api/actor.js';
import { describeFailure } from '../../src/core/messages/failure-text.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { gatewayLosses, ledgerNetCharged, openHolds } from '../support/ledger.js';

let t: TestStack;
const IMAGE_BILL = 10_000; // what the simulator bills for one alpha-image-2 image
const MODEL = 'alpha-image-2';

/** Records what a job told its member while it ran. */
function recorder(): { hooks: JobHooks; waits: number[]; working: number[] } {
  const r = { waits: [] as number[], working: [] as number[], hooks: {} as JobHooks };
  r.hooks = { onWaiting: (a) => r.waits.push(a), onWorking: (ms) => r.working.push(ms) };
  return r;
}

beforeAll(async () => {
  // Kinds wait at most 4 s by default here; `alpha-image-2` (the slow model of the last case) gets 6 s of its own.
  t = await createTestStack({ env: { DEFAULT_ALLOWANCE: '10', GATEWAY_TIMEOUT_MS: '4000', MAX_JOBS_PER_USER: '8' }, startPoller: false });
  expect((await t.core.models(t.actor())).ok).toBe(true);
});
afterEach(() => {
  t.sim.clearFaults();
  t.sim.gate.configure(undefined);
  t.sim.gate.setUnavailable(false);
});
afterAll(() => t?.close());

describe('the concurrency gate: waiting, not failing', () => {
  it('3 busy answers (429 gate, 503 gate, bare 429) then success: one delivery, one charge, the wait told, no failure words', async () => {
    t.sim.clearRequests();
    t.sim.addFault({ kind: 'concurrency_limit', endpoint: 'image', times: 1 });
    t.sim.addFault({ kind: 'concurrency_unavailable', endpoint: 'image', times: 1 });
    t.sim.addFault({ kind: 'rate_limit_no_header', endpoint: 'image', times: 1 });
    const spentBefore = t.sim.spentMicros(t.sim.tokens.media);
    const chargedBefore = await ledgerNetCharged(t.store);
    const seen = recorder();
    const r = await t.core.imagine({ ...t.actor({ user: 'gate-1' }), prompt: 'a lighthouse', model: MODEL }, seen.hooks);
    expect(r.ok ? 'ok' : describeFailure(r.failure).text).toBe('ok');
    if (!r.ok) return;
    expect(r.value.images).toHaveLength(1);
    expect(r.value.costMicros).toBeGreaterThan(0);
    expect(t.sim.requests().filter((q) => q.endpoint === 'image')).toHaveLength(4);
    expect(t.sim.spentMicros(t.sim.tokens.media) - spentBefore).toBe(IMAGE_BILL);
    expect((await ledgerNetCharged(t.store)) - chargedBefore).toBe(r.value.costMicros);
    expect(await openHolds(t.store)).toBe(0);
    expect(seen.waits).toEqual([0]); // alone in line: "you are next", told once
    expect(seen.working).toEqual([0]); // the wait ended: working
    expect(t.logs()).not.toMatch(/gateway_busy/);
  });

  it('more jobs than the gate lets in: each waits in line with its position, all delivered and charged once', async () => {
    t.sim.gate.configure({ limit: 1 });
    t.sim.gate.occupy(t.sim.tokens.media, 1, 1_500); // another client of the token holds the only slot for 1.5 s
    const spentBefore = t.sim.spentMicros(t.sim.tokens.media);
    const stormEnds = Date.now() + 1_500;
    const seen = [recorder(), recorder(), recorder(), recorder()];
    const done: number[] = [];
    const results = await Promise.all(
      seen.map(async (s, i) => {
        await new Promise((res) => setTimeout(res, i * 50)); // arrive in order
        const r = await t.core.imagine({ ...t.actor({ user: `line-${i}` }), prompt: `queued ${i}`, model: MODEL }, s.hooks);
        done.push(Date.now());
        return r;
      }),
    );
    expect(results.map((r) => (r.ok ? 'ok' : r.failure.code))).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(t.sim.spentMicros(t.sim.tokens.media) - spentBefore).toBe(4 * IMAGE_BILL);
    expect(t.sim.gate.refused()).toBeGreaterThan(0);
    // Who arrived later was told more people ahead when it joined.
    expect(seen.map((s) => s.waits[0])).toEqual([0, 1, 2, 3]);
    for (const s of seen) expect([...s.waits].sort((a, b) => b - a)).toEqual(s.waits); // the position only goes down
    expect(await openHolds(t.store)).toBe(0);
    const lastMs = Math.max(...done) - stormEnds;
    console.log(`[measure] 4 image jobs queued behind a 1.5 s gate storm (limit 1): last delivered ${lastMs} ms after the storm ended`);
    expect(lastMs).toBeLessThan(5_000);
  });

  it('a gate that stays closed until the deadline: hold released, the member told it waited and was never taken', async () => {
    t.sim.gate.setUnavailable(true);
    const spentBefore = t.sim.spentMicros(t.sim.tokens.media);
    const r = await t.core.imagine({ ...t.actor({ user: 'gate-closed' }), prompt: 'never taken', model: MODEL });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure.code).toBe('gateway_busy');
    expect(r.failure.money).toBe('released');
    const text = describeFailure(r.failure).text;
    expect(text).toMatch(/^The gateway is busy right now: this request waited \d+ s for a free place and the gateway never took it\./);
    expect(text).toContain('Your hold was released: nothing was charged.');
    expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(spentBefore);
    expect(await openHolds(t.store)).toBe(0);
  });
});

describe('violation fees', () => {
  it('a violation_fee refusal: the fee is told, never "nothing was charged"; the member is not charged; a possible loss is recorded', async () => {
    const chargedBefore = await ledgerNetCharged(t.store);
    const imageRequestsBefore = t.sim.requests().filter((q) => q.endpoint === 'image').length;
    const lossRowsBefore = await t.store.db.selectFrom('gateway_losses').selectAll().where('reason', '=', 'violation_fee').execute();
    const r = await t.core.imagine({ ...t.actor({ user: 'fee-1' }), prompt: 'something refused [[fault:violation_fee]]', model: MODEL });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure.code).toBe('content_refused_fee');
    expect(r.failure.money).toBe('released');
    const text = describeFailure(r.failure).text;
    expect(text).not.toMatch(/nothing was charged/i);
    expect(text).toContain("may have charged the bot's token a violation fee");
    // The gateway billed its fee; the bot charged nobody and recorded the job as a possible loss of unknown amount.
    const fees = t.sim.fees(t.sim.tokens.media);
    expect(fees.at(-1)).toMatchObject({ code: 'violation_fee.grok.csam', micros: 50_000, model: MODEL });
    expect((await ledgerNetCharged(t.store)) - chargedBefore).toBe(0);
    const rows = await t.store.db.selectFrom('gateway_losses').selectAll().where('reason', '=', 'violation_fee').execute();
    expect(rows.length - lossRowsBefore.length).toBe(1);
    const row = rows.find((x) => !lossRowsBefore.some((b) => b.id === x.id))!;
    expect(row).toMatchObject({ job_id: r.failure.jobId, token_source: 'operator', certain: 0 });
    expect(Number(row.amount_micros)).toBe(0);
    const job = await t.store.db.selectFrom('jobs').select(['status', 'error_code']).where('id', '=', r.failure.jobId!).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'failed', error_code: 'content_refused_fee' });
    expect(await gatewayLosses(t.store)).toBeGreaterThanOrEqual(0);
    // Never re-sent: a violation fee is final.
    expect(t.sim.requests().filter((q) => q.endpoint === 'image').length - imageRequestsBefore).toBe(1);
  });
});

describe('per-model deadlines', () => {
  it('a model slower than the default deadline fails by it, and succeeds within its own deadline from GATEWAY_DEADLINES', async () => {
    const slowAnswerMs = 5_000; // longer than the 4 s default of every kind here
    t.sim.addFault({ kind: 'slow', endpoint: 'image', slowMs: slowAnswerMs, times: 1 });
    const r1 = await t.core.imagine({ ...t.actor({ user: 'slow-1' }), prompt: 'slow by default', model: MODEL });
    expect(!r1.ok && r1.failure.code).toBe('gateway_timeout');
    await new Promise((res) => setTimeout(res, slowAnswerMs - 3_900)); // let the abandoned answer end

    const slow = await createTestStack({
      env: { DEFAULT_ALLOWANCE: '10', GATEWAY_TIMEOUT_MS: '4000', GATEWAY_DEADLINES: 'image=4,alpha-image-2=8' },
      startPoller: false,
    });
    try {
      slow.sim.addFault({ kind: 'slow', endpoint: 'image', slowMs: slowAnswerMs, times: 1 });
      const seen = recorder();
      const started = Date.now();
      const r2 = await slow.core.imagine({ ...slow.actor({ user: 'slow-2' }), prompt: 'slow but given time', model: MODEL }, seen.hooks);
      expect(r2.ok ? 'ok' : r2.failure.code).toBe('ok');
      expect(Date.now() - started).toBeGreaterThanOrEqual(slowAnswerMs);
      expect(slow.sim.spentMicros(slow.sim.tokens.media)).toBe(IMAGE_BILL);
    } finally {
      await slow.close();
    }
  }, 30_000);
});
