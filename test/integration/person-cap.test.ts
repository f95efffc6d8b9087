import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { testEngines } from '../support/engines.js';

/** PERSON_CAP: one person's spending on the operator's token, across every community. */
const engines = await testEngines();

describe.each(engines)('person cap ($name)', (engine) => {
  describe('PERSON_CAP', () => {
    let t: TestStack;
    beforeAll(async () => {
      t = await createTestStack({ engine, startPoller: false, env: { DEFAULT_ALLOWANCE: '5', PERSON_CAP: '0.02/day' } });
    });
    afterAll(() => t?.close());

    it('counts the operator token across communities; a community token is not limited by it', async () => {
      const inA = t.actor({ scope: 'cap-a', user: 'walker' });
      const inB = t.actor({ scope: 'cap-b', user: 'walker' });
      expect((await t.core.imagine({ ...inA, prompt: 'one' })).ok).toBe(true);
      expect((await t.core.imagine({ ...inB, prompt: 'two' })).ok).toBe(true);
      const before = t.sim.requests().length;
      const third = await t.core.imagine({ ...inB, prompt: 'three' });
      expect(third.ok).toBe(false);
      if (third.ok) return;
      expect(third.failure.code).toBe('person_cap_exhausted');
      const words = t.core.explain(third.failure);
      expect(words).toMatch(/This costs \$0\.01, and you have \$0\.00 left of the bot operator's limit per person, which counts your use in every community/);
      expect(words).toMatch(/Nothing was charged\./);
      expect(t.sim.requests().slice(before).filter((r) => r.endpoint === 'image')).toEqual([]);
      // Each community budget alone ($5) would have allowed it.
      expect((await t.core.balance(inB)).remainingMicros).toBe(4_990_000);

      // Another person is not affected; a community with its own token is not limited by the operator's cap.
      expect((await t.core.imagine({ ...t.actor({ scope: 'cap-b', user: 'other' }), prompt: 'x' })).ok).toBe(true);
      const inC = t.actor({ scope: 'cap-c', user: 'walker' });
      expect((await t.core.linkToken(inC, t.sim.tokens.media, false)).ok).toBe(true);
      expect((await t.core.imagine({ ...inC, prompt: 'own token' })).ok).toBe(true);

      expect(await ledgerNetCharged(t.store)).toBe(t.sim.spentMicros(t.sim.tokens.media));
      expect(await openHolds(t.store)).toBe(0);
    });

    it('is parsed from the environment and refused when malformed', () => {
      const base = { GATEWAY_BASE_URL: 'http://127.0.0.1:1' };
      expect(loadConfig({ ...base }).personCap).toBeUndefined();
      expect(loadConfig({ ...base, PERSON_CAP: '5' }).personCap).toEqual({ amount: '5', period: 'day' });
      expect(loadConfig({ ...base, PERSON_CAP: '$2.50/Week' }).personCap).toEqual({ amount: '2.50', period: 'week' });
      expect(() => loadConfig({ ...base, PERSON_CAP: 'lots' })).toThrow(/PERSON_CAP/);
    });
  });
});
