/**
 * The admin web pages' typed reads on both engines, over jobs run through the command layer and the simulator:
 * usage by member, model and day add up to the same ledger as the chat's `/usage` (and its CSV is the chat's byte for
 * byte); the budgets overview shows what `/budget set` and `/budget block` wrote; the audit log pages newest first
 * without gaps or repeats.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Actor, DeliveryAddress } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { ArgValues, Reply } from '../../src/core/commands/types.js';
import type { SurfaceRequest } from '../../src/core/ports/surface.js';
import { describeOnEngines, testEngines } from '../support/engines.js';
import { createTestStack, type TestStack } from '../support/harness.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const engines = await testEngines();

function requestFor(t: TestStack, user: string, admin = false): SurfaceRequest {
  const actor: Actor = t.actor({ user, kind: 'group', username: user });
  return {
    actor,
    surface: { id: 'console', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` },
    uploadLimitBytes: 50 * 1024 * 1024,
    isAdmin: () => Promise.resolve(admin),
    progress() {},
    deliveryAddress: (): Promise<DeliveryAddress> => Promise.resolve({ surface: 'console', chat: actor.scope.externalId }),
  };
}

describeOnEngines(engines, 'admin web reads on $name', (engine) => {
  let t: TestStack;
  let d: CommandDispatcher;
  const run = (command: string, args: ArgValues, req: SurfaceRequest, subcommand?: string): Promise<Reply> =>
    d.run({ command, ...(subcommand ? { subcommand } : {}), args, request: req });

  beforeAll(async () => {
    t = await createTestStack({ engine, env: { DEFAULT_ALLOWANCE: '5' } });
    d = new CommandDispatcher({ core: t.core, ownerIds: [], logger: t.logger });
    const jobs: [string, string][] = [
      ['ana', 'alpha-image-2'],
      ['ana', 'alpha-image-2-hd'],
      ['ben', 'alpha-image-2'],
    ];
    for (const [user, model] of jobs) expect((await run('imagine', { prompt: `a ${model} picture`, model }, requestFor(t, user))).tone).toBe('result');
  });
  afterAll(() => t?.close());

  it('usage by member, by model and by day sum to the ledger; the CSV is the chat\'s', async () => {
    const admin = requestFor(t, 'boss', true);
    const u = await t.core.webUsage(admin.actor, 'month');
    const ledger = await t.store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros']).where('kind', 'in', ['charge', 'refund']).execute();
    const net = ledger.reduce((s, r) => s + (r.kind === 'charge' ? r.amount_micros : -r.amount_micros), 0);
    expect(net).toBe(10_000 + 20_000 + 10_000);
    expect(u.totals.spentMicros).toBe(net);
    expect(u.members.map((m) => [m.name, m.spentMicros, m.jobs])).toEqual([
      ['User ana', 30_000, 2],
      ['User ben', 10_000, 1],
    ]);
    expect(u.members.every((m) => /^console:/.test(m.target))).toBe(true);
    expect(u.models.map((m) => [m.model, m.spentMicros, m.jobs, m.images])).toEqual([
      ['alpha-image-2', 20_000, 2, 2],
      ['alpha-image-2-hd', 20_000, 1, 1],
    ]);
    expect(u.days.reduce((s, x) => s + x.spentMicros, 0)).toBe(net);
    expect(u.chart.series.flatMap((s) => s.values).reduce((a, b) => a + b, 0)).toBe(net);
    expect(u.chart.days).toEqual(u.days.map((x) => x.label));
    const chat = await t.core.admin(admin.actor, { op: 'usage', period: 'month' });
    expect(chat.ok && chat.value.csv).toEqual(u.csv);
  });

  it('the budgets overview shows what /budget set and /budget block wrote', async () => {
    const admin = requestFor(t, 'boss', true);
    expect((await run('budget', { user: '@ana', amount: '2', period: 'week' }, admin, 'set')).tone).toBe('info');
    expect((await run('budget', { user: '@ben' }, admin, 'block')).tone).toBe('info');
    expect((await run('budget', { amount: '20', period: 'month' }, admin, 'pool')).tone).toBe('info');
    const b = await t.core.webBudgets(admin.actor);
    expect(b.defaultAllowance).toEqual({ micros: 5_000_000, period: 'day', fromOperator: true });
    expect(b.pool).toEqual({ micros: 20_000_000, period: 'month' });
    const byName = new Map(b.members.map((m) => [m.name, m]));
    expect(byName.get('User ana')).toMatchObject({ own: { micros: 2_000_000, period: 'week' }, blocked: false, spentThisMonthMicros: 30_000 });
    expect(byName.get('User ben')).toMatchObject({ own: null, blocked: true, spentThisMonthMicros: 10_000 });
    // The row's target names the member for the chat's commands.
    const ben = byName.get('User ben')!;
    expect((await run('budget', { user: ben.target }, admin, 'unblock')).tone).toBe('info');
    expect((await t.core.webBudgets(admin.actor)).members.find((m) => m.name === 'User ben')?.blocked).toBe(false);
  });

  it('the audit log pages newest first, without gaps or repeats', async () => {
    const admin = requestFor(t, 'boss', true);
    for (const amount of ['1', '2', '3']) await run('budget', { amount, period: 'day' }, admin, 'default');
    const all = await t.core.webAudit(admin.actor, { offset: 0, limit: 100 });
    expect(all.more).toBe(false);
    expect(all.rows.length).toBeGreaterThanOrEqual(7);
    expect(all.rows[0]).toMatchObject({ action: 'budget.default.set', actor: 'User boss' });
    expect(all.rows[0]!.after).toContain('3000000');
    const at = all.rows.map((r) => r.at);
    expect([...at].sort((a, b) => b - a)).toEqual(at);
    const paged = [];
    for (let offset = 0; ; offset += 2) {
      const p = await t.core.webAudit(admin.actor, { offset, limit: 2 });
      paged.push(...p.rows);
      if (!p.more) break;
    }
    expect(paged.map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
  });
});
