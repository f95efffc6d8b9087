import { afterEach, describe, expect, it } from 'vitest';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { testEngines } from '../support/engines.js';

/** The owner page's reads on each engine: the operator token's day (charges − refunds, open holds), all scopes, a member's scopes. */
const engines = await testEngines();
let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

describe.each(engines)('owner queries ($name)', (engine) => {
  it("operatorUse sums the operator token's charges minus refunds since a moment and its open holds, nothing else", async () => {
    t = await makeTempStore({ engine });
    const b = t.store.budgets;
    const since = t.clock.now();
    const settled = await b.reserve({ scopeId: t.scopeId, userId: t.userId, amountMicros: 30_000, jobId: null, tokenSource: 'operator' });
    const refunded = await b.reserve({ scopeId: t.scopeId, userId: t.userId, amountMicros: 20_000, jobId: null, tokenSource: 'operator' });
    const open = await b.reserve({ scopeId: t.scopeId, userId: t.userId, amountMicros: 7_000, jobId: null, tokenSource: 'operator' });
    const scopeToken = await b.reserve({ scopeId: t.scopeId, userId: t.userId, amountMicros: 50_000, jobId: null, tokenSource: 'scope' });
    if (!settled.ok || !refunded.ok || !open.ok || !scopeToken.ok) throw new Error('holds refused');
    await b.settle(settled.holdId, 25_000, { units: 1, unit: 'image' });
    await b.settle(refunded.holdId, 20_000, { units: 1, unit: 'image' });
    await b.refund(refunded.holdId, 'test');
    await b.settle(scopeToken.holdId, 50_000, { units: 1, unit: 'image' });
    expect(await b.operatorUse(since)).toEqual({ spentMicros: 25_000, heldMicros: 7_000 });
    expect(await b.operatorUse(t.clock.now() + 1)).toEqual({ spentMicros: 0, heldMicros: 7_000 });
  });

  it('allScopes lists every scope; memberScopes the ones a user was seen in, most recent first', async () => {
    t = await makeTempStore({ engine });
    const dir = t.store.directory;
    const a = await dir.ensureScope({ platform: 'telegram', externalId: '-1001', title: 'A' });
    const c = await dir.ensureScope({ platform: 'telegram', externalId: '-1003', title: 'C' });
    await dir.touchMember(a.id, t.userId);
    t.clock.advance(1_000);
    await dir.touchMember(c.id, t.userId);
    expect((await dir.allScopes()).map((s) => s.id).sort()).toEqual([t.scopeId, a.id, c.id].sort());
    const mine = await dir.memberScopes(t.userId, 10);
    expect(mine.slice(0, 2).map((s) => s.title)).toEqual(['C', 'A']);
    expect(await dir.memberScopes(t.userId, 1)).toHaveLength(1);
  });
});
