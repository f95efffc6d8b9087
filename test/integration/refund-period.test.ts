import { afterEach, describe, expect, it } from 'vitest';
import type { ReserveRequest } from '../../src/core/budget/types.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { testEngines } from '../support/engines.js';

/**
 * Issue 21's suspicion: "a refund landing in the next budget period credits that period". It did, on both engines:
 * a charge of yesterday given back today was subtracted from today's spending, so today's allowance went above its
 * limit (and a personal cap, a pool, the person cap alike). A refund now counts in the period of the charge it
 * gives back: yesterday's spending goes down, today's allowance stays what it is.
 */
let t: TempStore;
afterEach(async () => t?.cleanup());

const req = (o: Partial<ReserveRequest> & { scopeId: string; userId: string }): ReserveRequest => ({ amountMicros: 10_000, jobId: 'j_r', tokenSource: 'operator', ...o });

const engines = await testEngines();

describe.each(engines)('a refund after the period turned ($name)', (engine) => {
  it('does not credit the new period; it credits the period of the charge', async () => {
    t = await makeTempStore({ engine, now: Date.parse('2024-06-15T23:50:00Z') });
    const { store, scopeId, userId, clock } = t;
    await store.admin.setDefault('operator', scopeId, 50_000, 'day');
    const r = await store.budgets.reserve(req({ scopeId, userId, amountMicros: 40_000 }));
    if (!r.ok) throw new Error(r.reason);
    await store.budgets.settle(r.holdId, 40_000, { units: 1, unit: 'image' });
    expect((await store.budgets.balance(scopeId, userId)).remainingMicros).toBe(10_000);

    clock.set(Date.parse('2024-06-16T00:10:00Z')); // the next day: a fresh $0.05
    expect((await store.budgets.balance(scopeId, userId)).remainingMicros).toBe(50_000);
    expect(await store.budgets.refund(r.holdId, 'delivered file found broken')).toMatchObject({ ok: true, refundedMicros: 40_000 });
    const today = await store.budgets.balance(scopeId, userId);
    expect(today.spentMicros).toBe(0);
    expect(today.remainingMicros).toBe(50_000); // was 90,000: yesterday's refund credited today

    // What can be spent today is the day's allowance, not more.
    expect((await store.budgets.reserve(req({ scopeId, userId, amountMicros: 50_000 }))).ok).toBe(true);
    expect((await store.budgets.reserve(req({ scopeId, userId, amountMicros: 10_000, jobId: 'j_more' }))).ok).toBe(false);

    // The ledger still nets to zero for that job, and the refund is dated with the charge it gives back.
    const entries = await store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros', 'created_at']).where('hold_id', '=', r.holdId).execute();
    const charge = entries.find((e) => e.kind === 'charge');
    const refund = entries.find((e) => e.kind === 'refund');
    expect(refund?.amount_micros).toBe(charge?.amount_micros);
    expect(Number(refund?.created_at)).toBe(Number(charge?.created_at));
  });
});
