import { afterEach, describe, expect, it } from 'vitest';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { testEngines } from '../support/engines.js';

/** The approvals of OPERATOR_TOKEN_ACCESS=approved in the store, on each engine: audited, listed, kept by a move. */
const engines = await testEngines();
let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

describe.each(engines)('scope approvals ($name)', (engine) => {
  it('approve and revoke change the scope once each, audited; the list shows approved scopes only', async () => {
    t = await makeTempStore({ engine });
    const dir = t.store.directory;
    const other = await dir.ensureScope({ platform: 'telegram', externalId: '-1002' });
    expect((await dir.getScope(t.scopeId))?.approvedAt).toBeNull();
    expect(await dir.setApproval(t.scopeId, 'telegram:900', { actor: t.userId, action: 'scope.approve' })).toBe(true);
    expect(await dir.setApproval(t.scopeId, 'telegram:901', { actor: t.userId, action: 'scope.approve' })).toBe(false);
    const approved = await dir.getScope(t.scopeId);
    expect(approved).toMatchObject({ approvedAt: t.clock.now(), approvedBy: 'telegram:900' });
    expect((await dir.approvedScopes()).map((s) => s.id)).toEqual([t.scopeId]);
    t.clock.advance(1_000); // the audit lists newest first
    expect(await dir.setApproval(other.id, null, { actor: 'operator', action: 'scope.revoke' })).toBe(false);
    expect(await dir.setApproval(t.scopeId, null, { actor: 'operator', action: 'scope.revoke' })).toBe(true);
    expect(await dir.approvedScopes()).toEqual([]);
    const audit = await t.store.admin.auditEntries(t.scopeId, 10);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['scope.revoke', { approved: true }, { approved: false }],
      ['scope.approve', { approved: false }, { approved: true }],
    ]);
  });

  it('a group upgraded to a supergroup keeps its approval, or takes the one given to the new id first', async () => {
    t = await makeTempStore({ engine });
    const dir = t.store.directory;
    const group = await dir.ensureScope({ platform: 'telegram', externalId: '-501' });
    await dir.setApproval(group.id, 'telegram:900', { actor: 'operator', action: 'scope.approve' });
    expect(await dir.moveScope({ platform: 'telegram', externalId: '-501' }, '-100501')).toBe('moved');
    expect((await dir.findScope({ platform: 'telegram', externalId: '-100501' }))?.approvedBy).toBe('telegram:900');

    const old = await dir.ensureScope({ platform: 'telegram', externalId: '-502' });
    const upgraded = await dir.ensureScope({ platform: 'telegram', externalId: '-100502' });
    await dir.setApproval(upgraded.id, 'telegram:901', { actor: 'operator', action: 'scope.approve' });
    expect(await dir.moveScope({ platform: 'telegram', externalId: '-502' }, '-100502')).toBe('moved');
    const merged = await dir.findScope({ platform: 'telegram', externalId: '-100502' });
    expect(merged).toMatchObject({ id: old.id, approvedBy: 'telegram:901' });
  });
});
