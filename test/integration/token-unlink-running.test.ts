import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';
import { testEngines } from '../support/engines.js';

let t: TestStack;
const delivery = new RecordingDelivery('console');
const target: DeliveryAddress = { surface: 'console', chatId: 'chat-1', userExternalId: 'u1' };

async function until(jobId: string, statuses: string[], ms = 8000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const j = await t.app.jobs.get(jobId);
    if (j && statuses.includes(j.status)) return j.status;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${j?.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const retired = async () => (await t.store.db.selectFrom('retired_tokens').select('id').execute()).length;

const engines = await testEngines();

describe.each(engines)('token unlink ($name)', (engine) => {
  beforeAll(async () => {
    // No operator token: the job can only be paid by the token the member linked.
    t = await createTestStack({ engine, deliveries: [delivery], operatorToken: null, env: { DEFAULT_ALLOWANCE: '5' }, sim: { video: { queuedMs: 100, runMs: 600, progressSteps: 3 } } });
  });
  afterAll(() => t?.close());

  describe('a job keeps the token it started with', () => {
    it('unlinking a personal token while a video renders: the video is delivered and charged, the reply says it keeps running', async () => {
      const a = t.actor({ user: 'u1' });
      expect((await t.core.linkToken(a, t.sim.tokens.media, true)).ok).toBe(true);
      const r = await t.core.startVideo({ ...a, prompt: 'a wave', seconds: 4, delivery: target });
      if (!r.ok) throw new Error(r.failure.code);
      const un = await t.core.unlinkToken(a, true);
      if (!un.ok) throw new Error(un.failure.code);
      expect(un.value.text).toMatch(/was removed/);
      expect(un.value.text).toMatch(/1 job started with it is still running: it keeps using this token until it ends and is charged on it; new requests no longer use it\./);
      expect(await retired()).toBe(1);

      // New jobs no longer use it (no operator token → nothing to pay with).
      const next = await t.core.startVideo({ ...a, prompt: 'another', seconds: 4, delivery: target });
      expect(next.ok).toBe(false);

      await delivery.waitFor((e) => e.type === 'video' && e.jobId === r.value.jobId);
      expect(await until(r.value.jobId, ['delivered'])).toBe('delivered');
      expect(delivery.events.some((e) => e.type === 'failure')).toBe(false);
      expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
        { kind: 'hold', amount: 200_000 },
        { kind: 'charge', amount: 200_000 },
      ]);
      expect(await ledgerNetCharged(t.store, 'personal')).toBe(t.sim.spentMicros(t.sim.tokens.media));
      expect(await openHolds(t.store)).toBe(0);

      // The kept copy goes once no unfinished job needs it.
      expect(await t.store.tokens.forgetRetired()).toBe(1);
      expect(await retired()).toBe(0);
    });

    it('replacing a community token while a video renders: the job finishes on the old token, the next on the new one', async () => {
      const a = t.actor({ scope: 'g2', user: 'u2', kind: 'group' });
      expect((await t.core.linkToken(a, t.sim.tokens.media, false)).ok).toBe(true);
      const before = t.sim.spentMicros(t.sim.tokens.media);
      const r = await t.core.startVideo({ ...a, prompt: 'a wave', seconds: 4, delivery: target });
      if (!r.ok) throw new Error(r.failure.code);
      expect((await t.core.linkToken(a, t.sim.tokens.poor, false)).ok).toBe(true);
      expect(await until(r.value.jobId, ['delivered'])).toBe('delivered');
      expect(t.sim.spentMicros(t.sim.tokens.media) - before).toBe(200_000);
      expect(await openHolds(t.store)).toBe(0);
    });
  });
});
