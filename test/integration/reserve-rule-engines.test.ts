import { afterAll, describe, expect, it } from 'vitest';
import type { ReserveRequest, ReserveResult } from '../../src/core/budget/types.js';
import type { TokenSource } from '../../src/core/failures.js';
import { testEngines } from '../support/engines.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';

/**
 * ONE table of reserve cases, run on every engine (SQLite, and PostgreSQL when it answers): each case sets up limits
 * and spending with the real admin service and ledger, then reserves once. Every engine must give the expected answer
 * — so both engines agree — including what is left and when the window resets. The operator default is $1 a day;
 * the clock starts at 2024-06-15 12:00 UTC.
 */
const START = Date.parse('2024-06-15T12:00:00Z');
const NEXT_MIDNIGHT = Date.parse('2024-06-16T00:00:00Z');

interface Case {
  name: string;
  setup?: (t: TempStore, reserve: (amount: number, source?: TokenSource) => Promise<ReserveResult>) => Promise<void>;
  personCap?: { limitMicros: number; period: 'day' | 'week' };
  amount: number;
  source?: TokenSource;
  expected: { ok: true } | { ok: false; reason: string; remainingMicros: number; resetsAt: number | null };
}

async function spend(t: TempStore, amount: number, source: TokenSource = 'scope'): Promise<void> {
  const r = await t.store.budgets.reserve({ scopeId: t.scopeId, userId: t.userId, amountMicros: amount, jobId: null, tokenSource: source });
  if (!r.ok) throw new Error(`setup reserve refused: ${r.reason}`);
  const s = await t.store.budgets.settle(r.holdId, amount, { units: 1, unit: 'image' });
  if (!s.ok) throw new Error('setup settle failed');
}

const cases: Case[] = [
  { name: 'exactly the allowance fits', amount: 1_000_000, expected: { ok: true } },
  { name: 'one micro-dollar over the allowance', amount: 1_000_001, expected: { ok: false, reason: 'budget_exhausted', remainingMicros: 1_000_000, resetsAt: NEXT_MIDNIGHT } },
  { name: 'a blocked user', setup: (t) => t.store.admin.block('test', t.scopeId, t.userId).then(() => undefined), amount: 1, expected: { ok: false, reason: 'blocked', remainingMicros: 0, resetsAt: null } },
  {
    name: "the user's override wins over the scope default",
    setup: async (t) => {
      await t.store.admin.setDefault('test', t.scopeId, 5_000_000, 'day');
      await t.store.admin.setUserOverride('test', t.scopeId, t.userId, 500_000, 'day');
    },
    amount: 600_000,
    expected: { ok: false, reason: 'budget_exhausted', remainingMicros: 500_000, resetsAt: NEXT_MIDNIGHT },
  },
  {
    name: "the scope's weekly default replaces the operator's",
    setup: (t) => t.store.admin.setDefault('test', t.scopeId, 2_000_000, 'week').then(() => undefined),
    amount: 2_000_001,
    expected: { ok: false, reason: 'budget_exhausted', remainingMicros: 2_000_000, resetsAt: Date.parse('2024-06-17T00:00:00Z') },
  },
  { name: 'an unlimited default', setup: (t) => t.store.admin.setDefault('test', t.scopeId, null, 'day').then(() => undefined), amount: 50_000_000, expected: { ok: true } },
  {
    name: 'the pool cap refuses what the allowance allows',
    setup: (t) => t.store.admin.setPool('test', t.scopeId, 300_000, 'month').then(() => undefined),
    amount: 400_000,
    expected: { ok: false, reason: 'pool_exhausted', remainingMicros: 300_000, resetsAt: Date.parse('2024-07-01T00:00:00Z') },
  },
  {
    name: 'the pool counts earlier charges, and a pool set after them',
    setup: async (t) => {
      await spend(t, 300_000);
      await t.store.admin.setPool('test', t.scopeId, 500_000, 'month');
    },
    amount: 300_000,
    expected: { ok: false, reason: 'pool_exhausted', remainingMicros: 200_000, resetsAt: Date.parse('2024-07-01T00:00:00Z') },
  },
  {
    name: 'a pool cleared stops counting',
    setup: async (t) => {
      await t.store.admin.setPool('test', t.scopeId, 100_000, 'month');
      await spend(t, 100_000);
      await t.store.admin.clearPool('test', t.scopeId);
    },
    amount: 900_000,
    expected: { ok: true },
  },
  {
    name: 'open holds count like charges',
    setup: async (t, reserve) => {
      expect((await reserve(600_000)).ok).toBe(true);
    },
    amount: 600_000,
    expected: { ok: false, reason: 'budget_exhausted', remainingMicros: 400_000, resetsAt: NEXT_MIDNIGHT },
  },
  {
    name: 'an adjustment gives more room this period',
    setup: (t) => t.store.admin.adjust('test', t.scopeId, t.userId, 500_000, 'prize').then(() => undefined),
    amount: 1_500_000,
    expected: { ok: true },
  },
  {
    name: 'one millisecond before the period ends the spend still counts',
    setup: async (t) => {
      await spend(t, 1_000_000);
      t.clock.set(NEXT_MIDNIGHT - 1);
    },
    amount: 1,
    expected: { ok: false, reason: 'budget_exhausted', remainingMicros: 0, resetsAt: NEXT_MIDNIGHT },
  },
  {
    name: 'at the period start the allowance is whole again',
    setup: async (t) => {
      await spend(t, 1_000_000);
      t.clock.set(NEXT_MIDNIGHT);
    },
    amount: 1_000_000,
    expected: { ok: true },
  },
  {
    name: "periods follow the scope's time zone",
    setup: async (t) => {
      await t.store.admin.setTimezone('test', t.scopeId, 'Asia/Tokyo'); // 12:00 UTC = 21:00 in Tokyo
      await spend(t, 1_000_000);
      t.clock.set(Date.parse('2024-06-15T15:00:00Z')); // midnight in Tokyo
    },
    amount: 1_000_000,
    expected: { ok: true },
  },
  { name: 'a personal token ignores the allowance', amount: 5_000_000, source: 'personal', expected: { ok: true } },
  {
    name: 'a personal cap limits a personal token',
    setup: (t) => t.store.admin.setPersonalCap('test', t.userId, 200_000, 'month').then(() => undefined),
    amount: 250_000,
    source: 'personal',
    expected: { ok: false, reason: 'personal_cap_exhausted', remainingMicros: 200_000, resetsAt: Date.parse('2024-07-01T00:00:00Z') },
  },
  {
    name: 'the per-person cap limits the operator token',
    personCap: { limitMicros: 700_000, period: 'day' },
    setup: (t) => spend(t, 400_000, 'operator'),
    amount: 400_000,
    source: 'operator',
    expected: { ok: false, reason: 'person_cap_exhausted', remainingMicros: 300_000, resetsAt: NEXT_MIDNIGHT },
  },
  { name: 'the per-person cap does not apply to a community token', personCap: { limitMicros: 100_000, period: 'day' }, amount: 900_000, source: 'scope', expected: { ok: true } },
];

const engines = await testEngines();
const open: TempStore[] = [];
afterAll(async () => {
  for (const t of open) await t.cleanup();
});

describe('the reserve rule on every engine', () => {
  it.each(cases)('$name', async (c) => {
    const answers: Record<string, ReserveResult> = {};
    for (const engine of engines) {
      const t = await makeTempStore({ engine, now: START, ...(c.personCap ? { personCap: c.personCap } : {}) });
      open.push(t);
      const reserve = (amount: number, source: TokenSource = 'scope') => {
        const req: ReserveRequest = { scopeId: t.scopeId, userId: t.userId, amountMicros: amount, jobId: null, tokenSource: source };
        return t.store.budgets.reserve(req);
      };
      await c.setup?.(t, reserve);
      const r = await reserve(c.amount, c.source);
      answers[engine.name] = r.ok ? ({ ok: true } as ReserveResult) : r;
      if (c.expected.ok) expect(r.ok, `${engine.name}: ${JSON.stringify(r)}`).toBe(true);
      else expect(r, engine.name).toEqual({ ...c.expected, costMicros: c.amount });
      await t.cleanup();
    }
    const distinct = new Set(Object.values(answers).map((a) => JSON.stringify(a)));
    expect(distinct.size, JSON.stringify(answers)).toBe(1);
  });

  it('runs on both engines when PostgreSQL answers', () => {
    expect(engines.map((e) => e.name)).toContain('sqlite');
    if (process.env.MEDIABOT_REQUIRE_SERVICES === '1') expect(engines.map((e) => e.name)).toContain('postgres');
  });
});
