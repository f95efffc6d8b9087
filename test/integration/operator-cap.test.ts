import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { testEngines } from '../support/engines.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';

/**
 * OPERATOR_DAILY_CAP: what jobs paid by the operator's token hold and spend together per UTC day, across every
 * community, on the real stack (simulator gateway, real store and migrations) of each engine.
 */
const engines = await testEngines();

const ENV = { DEFAULT_ALLOWANCE: '5', MAX_JOBS_PER_USER: '50', MAX_JOBS_PER_SCOPE: '500', USER_COOLDOWN_MS: '0', OWNER_IDS: 'telegram:900' };

describe.each(engines)('operator daily cap ($name)', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await createTestStack({ engine, startPoller: false, env: { ...ENV, OPERATOR_DAILY_CAP: '0.10' } });
  });
  afterAll(() => t?.close());

  it('three communities of parallel members never pass it by one job; refused before the gateway, with true words; owners told once', async () => {
    const members = ['a', 'b', 'c'].flatMap((scope) => Array.from({ length: 10 }, (_, i) => t.actor({ platform: 'telegram', scope: `cap-${scope}`, user: `${scope}${i}` })));
    const results = await Promise.all(members.map((m, i) => t.core.imagine({ ...m, prompt: `cat ${i}` })));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(10); // $0.10 / $0.01: not one more
    const refused = results.filter((r) => !r.ok);
    for (const r of refused) if (!r.ok) expect(r.failure.code).toBe('operator_cap_exhausted');
    expect(t.sim.requests().filter((r) => r.endpoint === 'image')).toHaveLength(10);
    expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(100_000);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(100_000);
    expect(await openHolds(t.store)).toBe(0);

    const first = refused[0]!;
    if (first.ok) return;
    const words = t.core.explain(first.failure);
    expect(words).toMatch(/This costs \$0\.01, and the bot's shared budget for today has \$0\.00 left/);
    expect(words).toMatch(/It resets tomorrow at 00:00 UTC/);
    expect(words).toMatch(/Nothing was charged\./);
    // Each community budget alone ($5 each) would have allowed it.
    expect((await t.core.balance(members[29]!)).remainingMicros).toBeGreaterThan(4_900_000);

    // The log says it once; an owner reads it once, in any chat; a member never.
    const warned = t.logs().split('\n').filter((l) => l.includes('OPERATOR_DAILY_CAP reached'));
    expect(warned).toHaveLength(1);
    expect(await t.core.adminAlerts(t.actor({ platform: 'telegram', scope: 'cap-a', user: 'a1' }))).toEqual([]);
    const owner = t.actor({ platform: 'telegram', scope: 'owner-dm', user: '900', kind: 'private' });
    const notices = await t.core.adminAlerts(owner);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/shared daily budget on its own gateway token \(\$0\.10 per UTC day, OPERATOR_DAILY_CAP\) is used up/);
    expect(await t.core.adminAlerts(owner)).toEqual([]);
    const again = await t.core.imagine({ ...members[0]!, prompt: 'once more' });
    expect(again.ok).toBe(false);
    expect(t.logs().split('\n').filter((l) => l.includes('OPERATOR_DAILY_CAP reached'))).toHaveLength(1);
    expect(await t.core.adminAlerts(owner)).toEqual([]);

    // A community with its own token and a person with their own are not counted nor limited.
    const own = t.actor({ platform: 'telegram', scope: 'cap-own', user: 'o1' });
    expect((await t.core.linkToken(own, t.sim.tokens.media, false)).ok).toBe(true);
    expect((await t.core.imagine({ ...own, prompt: 'own token' })).ok).toBe(true);
    const personal = t.actor({ platform: 'telegram', scope: 'cap-a', user: 'p1' });
    expect((await t.core.linkToken(personal, t.sim.tokens.media, true)).ok).toBe(true);
    expect((await t.core.imagine({ ...personal, prompt: 'my token' })).ok).toBe(true);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(100_000);
  });
});

describe.each(engines)('operator daily cap: held money ($name)', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await createTestStack({ engine, startPoller: false, env: { ...ENV, OPERATOR_DAILY_CAP: '0.10' } });
  });
  afterAll(() => t?.close());

  it('counts money held by running jobs; a release and a refund free it', async () => {
    const a = t.actor({ platform: 'discord', scope: 'held-a', user: 'u1' });
    const b = t.actor({ platform: 'discord', scope: 'held-b', user: 'u2' });
    // Another community's running job holds $0.095 of the operator's token.
    const ids = await t.core.imagine({ ...a, prompt: 'warm up' }); // creates the scope and user rows; $0.01 charged
    expect(ids.ok).toBe(true);
    const scopeA = (await t.store.directory.findScope({ platform: 'discord', externalId: 'held-a' }))!;
    const userA = (await t.store.directory.findUser({ platform: 'discord', externalId: 'u1' }))!;
    const hold = await t.store.budgets.reserve({ scopeId: scopeA.id, userId: userA.id, amountMicros: 85_000, jobId: null, tokenSource: 'operator' });
    expect(hold.ok).toBe(true);
    if (!hold.ok) return;
    const before = t.sim.requests().length;
    const refused = await t.core.imagine({ ...b, prompt: 'no room' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.failure.code).toBe('operator_cap_exhausted');
    expect(refused.failure.details).toMatchObject({ costMicros: 10_000, remainingMicros: 5_000 });
    expect(t.sim.requests().slice(before).filter((r) => r.endpoint === 'image')).toEqual([]);

    expect((await t.store.budgets.release(hold.holdId, 'test')).ok).toBe(true);
    expect((await t.core.imagine({ ...b, prompt: 'room again' })).ok).toBe(true);

    // A charge of today counts; its refund gives the room back.
    const charged = await t.store.budgets.reserve({ scopeId: scopeA.id, userId: userA.id, amountMicros: 80_000, jobId: null, tokenSource: 'operator' });
    expect(charged.ok).toBe(true);
    if (!charged.ok) return;
    expect((await t.store.budgets.settle(charged.holdId, 80_000, { units: 1, unit: 'image' })).ok).toBe(true);
    expect((await t.core.imagine({ ...b, prompt: 'full' })).ok).toBe(false);
    expect((await t.store.budgets.refund(charged.holdId, 'test')).ok).toBe(true);
    expect((await t.core.imagine({ ...b, prompt: 'refunded room' })).ok).toBe(true);
    expect(await openHolds(t.store)).toBe(0);
  });
});

describe.each(engines)('operator daily cap: the UTC day ($name)', (engine) => {
  let s: TempStore | undefined;
  afterAll(async () => s?.cleanup());

  it("yesterday's charges stop counting at 00:00 UTC, a hold still open does not; scope and personal tokens never count", async () => {
    s = await makeTempStore({ engine, allowance: null, now: Date.parse('2026-03-10T23:30:00Z'), operatorDailyCapMicros: 100_000 });
    const { store, scopeId, userId, clock } = s;
    const other = await store.directory.ensureScope({ platform: 'telegram', externalId: '-100777' });
    const reserve = (amount: number, tokenSource: 'operator' | 'scope' | 'personal' = 'operator', scope = scopeId) =>
      store.budgets.reserve({ scopeId: scope, userId, amountMicros: amount, jobId: null, tokenSource });
    const spent = await reserve(60_000);
    if (!spent.ok) throw new Error('first reserve refused');
    await store.budgets.settle(spent.holdId, 60_000, { units: 1, unit: 'image' });
    const open = await reserve(30_000, 'operator', other.id);
    expect(open.ok).toBe(true);
    expect(await reserve(20_000, 'operator', other.id)).toMatchObject({ ok: false, reason: 'operator_cap_exhausted', remainingMicros: 10_000, resetsAt: Date.parse('2026-03-11T00:00:00Z') });
    // Other tokens are the communities' and people's own money.
    expect((await reserve(500_000, 'scope')).ok).toBe(true);
    expect((await reserve(500_000, 'personal')).ok).toBe(true);
    clock.advance(31 * 60_000); // 00:01 UTC: the $0.06 charge was yesterday's, the $0.03 hold still runs
    expect((await reserve(70_000)).ok).toBe(true);
    expect(await reserve(1)).toMatchObject({ ok: false, reason: 'operator_cap_exhausted', remainingMicros: 0 });
  });
});

describe('operator daily cap: the settings', () => {
  it('defaults to $5 a UTC day; off turns it off; 0 allows no job on the operator token; anything else is refused', () => {
    const base = { GATEWAY_BASE_URL: 'http://127.0.0.1:1' };
    expect(loadConfig(base).operatorDailyCap).toBe('5');
    expect(loadConfig({ ...base, OPERATOR_DAILY_CAP: 'off' }).operatorDailyCap).toBeNull();
    expect(loadConfig({ ...base, OPERATOR_DAILY_CAP: '$12.50' }).operatorDailyCap).toBe('12.50');
    expect(loadConfig({ ...base, OPERATOR_DAILY_CAP: '0' }).operatorDailyCap).toBe('0');
    expect(() => loadConfig({ ...base, OPERATOR_DAILY_CAP: '5/week' })).toThrow(/OPERATOR_DAILY_CAP/);
    expect(() => loadConfig({ ...base, OPERATOR_DAILY_CAP: '-1' })).toThrow(/OPERATOR_DAILY_CAP/);
    expect(loadConfig(base).operatorTokenAccess).toBe('open');
    expect(() => loadConfig({ ...base, OPERATOR_TOKEN_ACCESS: 'closed' })).toThrow(/OPERATOR_TOKEN_ACCESS/);
  });

  it('0: every job on the operator token is refused free, a community token still works; off: no cap', async () => {
    const zero = await createTestStack({ startPoller: false, env: { ...ENV, OPERATOR_DAILY_CAP: '0' } });
    try {
      const r = await zero.core.imagine({ ...zero.actor(), prompt: 'x' });
      expect(r.ok ? 'ok' : r.failure.code).toBe('operator_cap_exhausted');
      expect(zero.sim.requests().filter((q) => q.endpoint === 'image')).toEqual([]);
      const own = zero.actor({ scope: 'own' });
      expect((await zero.core.linkToken(own, zero.sim.tokens.media, false)).ok).toBe(true);
      expect((await zero.core.imagine({ ...own, prompt: 'y' })).ok).toBe(true);
    } finally {
      await zero.close();
    }
    const off = await createTestStack({ startPoller: false, env: { ...ENV, DEFAULT_ALLOWANCE: 'none', OPERATOR_DAILY_CAP: 'off' } });
    try {
      const rs = await Promise.all(Array.from({ length: 12 }, (_, i) => off.core.imagine({ ...off.actor({ user: `u${i}` }), prompt: 'x', count: 4 })));
      expect(rs.every((r) => r.ok)).toBe(true); // 48 images, $0.48: no cap in the way
    } finally {
      await off.close();
    }
  });
});
