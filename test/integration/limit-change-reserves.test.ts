import { afterEach, describe, expect, it } from 'vitest';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { testEngines } from '../support/engines.js';

/**
 * A member's limit lowered while reserves are in flight (PostgreSQL runs queued reserves as groups in one READ
 * COMMITTED transaction; the limits row is read, not locked). The decision this test pins down: a reserve counts
 * against the limit it read, and it reads limits only after it was asked for, so a reserve that passes on the OLD
 * limit was asked for before the change committed — it is ordered just before the change, as a reserve that finished
 * a moment earlier would be, and holds made before a change are never revoked. What must never happen, and is
 * checked: a reserve asked for after the change was acknowledged passing on the old limit. The overshoot of the new
 * limit is therefore bounded by the reserves already asked for when the change landed (each capped by the old limit),
 * not by "one job's price", on every engine.
 */

let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

const engines = await testEngines();

describe.each(engines)('a limit lowered during a burst of reserves ($name)', (engine) => {
  it('reserves asked for after the change is acknowledged all meet the new limit; earlier ones at most the old', async () => {
    t = await makeTempStore({ engine, allowance: 1_000_000, period: 'day' });
    const { store, scopeId, userId } = t;
    let changed = false;
    const before: Promise<{ ok: boolean }>[] = [];
    // 60 reserves of $0.01 asked for while the limit goes from $1.00 to $0.05.
    for (let i = 0; i < 60; i++) before.push(store.budgets.reserve({ scopeId, userId, amountMicros: 10_000, jobId: `j_b${i}`, tokenSource: 'scope' }));
    const change = store.admin.setUserOverride('test', scopeId, userId, 50_000, 'day').then(() => (changed = true));
    for (let i = 60; i < 100; i++) before.push(store.budgets.reserve({ scopeId, userId, amountMicros: 10_000, jobId: `j_b${i}`, tokenSource: 'scope' }));
    await change;
    expect(changed).toBe(true);
    const heldAtChange = (await store.budgets.balance(scopeId, userId)).heldMicros;
    const early = await Promise.all(before);
    // Asked for before the change: at most what the old $1.00 allowed (100 × $0.01).
    expect(early.filter((r) => r.ok).length).toBeLessThanOrEqual(100);
    const heldBefore = (await store.budgets.balance(scopeId, userId)).heldMicros;
    expect(heldBefore).toBeGreaterThanOrEqual(heldAtChange);

    // Asked for after the change was acknowledged: only what the new $0.05 leaves, none if the earlier ones used it.
    const after = await Promise.all(Array.from({ length: 40 }, (_, i) => store.budgets.reserve({ scopeId, userId, amountMicros: 10_000, jobId: `j_a${i}`, tokenSource: 'scope' })));
    const allowedAfter = Math.max(0, Math.floor((50_000 - heldBefore) / 10_000));
    expect(after.filter((r) => r.ok)).toHaveLength(allowedAfter);
    const bal = await store.budgets.balance(scopeId, userId);
    expect(bal.limitMicros).toBe(50_000);
    expect(bal.heldMicros).toBeLessThanOrEqual(Math.max(heldBefore, 50_000));
    console.log(`[measure] ${engine.name}: held when the change was acknowledged $${heldAtChange / 1e6}, by the 100 earlier reserves $${heldBefore / 1e6}, after 40 more $${bal.heldMicros / 1e6} (new limit $0.05)`);
  });
});
