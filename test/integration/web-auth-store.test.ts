import { afterEach, describe, expect, it } from 'vitest';
import type { WebGrant } from '../../src/core/ports/web-auth.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { testEngines } from '../support/engines.js';

/** The web's sign-in rows (migration 0018) on each engine: a link is used once, even by racing requests; rows expire. */
const engines = await testEngines();
let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

const grant = (t: TempStore, admin = false): WebGrant => ({ scopeId: t.scopeId, userId: t.userId, actor: '{"scope":{},"user":{}}', admin, locale: 'es' });

describe.each(engines)('web sign-in store ($name)', (engine) => {
  it('a link is used once (of ten racing uses exactly one wins), never after it expired', async () => {
    t = await makeTempStore({ engine });
    const web = t.store.web;
    const now = t.clock.now();
    await web.addLink('h-race', grant(t, true), now, now + 600_000);
    const wins = (await Promise.all(Array.from({ length: 10 }, () => web.useLink('h-race', now + 1)))).filter((g) => g !== undefined);
    expect(wins).toEqual([{ ...grant(t, true) }]);
    expect(await web.useLink('h-race', now + 2)).toBeUndefined();
    await web.addLink('h-late', grant(t), now, now + 600_000);
    expect(await web.useLink('h-late', now + 600_000)).toBeUndefined();
    expect(await web.useLink('h-unknown', now)).toBeUndefined();
  });

  it('a session lives until it expires or ends; purge deletes expired rows only', async () => {
    t = await makeTempStore({ engine });
    const web = t.store.web;
    const now = t.clock.now();
    await web.addSession('s-1', grant(t), now, now + 1_000);
    await web.addSession('s-2', grant(t, true), now, now + 5_000);
    expect(await web.session('s-1', now + 999)).toMatchObject({ scopeId: t.scopeId, userId: t.userId, admin: false, locale: 'es', expiresAt: now + 1_000 });
    expect(await web.session('s-1', now + 1_000)).toBeUndefined();
    await web.endSession('s-2');
    expect(await web.session('s-2', now)).toBeUndefined();
    await web.addSession('s-3', grant(t), now, now + 5_000);
    await web.addLink('l-1', grant(t), now, now + 1_000);
    expect(await web.purge(now + 1_000)).toBe(2);
    expect(await web.session('s-3', now + 1_000)).toBeDefined();
  });
});
