import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';
import { testEngines } from '../support/engines.js';

let t: TestStack;
let admin: Actor;

const engines = await testEngines();

describe.each(engines)('core budgets ($name)', (engine) => {
  beforeAll(async () => {
    // $0.015 a day: one $0.01 image fits, a second does not.
    t = await createTestStack({ engine, env: { DEFAULT_ALLOWANCE: '0.015' }, startPoller: false });
    admin = t.actor({ user: 'boss', username: 'Boss' });
    await t.core.touch(admin);
  });
  afterAll(() => t?.close());

  async function ledgerMatches(): Promise<void> {
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(t.sim.spentMicros(t.sim.tokens.media));
    expect(await openHolds(t.store)).toBe(0);
  }

  describe('budgets', () => {
    it('refuses the job that does not fit, with the figures, and moves no money', async () => {
      const a = t.actor({ user: 'ann' });
      expect((await t.core.imagine({ ...a, prompt: 'first' })).ok).toBe(true);
      t.sim.clearRequests();
      const r = await t.core.imagine({ ...a, prompt: 'second' });
      expect(!r.ok && r.failure.code).toBe('budget_exhausted');
      if (r.ok || r.failure.code !== 'budget_exhausted') throw new Error('expected budget_exhausted');
      expect(r.failure.details.costMicros).toBe(10_000);
      expect(r.failure.details.remainingMicros).toBe(5_000);
      expect(r.failure.details.resetsAt).toBeGreaterThan(Date.now());
      expect(r.failure.money).toBe('none');
      expect(t.sim.requests().filter((q) => q.endpoint === 'image')).toHaveLength(0);
      const jobs = await t.core.jobs(a);
      expect(jobs[0]!.status).toBe('failed');
      expect(jobs[0]!.errorCode).toBe('budget_exhausted');
      expect(await ledgerOfJob(t.store, jobs[0]!.id)).toEqual([]);
      const b = await t.core.balance(a);
      expect(b.spentMicros).toBe(10_000);
      expect(b.remainingMicros).toBe(5_000);
      expect(b.text).toContain('$0.005 left of $0.02');
      await ledgerMatches();
    });

    it('blocks and unblocks a member by @username', async () => {
      const a = t.actor({ user: 'bob', username: 'bobby' });
      await t.core.touch(a);
      const blocked = await t.core.admin(admin, { op: 'block', target: '@bobby' });
      expect(blocked.ok && blocked.value.text).toContain('@bobby');
      const r = await t.core.imagine({ ...a, prompt: 'x' });
      expect(!r.ok && r.failure.code).toBe('blocked');
      expect((await t.core.admin(admin, { op: 'unblock', target: '@bobby' })).ok).toBe(true);
      expect((await t.core.imagine({ ...a, prompt: 'x' })).ok).toBe(true);
      await ledgerMatches();
    });

    it('a pool cap stops the whole community', async () => {
      const pool = await t.core.admin(admin, { op: 'pool', amount: '0.03', period: 'day' });
      expect(pool.ok).toBe(true);
      // Spent so far today in the scope: ann 0.01 + bob 0.01 = 0.02; one more image fits, then the pool is empty.
      expect((await t.core.imagine({ ...t.actor({ user: 'cid' }), prompt: 'x' })).ok).toBe(true);
      const r = await t.core.imagine({ ...t.actor({ user: 'dan' }), prompt: 'x' });
      expect(!r.ok && r.failure.code).toBe('pool_exhausted');
      expect(!r.ok && r.failure.details).toMatchObject({ costMicros: 10_000, remainingMicros: 0 });
      expect((await t.core.admin(admin, { op: 'pool', amount: 'none' })).ok).toBe(true);
      await ledgerMatches();
    });

    it('a per-user override and an adjustment give more room', async () => {
      const set = await t.core.admin(admin, { op: 'set', target: 'console:ann', amount: '$0.02', period: 'day' });
      expect(set.ok && set.value.text).toContain('$0.02 per day');
      expect((await t.core.imagine({ ...t.actor({ user: 'ann' }), prompt: 'third' })).ok).toBe(true);
      const adj = await t.core.admin(admin, { op: 'adjust', target: 'ann', amount: '+0.01', note: 'contest prize' });
      expect(adj.ok).toBe(true);
      expect((await t.core.balance(t.actor({ user: 'ann' }))).remainingMicros).toBe(10_000);
      expect((await t.core.admin(admin, { op: 'clear', target: 'ann' })).ok).toBe(true);
      await ledgerMatches();
    });
  });

  describe('admin commands', () => {
    it('refuses bad amounts, periods, users and time zones with typed failures', async () => {
      const amt = await t.core.admin(admin, { op: 'default', amount: '1,5' });
      expect(!amt.ok && amt.failure.code).toBe('bad_amount');
      const per = await t.core.admin(admin, { op: 'default', amount: '1', period: 'fortnight' });
      expect(!per.ok && per.failure.code).toBe('bad_amount');
      expect(!per.ok && per.failure.code === 'bad_amount' && per.failure.details.message).toContain('day, week, month or total');
      const who = await t.core.admin(admin, { op: 'block', target: '@nobody' });
      expect(!who.ok && who.failure.code).toBe('unknown_user');
      const tz = await t.core.admin(admin, { op: 'timezone', timeZone: 'Mars/Olympus' });
      expect(!tz.ok && tz.failure.code).toBe('bad_timezone');
    });

    it('sets the default and time zone, shows them, and audits every change', async () => {
      const def = await t.core.admin(admin, { op: 'default', amount: '2', period: 'week' });
      expect(def.ok && def.value.text).toContain('$2.00 per week');
      const tz = await t.core.admin(admin, { op: 'timezone', timeZone: 'Europe/Berlin' });
      expect(tz.ok && tz.value.text).toContain('Europe/Berlin');
      const show = await t.core.admin(admin, { op: 'show' });
      expect(show.ok && show.value.text).toContain('$2.00 per week');
      const audit = await t.store.db.selectFrom('audit_log').select('action').execute();
      expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['budget.default.set', 'scope.timezone.set', 'user.block', 'budget.adjust']));
    });

    it('reports usage as text and CSV', async () => {
      const r = await t.core.admin(admin, { op: 'usage', period: 'day' });
      if (!r.ok) throw new Error(r.failure.code);
      expect(r.value.text).toMatch(/Usage today: 4 jobs by 3 members, \$0.04 spent/);
      expect(r.value.csv?.content.split('\r\n')[0]).toContain('spent_micros');
      expect(r.value.csv?.content).toContain('TOTAL,,,4,4,0,0,40000,0.040000,');
      const one = await t.core.admin(admin, { op: 'usage', period: 'day', target: 'ann' });
      expect(one.ok && one.value.csv?.content).toContain('TOTAL,,,2,2,0,0,20000,0.020000,');
    });

    it('links, shows and unlinks the community token, masked', async () => {
      const link = await t.core.linkToken(admin, t.sim.tokens.media, false);
      if (!link.ok) throw new Error(link.failure.code);
      expect(link.value.text).not.toContain(t.sim.tokens.media);
      expect(t.sim.tokens.media.endsWith(link.value.last4)).toBe(true);
      const show = await t.core.admin(admin, { op: 'token_show' });
      expect(show.ok && show.value.text).toContain(link.value.last4);
      expect((await t.core.balance(t.actor({ user: 'ann' }))).tokenSource).toBe('scope');
      const un = await t.core.admin(admin, { op: 'token_unlink' });
      expect(un.ok && un.value.text).toContain('removed');
      expect((await t.core.balance(t.actor({ user: 'ann' }))).tokenSource).toBe('operator');
      expect(t.logs()).not.toContain(t.sim.tokens.media);
    });

    it('parallel adjustments cannot stack past the $100,000 ceiling: exactly one of five +$60,000 applies', async () => {
      const whale = t.actor({ user: 'whale', username: 'whale' });
      await t.core.touch(whale);
      const tries = await Promise.all(Array.from({ length: 5 }, () => t.core.admin(admin, { op: 'adjust', target: 'whale', amount: '+60000', note: 'parallel' })));
      expect(tries.filter((r) => r.ok)).toHaveLength(1);
      for (const r of tries.filter((x) => !x.ok)) expect(!r.ok && r.failure.code).toBe('bad_amount');
      const b = await t.core.balance(whale);
      expect(b.limitMicros! + b.adjustedMicros).toBeLessThanOrEqual(100_000_000_000);
      expect(b.adjustedMicros).toBe(60_000_000_000);
    });
  });
});
