import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminError } from '../../src/core/admin/admin-service.js';
import { renderUsageCsv } from '../../src/core/admin/usage-csv.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { testEngines } from '../support/engines.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TempStore;
afterEach(async () => t?.cleanup());

const engines = await testEngines();

describe.each(engines)('store ($name)', (engine) => {
  describe('directory', () => {
    it('upserts scopes and users and resolves @username among seen members', async () => {
      t = await makeTempStore({ engine });
      const { store, scopeId, userId } = t;
      const again = await store.directory.ensureScope({ platform: 'discord', externalId: '100' });
      expect(again).toMatchObject({ id: scopeId, title: 'Guild', timezone: 'UTC', settings: {} });
      expect((await store.directory.ensureScope({ platform: 'discord', externalId: '100', title: 'Renamed' })).title).toBe('Renamed');
      expect((await store.directory.ensureScope({ platform: 'telegram', externalId: '100' })).id).not.toBe(scopeId);
      const renamed = await store.directory.ensureUser({ platform: 'discord', externalId: '200', username: '@Ann_X' });
      expect(renamed).toMatchObject({ id: userId, displayName: 'Ann', username: 'ann_x' });
      expect(await store.directory.findMemberByUsername(scopeId, '@ann_x')).toBeUndefined();
      await store.directory.touchMember(scopeId, userId);
      expect((await store.directory.findMemberByUsername(scopeId, '@ANN_X'))?.id).toBe(userId);
      expect(await store.directory.findMemberByUsername(scopeId, 'nobody')).toBeUndefined();
    });

    it('an upsert with the names as stored keeps them; one changed name of two is written, the other kept', async () => {
      t = await makeTempStore({ engine });
      const dir = t.store.directory;
      const s = await dir.ensureScope({ platform: 'telegram', externalId: '-5', title: 'Same' });
      expect(await dir.ensureScope({ platform: 'telegram', externalId: '-5', title: 'Same' })).toMatchObject({ id: s.id, title: 'Same' });
      const u = await dir.ensureUser({ platform: 'telegram', externalId: '9', displayName: 'Bo', username: 'bo' });
      expect(await dir.ensureUser({ platform: 'telegram', externalId: '9', displayName: 'Bo', username: 'bo' })).toMatchObject({ id: u.id, displayName: 'Bo', username: 'bo' });
      expect(await dir.ensureUser({ platform: 'telegram', externalId: '9', displayName: 'Bob', username: 'bo' })).toMatchObject({ id: u.id, displayName: 'Bob', username: 'bo' });
      expect(await dir.ensureUser({ platform: 'telegram', externalId: '9', displayName: 'Bob', username: 'bobby' })).toMatchObject({ id: u.id, displayName: 'Bob', username: 'bobby' });
    });

    it('moves a community to its new id, merging the members seen under the new id first; a NUL in a name is stored', async () => {
      t = await makeTempStore({ engine });
      const { store } = t;
      const dir = store.directory;
      const old = await dir.ensureScope({ platform: 'telegram', externalId: '-777' });
      const fresh = await dir.ensureScope({ platform: 'telegram', externalId: '-100777' });
      const both = await dir.ensureUser({ platform: 'telegram', externalId: '1', username: 'both' });
      const newbie = await dir.ensureUser({ platform: 'telegram', externalId: '2', username: 'newbie', displayName: 'New\u0000bie' });
      await dir.touchMember(old.id, both.id);
      await dir.touchMember(fresh.id, both.id);
      await dir.touchMember(fresh.id, newbie.id);
      expect(await dir.moveScope({ platform: 'telegram', externalId: '-777' }, '-100777')).toBe('moved');
      expect((await dir.findScope({ platform: 'telegram', externalId: '-100777' }))?.id).toBe(old.id);
      expect(await dir.getScope(fresh.id)).toBeUndefined();
      expect((await dir.findMemberByUsername(old.id, 'newbie'))?.id).toBe(newbie.id);
      expect(await dir.memberCount(old.id)).toBe(2);
      expect(await dir.moveScope({ platform: 'telegram', externalId: '-777' }, '-100777')).toBe('already');
      expect((await dir.getUser(newbie.id))?.displayName).toMatch(/^New.bie$/);
    });
  });

  describe('admin operations', () => {
    it('validate input and audit every change with before/after', async () => {
      t = await makeTempStore({ engine });
      const { store, scopeId, userId } = t;
      const admin = store.admin;
      expect(await admin.showDefault(scopeId)).toEqual({ allowanceMicros: 1_000_000, period: 'day', source: 'operator' });
      await admin.setDefault('u_admin', scopeId, 2_500_000, 'week');
      expect(await admin.showDefault(scopeId)).toEqual({ allowanceMicros: 2_500_000, period: 'week', source: 'scope' });
      await expect(admin.setDefault('u_admin', scopeId, 1, 'fortnight')).rejects.toThrow(AdminError);
      await expect(admin.setDefault('u_admin', scopeId, -1, 'day')).rejects.toThrow(/between/);
      await expect(admin.setTimezone('u_admin', scopeId, 'Mars/Olympus')).rejects.toMatchObject({ code: 'invalid_timezone' });
      await expect(admin.adjust('u_admin', scopeId, userId, 5, '  ')).rejects.toMatchObject({ code: 'invalid_note' });
      await expect(admin.linkToken('u_admin', { kind: 'scope', ownerId: scopeId }, 'x', scopeId)).rejects.toMatchObject({ code: 'invalid_token' });
      await admin.setTimezone('u_admin', scopeId, 'Europe/Berlin');
      await admin.block('u_admin', scopeId, userId);
      const audit = await admin.auditEntries(scopeId);
      expect(audit.map((a) => a.action)).toEqual(['user.block', 'scope.timezone.set', 'budget.default.set']);
      expect(audit[1]).toMatchObject({ actor: 'u_admin', before: { timezone: 'UTC' }, after: { timezone: 'Europe/Berlin' } });
      expect(audit[2]).toMatchObject({ before: { defaultPeriod: null }, after: { defaultAllowanceMicros: 2_500_000, defaultPeriod: 'week' } });
      expect(audit[0]).toMatchObject({ before: { userId, blocked: false }, after: { userId, blocked: true } });
    });

    it("sets a community's language in the engine's own write transaction, audited", async () => {
      t = await makeTempStore({ engine });
      const { store, scopeId } = t;
      expect(await store.admin.setLanguage('u_admin', scopeId, 'ja')).toEqual({ before: null, after: 'ja' });
      expect((await store.directory.findScope({ platform: 'discord', externalId: '100' }))?.language).toBe('ja');
      expect((await store.admin.auditEntries(scopeId)).map((a) => a.action)).toEqual(['scope.language.set']);
    });

    it('reports usage per user with totals and renders CSV', async () => {
      t = await makeTempStore({ engine });
      const { store, scopeId, userId, clock } = t;
      const bob = await store.directory.ensureUser({ platform: 'discord', externalId: '201', displayName: '=cmd()', username: 'bob' });
      const spend = async (user: string, micros: number, units: number, unit: 'image' | 'second' | 'token', job: string) => {
        const r = await store.budgets.reserve({ scopeId, userId: user, amountMicros: micros, jobId: job, tokenSource: 'scope' });
        if (!r.ok) throw new Error('refused');
        await store.budgets.settle(r.holdId, micros, { units, unit });
      };
      await spend(userId, 20_000, 2, 'image', 'j_1');
      await spend(userId, 400_000, 8, 'second', 'j_2');
      await spend(bob.id, 2_000, 700, 'token', 'j_3');
      const r = await store.budgets.reserve({ scopeId, userId: bob.id, amountMicros: 5_000, jobId: 'j_4', tokenSource: 'scope' });
      if (r.ok) await store.budgets.release(r.holdId, 'failed');
      clock.advance(-40 * 86_400_000);
      await spend(bob.id, 10_000, 1, 'image', 'j_old');
      clock.advance(40 * 86_400_000);
      const report = await store.admin.usageReport(scopeId, 'month');
      expect(report.rows).toEqual([
        { userId, displayName: 'Ann', username: 'ann', jobs: 2, images: 2, videoSeconds: 8, tokens: 0, spentMicros: 420_000 },
        { userId: bob.id, displayName: '=cmd()', username: 'bob', jobs: 1, images: 0, videoSeconds: 0, tokens: 700, spentMicros: 2_000 },
      ]);
      expect(report.totals).toEqual({ jobs: 3, images: 2, videoSeconds: 8, tokens: 700, spentMicros: 422_000 });
      expect((await store.admin.usageReport(scopeId, 'total')).totals.spentMicros).toBe(432_000);
      const csv = renderUsageCsv(report).split('\r\n');
      expect(csv[0]).toBe('user_id,display_name,username,jobs,images,video_seconds,tokens,spent_micros,spent_usd,period_start,period_end');
      expect(csv[2]).toMatch(new RegExp(`^${bob.id},'=cmd\\(\\),bob,1,0,0,700,2000,0\\.002000,\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z,`));
      expect(csv[3]).toMatch(/^TOTAL,,,3,2,8,700,422000,0\.422000,\d{4}-/);
    });
  });

  describe('npm run migrate', () => {
    it('creates and migrates the configured database (DATABASE_URL, else DATABASE_PATH)', async () => {
      const location = await engine.blank();
      try {
        const path = location.engine === 'sqlite' ? join(location.dir, 'cli', 'm.sqlite') : '';
        const { DATABASE_URL: _unset, ...base } = process.env;
        const env = location.engine === 'postgres' ? { ...base, DATABASE_URL: location.url } : { ...base, DATABASE_PATH: path };
        const root = fileURLToPath(new URL('../../', import.meta.url));
        const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/store/migrate-cli.ts'], { cwd: root, env });
        expect(out.stdout).toContain('Applied 0001-initial');
        if (location.engine === 'sqlite') expect(existsSync(path)).toBe(true);
        else expect(out.stdout).toContain(`to PostgreSQL at 127.0.0.1:5432/${location.name}.`);
        const again = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/store/migrate-cli.ts'], { cwd: root, env });
        expect(again.stdout).toContain('is up to date');
      } finally {
        await engine.drop(location);
      }
    });
  });
});
