import { afterEach, describe, expect, it } from 'vitest';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { testEngines } from '../support/engines.js';

/** Channel rules and word rules in the store, on each engine: written, read back, replaced, removed, audited. */
const engines = await testEngines();
let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

describe.each(engines)('rules store ($name)', (engine) => {
  it('keeps one rule per channel, replaces it, deletes it on reset; every change audited', async () => {
    t = await makeTempStore({ engine });
    const rules = t.store.rules;
    const audit = (action: string) => ({ actor: t!.userId, action });
    expect(await rules.channelRules(t.scopeId)).toEqual([]);
    await rules.setChannelRule(t.scopeId, '111', { channelId: '111', label: '<#111>', silent: false, only: null, allow: ['video'] }, audit('channel.rule.set'));
    t.clock.advance(1_000);
    await rules.setChannelRule(t.scopeId, '222', { channelId: '222', silent: true, only: ['imagine', 'ask'], allow: [] }, audit('channel.rule.set'));
    t.clock.advance(1_000);
    await rules.setChannelRule(t.scopeId, '111', { channelId: '111', label: '<#111>', silent: false, only: ['video'], allow: ['video', 'remix'] }, audit('channel.rule.set'));
    expect(await rules.channelRules(t.scopeId)).toEqual([
      { channelId: '111', label: '<#111>', silent: false, only: ['video'], allow: ['video', 'remix'] },
      { channelId: '222', silent: true, only: ['imagine', 'ask'], allow: [] },
    ]);
    t.clock.advance(1_000);
    await rules.setChannelRule(t.scopeId, '222', null, audit('channel.rule.reset'));
    expect((await rules.channelRules(t.scopeId)).map((r) => r.channelId)).toEqual(['111']);
    const entries = await t.store.admin.auditEntries(t.scopeId, 10);
    expect(entries.map((e) => e.action)).toEqual(['channel.rule.reset', 'channel.rule.set', 'channel.rule.set', 'channel.rule.set']);
    expect(entries[0]?.after).toBeNull();
    expect(entries[0]?.before).toMatchObject({ channelId: '222', silent: true });
  });

  it('keeps a community list and the global list apart; add replaces the message; remove and clear; audited', async () => {
    t = await makeTempStore({ engine });
    const rules = t.store.rules;
    const other = await t.store.directory.ensureScope({ platform: 'telegram', externalId: '-777' });
    const audit = (action: string) => ({ actor: 'operator', action });
    await rules.addWordRule(t.scopeId, 'bad*', 'Not here.', audit('words.add'));
    t.clock.advance(10);
    await rules.addWordRule(null, 'forbidden', undefined, audit('words.add'));
    t.clock.advance(10);
    await rules.addWordRule(other.id, 'other', undefined, audit('words.add'));
    t.clock.advance(10);
    await rules.addWordRule(t.scopeId, 'bad*', 'Changed.', audit('words.add'));
    const mine = await rules.wordRules(t.scopeId);
    expect(mine.map((r) => [r.scopeId, r.pattern, r.message])).toEqual([
      [null, 'forbidden', undefined],
      [t.scopeId, 'bad*', 'Changed.'],
    ]);
    expect((await rules.wordRules(null)).map((r) => r.pattern)).toEqual(['forbidden']);
    expect(await rules.removeWordRule(t.scopeId, 'forbidden', audit('words.remove'))).toBe(false);
    t.clock.advance(10);
    expect(await rules.removeWordRule(null, 'forbidden', audit('words.remove'))).toBe(true);
    t.clock.advance(10);
    expect(await rules.clearWordRules(t.scopeId, audit('words.clear'))).toBe(1);
    expect(await rules.wordRules(t.scopeId)).toEqual([]);
    expect((await rules.wordRules(other.id)).map((r) => r.pattern)).toEqual(['other']);
    const scoped = (await t.store.admin.auditEntries(t.scopeId, 10)).map((e) => e.action);
    expect(scoped).toEqual(['words.clear', 'words.add', 'words.add']);
    const global = (await t.store.admin.auditEntries(null, 20)).filter((e) => e.scopeId === null).map((e) => e.action);
    expect(global).toEqual(['words.remove', 'words.add']);
  });
});
