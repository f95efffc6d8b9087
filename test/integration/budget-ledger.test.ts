import { afterEach, describe, expect, it } from 'vitest';
import type { ReserveRequest } from '../../src/core/budget/types.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { testEngines } from '../support/engines.js';

let t: TempStore;
afterEach(async () => t?.cleanup());

const req = (o: Partial<ReserveRequest> & { scopeId: string; userId: string }): ReserveRequest => ({ amountMicros: 10_000, jobId: 'j_x', tokenSource: 'scope', ...o });
async function holdOf(r: Promise<{ ok: boolean; holdId?: string }>): Promise<string> {
  const v = (await r) as { ok: true; holdId: string };
  expect(v.ok).toBe(true);
  return v.holdId;
}

const engines = await testEngines();

describe.each(engines)('budget ledger ($name)', (engine) => {
  describe('settle and release', () => {
    it('are idempotent, clamp to the hold and refuse crossing over', async () => {
      t = await makeTempStore({ engine });
      const { store, scopeId, userId } = t;
      const h1 = await holdOf(store.budgets.reserve(req({ scopeId, userId, amountMicros: 50_000 })));
      expect(await store.budgets.settle(h1, 80_000, { units: 1, unit: 'image' })).toEqual({ ok: true, chargedMicros: 50_000, clamped: true, repeated: false });
      expect(await store.budgets.settle(h1, 10_000, { units: 1, unit: 'image' })).toEqual({ ok: true, chargedMicros: 50_000, clamped: false, repeated: true });
      expect(await store.budgets.release(h1, 'late failure')).toEqual({ ok: false, reason: 'settled' });

      const h2 = await holdOf(store.budgets.reserve(req({ scopeId, userId, amountMicros: 30_000 })));
      expect(await store.budgets.release(h2, 'gateway failed')).toEqual({ ok: true, releasedMicros: 30_000, repeated: false });
      expect(await store.budgets.release(h2, 'again')).toEqual({ ok: true, releasedMicros: 30_000, repeated: true });
      expect(await store.budgets.settle(h2, 30_000, { units: 1, unit: 'image' })).toEqual({ ok: false, reason: 'released' });
      expect(await store.budgets.settle('h_missing', 1, { units: 1, unit: 'image' })).toEqual({ ok: false, reason: 'not_found' });

      const h3 = await holdOf(store.budgets.reserve(req({ scopeId, userId, amountMicros: 40_000 })));
      const [s1, s2] = await Promise.all([store.budgets.settle(h3, 20_000, { units: 2, unit: 'second' }), store.budgets.settle(h3, 20_000, { units: 2, unit: 'second' })]);
      expect([s1, s2].filter((s) => s.ok && !s.repeated)).toHaveLength(1);

      const bal = await store.budgets.balance(scopeId, userId);
      expect(bal).toMatchObject({ limitMicros: 1_000_000, spentMicros: 70_000, heldMicros: 0, remainingMicros: 930_000 });
      const entries = await store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros', 'hold_id']).orderBy('created_at').execute();
      expect(entries.filter((e) => e.kind === 'charge').map((e) => e.amount_micros).sort()).toEqual([20_000, 50_000]);
      expect(entries.filter((e) => e.kind === 'hold')).toHaveLength(3);
      expect(entries.filter((e) => e.kind === 'release')).toHaveLength(1);

      expect(await store.budgets.refund(h1, 'broken file')).toEqual({ ok: true, refundedMicros: 50_000, repeated: false });
      expect(await store.budgets.refund(h1, 'again')).toEqual({ ok: true, refundedMicros: 50_000, repeated: true });
      expect(await store.budgets.refund(h2, 'x')).toEqual({ ok: false, reason: 'not_settled' });
      expect((await store.budgets.balance(scopeId, userId)).spentMicros).toBe(20_000);
      await expect(store.budgets.reserve(req({ scopeId, userId, amountMicros: -1 }))).rejects.toThrow(RangeError);
      await expect(store.budgets.settle(h3, 1.5, { units: 1, unit: 'image' })).rejects.toThrow(RangeError);
    });
  });

  describe('periods', () => {
    it('day allowance resets at local midnight (America/New_York)', async () => {
      t = await makeTempStore({ engine, now: Date.parse('2024-03-10T03:00:00Z') }); // 22:00 on 9 March in New York
      const { store, scopeId, userId, clock } = t;
      await store.admin.setTimezone('operator', scopeId, 'America/New_York');
      await store.admin.setDefault('operator', scopeId, 20_000, 'day');
      await store.budgets.settle(await holdOf(store.budgets.reserve(req({ scopeId, userId, amountMicros: 20_000 }))), 20_000, { units: 1, unit: 'image' });
      const refused = await store.budgets.reserve(req({ scopeId, userId }));
      expect(refused).toMatchObject({ ok: false, reason: 'budget_exhausted', remainingMicros: 0, resetsAt: Date.parse('2024-03-10T05:00:00Z') });
      clock.set(Date.parse('2024-03-10T04:59:59.999Z'));
      expect((await store.budgets.reserve(req({ scopeId, userId }))).ok).toBe(false);
      clock.set(Date.parse('2024-03-10T05:00:00Z'));
      expect((await store.budgets.reserve(req({ scopeId, userId }))).ok).toBe(true);
      // that day is 23 hours long (DST starts): the next reset is at 04:00Z on 11 March
      expect((await store.budgets.balance(scopeId, userId)).resetsAt).toBe(Date.parse('2024-03-11T04:00:00Z'));
    });

    it.each([
      ['America/New_York', '2024-01-31T23:00:00Z', '2024-02-01T04:59:59Z', '2024-02-01T05:00:00Z'],
      ['Asia/Tokyo', '2024-02-29T10:00:00Z', '2024-02-29T14:59:59Z', '2024-02-29T15:00:00Z'],
    ])('month allowance resets at the local month end in %s', async (tz, spendAt, before, after) => {
      t = await makeTempStore({ engine, now: Date.parse(spendAt) });
      const { store, scopeId, userId, clock } = t;
      await store.admin.setTimezone('operator', scopeId, tz);
      await store.admin.setDefault('operator', scopeId, 10_000, 'month');
      await store.budgets.settle(await holdOf(store.budgets.reserve(req({ scopeId, userId }))), 10_000, { units: 1, unit: 'image' });
      clock.set(Date.parse(before));
      expect(await store.budgets.reserve(req({ scopeId, userId }))).toMatchObject({ ok: false, resetsAt: Date.parse(after) });
      clock.set(Date.parse(after));
      expect((await store.budgets.reserve(req({ scopeId, userId }))).ok).toBe(true);
    });

    it('a total allowance never resets', async () => {
      t = await makeTempStore({ engine });
      const { store, scopeId, userId, clock } = t;
      await store.admin.setDefault('operator', scopeId, 10_000, 'total');
      await store.budgets.settle(await holdOf(store.budgets.reserve(req({ scopeId, userId }))), 10_000, { units: 1, unit: 'image' });
      clock.advance(400 * 86_400_000);
      expect(await store.budgets.reserve(req({ scopeId, userId }))).toMatchObject({ ok: false, reason: 'budget_exhausted', resetsAt: null });
    });
  });

  describe('limits', () => {
    it('the pool caps all users together', async () => {
      t = await makeTempStore({ engine });
      const { store, scopeId, userId } = t;
      const bob = await store.directory.ensureUser({ platform: 'discord', externalId: '201' });
      await store.admin.setPool('operator', scopeId, 50_000, 'month');
      await holdOf(store.budgets.reserve(req({ scopeId, userId, amountMicros: 30_000 })));
      await holdOf(store.budgets.reserve(req({ scopeId, userId: bob.id, amountMicros: 20_000 })));
      const r = await store.budgets.reserve(req({ scopeId, userId: bob.id, amountMicros: 1 }));
      expect(r).toMatchObject({ ok: false, reason: 'pool_exhausted', remainingMicros: 0, resetsAt: Date.parse('2024-07-01T00:00:00Z') });
      expect((await store.budgets.balance(scopeId, bob.id)).pool).toMatchObject({ limitMicros: 50_000, heldMicros: 50_000, remainingMicros: 0 });
      await store.admin.clearPool('operator', scopeId);
      expect((await store.budgets.reserve(req({ scopeId, userId: bob.id, amountMicros: 1 }))).ok).toBe(true);
    });

    it('a blocked user is refused until unblocked; overrides beat the default', async () => {
      t = await makeTempStore({ engine });
      const { store, scopeId, userId } = t;
      await store.admin.block('operator', scopeId, userId);
      expect(await store.budgets.reserve(req({ scopeId, userId }))).toMatchObject({ ok: false, reason: 'blocked' });
      expect(await store.budgets.reserve(req({ scopeId, userId, tokenSource: 'personal' }))).toMatchObject({ ok: false, reason: 'blocked' });
      await store.admin.unblock('operator', scopeId, userId);
      await store.admin.setUserOverride('operator', scopeId, userId, 5_000, 'week');
      expect(await store.budgets.reserve(req({ scopeId, userId }))).toMatchObject({ ok: false, reason: 'budget_exhausted', remainingMicros: 5_000 });
      await store.admin.setUserOverride('operator', scopeId, userId, null, 'week');
      expect((await store.budgets.balance(scopeId, userId)).remainingMicros).toBeNull();
      await store.admin.clearUserOverride('operator', scopeId, userId);
      expect((await store.budgets.balance(scopeId, userId)).limitMicros).toBe(1_000_000);
    });

    it('adjustments add or remove room for the current period only', async () => {
      t = await makeTempStore({ engine });
      const { store, scopeId, userId, clock } = t;
      await store.admin.setDefault('operator', scopeId, 10_000, 'day');
      await store.admin.adjust('operator', scopeId, userId, 25_000, 'contest prize');
      expect(await store.budgets.balance(scopeId, userId)).toMatchObject({ adjustedMicros: 25_000, remainingMicros: 35_000 });
      await holdOf(store.budgets.reserve(req({ scopeId, userId, amountMicros: 35_000 })));
      await store.admin.adjust('operator', scopeId, userId, -5_000, 'correction');
      expect((await store.budgets.balance(scopeId, userId)).remainingMicros).toBe(0);
      clock.advance(86_400_000);
      expect(await store.budgets.balance(scopeId, userId)).toMatchObject({ adjustedMicros: 0, heldMicros: 35_000 });
    });

    it('personal-token spending skips the scope budget and pool, and obeys only the personal cap', async () => {
      t = await makeTempStore({ engine, allowance: 10_000 });
      const { store, scopeId, userId } = t;
      await store.admin.setPool('operator', scopeId, 10_000, 'day');
      const h = await holdOf(store.budgets.reserve(req({ scopeId, userId, amountMicros: 500_000, tokenSource: 'personal' })));
      await store.budgets.settle(h, 500_000, { units: 10, unit: 'second' });
      expect(await store.budgets.balance(scopeId, userId)).toMatchObject({ spentMicros: 0, heldMicros: 0, remainingMicros: 10_000, pool: { spentMicros: 0 } });
      expect((await store.budgets.reserve(req({ scopeId, userId, amountMicros: 10_000, tokenSource: 'operator' }))).ok).toBe(true);
      await store.admin.setPersonalCap(userId, userId, 600_000, 'month');
      expect((await store.budgets.reserve(req({ scopeId, userId, amountMicros: 100_000, tokenSource: 'personal' }))).ok).toBe(true);
      expect(await store.budgets.reserve(req({ scopeId, userId, amountMicros: 1, tokenSource: 'personal' }))).toMatchObject({ ok: false, reason: 'personal_cap_exhausted', remainingMicros: 0 });
      const charges = await store.db.selectFrom('ledger_entries').select(['token_source', 'units', 'unit']).where('kind', '=', 'charge').execute();
      expect(charges).toEqual([{ token_source: 'personal', units: 10, unit: 'second' }]);
    });

    it('an unconfigured scope uses the operator default; null means unlimited', async () => {
      t = await makeTempStore({ engine, allowance: null });
      const { store, scopeId, userId } = t;
      expect(await store.budgets.balance(scopeId, userId)).toMatchObject({ limitMicros: null, remainingMicros: null, period: 'day' });
      expect((await store.budgets.reserve(req({ scopeId, userId, amountMicros: 99_000_000 }))).ok).toBe(true);
    });
  });
});
