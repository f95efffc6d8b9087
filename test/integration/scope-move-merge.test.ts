import { afterEach, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from '../support/harness.js';
import { openHolds } from '../support/ledger.js';
import { testEngines } from '../support/engines.js';

/**
 * A community moved to a new id (a Telegram group upgraded to a supergroup) after another process already ran a job
 * under the new id: the new id's jobs and money join the community, and its budget counts them from then on — the
 * running totals are rebuilt, a hold that was open keeps working, and a new reserve sees the sum.
 */

let t: TestStack | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const engines = await testEngines();

describe.each(engines)('moving a community onto an id that already ran jobs ($name)', (engine) => {
  it('merges the jobs and money into the community and keeps its budget exact', async () => {
    t = await createTestStack({ engine, startPoller: false, env: { DEFAULT_ALLOWANCE: '1' } });
    const dir = t.store.directory;
    const ledger = t.store.budgets;
    const old = await dir.ensureScope({ platform: 'telegram', externalId: '-555' });
    const user = await dir.ensureUser({ platform: 'telegram', externalId: '77' });
    const hold = async (scopeId: string, jobId: string, micros: number) => {
      const r = await ledger.reserve({ scopeId, userId: user.id, amountMicros: micros, jobId, tokenSource: 'operator' });
      if (!r.ok) throw new Error(`reserve refused: ${r.reason}`);
      return r.holdId;
    };
    await ledger.settle(await hold(old.id, 'j_old1', 300_000), 300_000, { units: 1, unit: 'image' });
    expect((await ledger.balance(old.id, user.id)).spentMicros).toBe(300_000);

    const fresh = await dir.ensureScope({ platform: 'telegram', externalId: '-100555' });
    await dir.touchMember(fresh.id, user.id);
    await ledger.settle(await hold(fresh.id, 'j_new1', 200_000), 200_000, { units: 1, unit: 'image' });
    const running = await hold(fresh.id, 'j_new2', 100_000);
    await t.app.jobs.create({
      id: 'j_new2', kind: 'imagine', status: 'reserved', scopeId: fresh.id, userId: user.id, model: 'alpha-image-2', prompt: 'p',
      params: {}, tokenSource: 'operator', tokenId: null, estimateMicros: 100_000, holdId: running, delivery: null,
    });

    expect(await dir.moveScope({ platform: 'telegram', externalId: '-555' }, '-100555')).toBe('moved');
    expect((await dir.findScope({ platform: 'telegram', externalId: '-100555' }))?.id).toBe(old.id);
    expect(await dir.findScope({ platform: 'telegram', externalId: '-555' })).toBeUndefined();
    expect((await t.app.jobs.get('j_new2'))?.scopeId).toBe(old.id);

    let bal = await ledger.balance(old.id, user.id);
    expect([bal.spentMicros, bal.heldMicros]).toEqual([500_000, 100_000]);
    // The hold opened under the new id settles into the community's budget.
    await ledger.settle(running, 100_000, { units: 1, unit: 'image' });
    bal = await ledger.balance(old.id, user.id);
    expect([bal.spentMicros, bal.heldMicros, bal.remainingMicros]).toEqual([600_000, 0, 400_000]);
    // The $1 allowance is shared: $0.40 left, so $0.50 is refused and $0.40 is held.
    const refused = await ledger.reserve({ scopeId: old.id, userId: user.id, amountMicros: 500_000, jobId: 'j_more', tokenSource: 'operator' });
    expect(refused.ok).toBe(false);
    const more = await hold(old.id, 'j_more2', 400_000);
    await ledger.release(more, 'test');
    expect(await openHolds(t.store)).toBe(0);
  });

  it('keeps a channel rule set under the new id (it replaces the old id rule of that channel; others stay)', async () => {
    t = await createTestStack({ engine, startPoller: false });
    const dir = t.store.directory;
    const rules = t.store.rules;
    const old = await dir.ensureScope({ platform: 'telegram', externalId: '-556' });
    const admin = await dir.ensureUser({ platform: 'telegram', externalId: '78' });
    const audit = { actor: admin.id, action: 'channel.rule.set' };
    await rules.setChannelRule(old.id, 'main', { channelId: 'main', silent: false, only: ['ask'], allow: [] }, audit);
    await rules.setChannelRule(old.id, '10', { channelId: '10', label: 'Videos', silent: false, only: null, allow: ['video'] }, audit);
    const fresh = await dir.ensureScope({ platform: 'telegram', externalId: '-100556' });
    await rules.setChannelRule(fresh.id, 'main', { channelId: 'main', silent: true, only: null, allow: [] }, audit);

    expect(await dir.moveScope({ platform: 'telegram', externalId: '-556' }, '-100556')).toBe('moved');
    const kept = await rules.channelRules(old.id);
    expect(kept.map((r) => [r.channelId, r.silent, r.only, r.allow])).toEqual([
      ['10', false, null, ['video']],
      ['main', true, null, []],
    ]);
  });

  it('keeps a new id apart when it has settings or a token of its own', async () => {
    t = await createTestStack({ engine, startPoller: false });
    const dir = t.store.directory;
    const a = await dir.ensureScope({ platform: 'telegram', externalId: '-666' });
    const b = await dir.ensureScope({ platform: 'telegram', externalId: '-100666' });
    const admin = await dir.ensureUser({ platform: 'telegram', externalId: '1' });
    await t.store.adminStore.updateScopeBudget(b.id, { defaultAllowanceMicros: 2_000_000, defaultPeriod: 'day' }, { actor: admin.id, action: 'budget.set' });
    expect(await dir.moveScope({ platform: 'telegram', externalId: '-666' }, '-100666')).toBe('conflict');
    expect((await dir.findScope({ platform: 'telegram', externalId: '-666' }))?.id).toBe(a.id);
  });
});
