import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/** `/balance` and `/budget show @user` through the real core, store and simulator (one scope per case). */
let t: TestStack;

beforeAll(async () => {
  t = await createTestStack({ startPoller: false });
});
afterAll(() => t?.close());

function pair(scope: string, user: string): { boss: Actor; member: Actor } {
  return { boss: t.actor({ scope, user: `${scope}-boss` }), member: t.actor({ scope, user, username: user }) };
}

async function admin(boss: Actor, cmd: Parameters<TestStack['core']['admin']>[1]): Promise<string> {
  const r = await t.core.admin(boss, cmd);
  if (!r.ok) throw new Error(`admin ${cmd.op}: ${r.failure.code}`);
  return r.value.text;
}

async function image(a: Actor): Promise<void> {
  const r = await t.core.imagine({ ...a, prompt: 'a lighthouse' });
  if (!r.ok) throw new Error(`imagine: ${r.failure.code}`);
}

describe('/balance text', () => {
  it('writes a positive adjustment out instead of "more left than the limit"', async () => {
    const { boss, member } = pair('adj', 'ann');
    await admin(boss, { op: 'default', amount: '5', period: 'day' });
    await image(member);
    await admin(boss, { op: 'adjust', target: 'ann', amount: '+1', note: 'prize' });
    const b = await t.core.balance(member);
    expect(b).toMatchObject({ remainingMicros: 5_990_000, adjustedMicros: 1_000_000, limitMicros: 5_000_000 });
    expect(b.text).toContain('You: $5.99 left of $5.00 per day + $1.00 granted; spent $0.01.');
    await admin(boss, { op: 'adjust', target: 'ann', amount: '-1.5', note: 'oops' });
    expect((await t.core.balance(member)).text).toContain('You: $4.49 left of $5.00 per day - $0.50 taken back; spent $0.01.');
  });

  it('says "no limit" when unlimited', async () => {
    const { boss, member } = pair('free', 'fay');
    await admin(boss, { op: 'default', amount: 'none', period: 'week' });
    await image(member);
    const b = await t.core.balance(member);
    expect(b.remainingMicros).toBeNull();
    expect(b.text).toBe("You: no limit. Spent $0.01 this week.\nYour requests use the bot operator's gateway token.");
  });

  it('puts a blocked notice first', async () => {
    const { boss, member } = pair('blk', 'bea');
    await t.core.touch(member);
    await admin(boss, { op: 'block', target: '@bea' });
    const text = (await t.core.balance(member)).text;
    expect(text.split('\n')[0]).toMatch(/^You are blocked here: an admin has stopped your paid requests/);
    expect(text).toContain('You: $1.00 left of $1.00 per day');
  });

  it('on a personal token, the community allowance does not apply; the personal cap shows when set', async () => {
    const { boss, member } = pair('own', 'pat');
    await admin(boss, { op: 'pool', amount: '0.05', period: 'month' });
    const link = await t.core.linkToken(member, t.sim.tokens.media, true);
    expect(link.ok).toBe(true);
    const before = await t.core.balance(member);
    expect(before.tokenSource).toBe('personal');
    expect(before.text).toBe(
      "Your requests use your own gateway token, so this community's allowance and pool do not apply.\nYour own token has no spending cap set; the gateway account behind it is the only limit.",
    );
    const user = await t.store.directory.ensureUser({ platform: 'console', externalId: 'pat' });
    await t.store.admin.setPersonalCap('test', user.id, 2_000_000, 'month');
    await image(member);
    const after = await t.core.balance(member);
    expect(after.spentMicros).toBe(0); // personal spending is not counted against the community allowance
    expect(after.text).toMatch(/\nYour own cap: \$1\.99 left of \$2\.00 per month; spent \$0\.01\. Resets .+\(in .+\)\.$/);
    expect(after.text).not.toContain(t.sim.tokens.media);
  });

  it('names the pool when it is the tighter limit', async () => {
    const { boss, member } = pair('pool', 'pia');
    await admin(boss, { op: 'pool', amount: '0.02', period: 'day' });
    await image(member);
    const text = (await t.core.balance(member)).text;
    expect(text).toContain('You: $0.99 left of $1.00 per day; spent $0.01.');
    expect(text).toContain('Community pool: $0.01 left of $0.02 per day; spent $0.01.');
    expect(text).toContain('The community pool is the tighter limit: you can spend at most $0.01 right now.');
  });
});

describe('/budget show @user', () => {
  it('speaks about the member in the third person, with override and blocked status', async () => {
    const { boss, member } = pair('show', 'bob');
    await t.core.touch(member);
    const plain = await admin(boss, { op: 'show', target: '@bob' });
    expect(plain).toContain('@bob: $1.00 left of $1.00 per day; spent $0.00. Resets');
    expect(plain).toContain("Their requests use the bot operator's gateway token.");
    expect(plain).toContain("Allowance: the community default, $1.00 per day (the bot operator's default).");
    expect(plain).toContain('Status: not blocked.');

    await admin(boss, { op: 'set', target: '@bob', amount: '1', period: 'week' });
    await image(member);
    await admin(boss, { op: 'adjust', target: '@bob', amount: '+0.5', note: 'bonus' });
    await admin(boss, { op: 'block', target: '@bob' });
    const text = await admin(boss, { op: 'show', target: '@bob' });
    expect(text.split('\n')[0]).toBe('@bob is blocked here: they cannot start paid requests until an admin unblocks them.');
    expect(text).toContain('@bob: $1.49 left of $1.00 per week + $0.50 granted; spent $0.01.');
    expect(text).toContain('Allowance: $1.00 per week, set for @bob (an override; /budget clear @bob returns them to the default).');
    expect(text).toContain('Status: blocked (/budget unblock @bob lets them start paid requests again).');
    expect(text).not.toMatch(/\b(You|you|Your|your)\b/);
  });
});
