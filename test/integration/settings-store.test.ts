import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/ports/clock.js';
import { openStore } from '../../src/store/open-store.js';
import { makeTempStore, TEST_KEY, type TempStore } from '../fixtures/store/temp-store.js';
import { storeOptions, testEngines } from '../support/engines.js';

/** The settings repository (migration 0015) on each engine: member here, member everywhere, community defaults, audit. */
const engines = await testEngines();
let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

describe.each(engines)('settings store ($name)', (engine) => {
  it('keeps a member setting per community apart from the personal one; replacing and clearing touch one row', async () => {
    t = await makeTempStore({ engine });
    const s = t.store.settings;
    const other = await t.store.directory.ensureScope({ platform: 'discord', externalId: '101' });
    expect(await s.memberSettings(t.userId, t.scopeId)).toEqual({ community: {}, personal: {} });
    await s.setMemberSetting(t.userId, t.scopeId, 'aspect', '16:9');
    await s.setMemberSetting(t.userId, null, 'aspect', '9:16');
    await s.setMemberSetting(t.userId, null, 'n', '2');
    await s.setMemberSetting(t.userId, t.scopeId, 'aspect', '4:3');
    expect(await s.memberSettings(t.userId, t.scopeId)).toEqual({ community: { aspect: '4:3' }, personal: { aspect: '9:16', n: '2' } });
    // Another community sees only the personal defaults.
    expect(await s.memberSettings(t.userId, other.id)).toEqual({ community: {}, personal: { aspect: '9:16', n: '2' } });
    await s.setMemberSetting(t.userId, null, 'aspect', null);
    expect(await s.memberSettings(t.userId, t.scopeId)).toEqual({ community: { aspect: '4:3' }, personal: { n: '2' } });
    await s.setMemberSetting(t.userId, t.scopeId, 'aspect', null);
    expect(await s.memberSettings(t.userId, t.scopeId)).toEqual({ community: {}, personal: { n: '2' } });
  });

  it('a community default is stored once per key and audited with before and after', async () => {
    t = await makeTempStore({ engine });
    const s = t.store.settings;
    expect(await s.setScopeDefault(t.scopeId, 'video_model', 'veo-3.1', { actor: t.userId, action: 'settings.default.set' })).toEqual({ before: null, after: 'veo-3.1' });
    t.clock.advance(1_000);
    expect(await s.setScopeDefault(t.scopeId, 'video_model', 'kling-v2-1', { actor: t.userId, action: 'settings.default.set' })).toEqual({ before: 'veo-3.1', after: 'kling-v2-1' });
    t.clock.advance(1_000);
    await s.setScopeDefault(t.scopeId, 'seconds', '8', { actor: 'operator', action: 'settings.default.set' });
    expect(await s.scopeDefaults(t.scopeId)).toEqual({ video_model: 'kling-v2-1', seconds: '8' });
    t.clock.advance(1_000);
    await s.setScopeDefault(t.scopeId, 'seconds', null, { actor: t.userId, action: 'settings.default.set' });
    expect(await s.scopeDefaults(t.scopeId)).toEqual({ video_model: 'kling-v2-1' });
    const audit = await t.store.admin.auditEntries(t.scopeId, 10);
    expect(audit.map((a) => [a.actor, a.action, a.before, a.after])).toEqual([
      [t.userId, 'settings.default.set', { seconds: '8' }, { seconds: null }],
      ['operator', 'settings.default.set', { seconds: null }, { seconds: '8' }],
      [t.userId, 'settings.default.set', { video_model: 'veo-3.1' }, { video_model: 'kling-v2-1' }],
      [t.userId, 'settings.default.set', { video_model: null }, { video_model: 'veo-3.1' }],
    ]);
  });

  it('settings survive closing and reopening the database', async () => {
    t = await makeTempStore({ engine });
    await t.store.settings.setMemberSetting(t.userId, t.scopeId, 'image_model', 'gpt-image-2');
    await t.store.settings.setMemberSetting(t.userId, null, 'private', 'on');
    await t.store.settings.setScopeDefault(t.scopeId, 'aspect', '16:9', { actor: t.userId, action: 'settings.default.set' });
    await t.store.close();
    const first = t;
    t = { ...first, cleanup: () => first.engine.drop(first.location) };
    const reopened = await openStore({ ...storeOptions(first.location), encryptionKey: TEST_KEY, clock: new ManualClock(first.clock.now()), defaultAllowanceMicros: 1_000_000, defaultPeriod: 'day' });
    try {
      expect(await reopened.settings.memberSettings(t.userId, t.scopeId)).toEqual({ community: { image_model: 'gpt-image-2' }, personal: { private: 'on' } });
      expect(await reopened.settings.scopeDefaults(t.scopeId)).toEqual({ aspect: '16:9' });
    } finally {
      await reopened.close();
    }
  });
});
