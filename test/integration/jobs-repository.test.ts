import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewJob } from '../../src/core/ports/job-store.js';
import type { KyselyJobStore } from '../../src/store/kysely/job-store.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { testEngines } from '../support/engines.js';

let t: TempStore;
let jobs: KyselyJobStore;
let seq = 0;

function video(over: Partial<NewJob> = {}): NewJob {
  seq++;
  return {
    id: `j_test${String(seq).padStart(4, '0')}`,
    kind: 'video',
    status: 'submitted',
    scopeId: t.scopeId,
    userId: t.userId,
    model: 'gamma-video-1',
    prompt: 'a cat',
    params: { seconds: 4, size: '1280x720' },
    tokenSource: 'scope',
    tokenId: null,
    estimateMicros: 200_000,
    delivery: { surface: 'discord', chatId: 'c1', userExternalId: '200' },
    holdId: `h_${seq}`,
    ...over,
  };
}

const engines = await testEngines();

describe.each(engines)('job store ($name)', (engine) => {
  beforeEach(async () => {
    t = await makeTempStore({ engine });
    jobs = t.store.jobs;
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('round-trips a job with its JSON columns and makes an active video job due at once', async () => {
    const created = await jobs.create(video({ prompt: 'a "quoted" cat' }));
    const got = await jobs.get(created.id);
    expect(got).toEqual(created);
    expect(got?.params).toEqual({ seconds: 4, size: '1280x720' });
    expect(got?.delivery).toEqual({ surface: 'discord', chatId: 'c1', userExternalId: '200' });
    expect(got?.nextPollAt).toBe(t.clock.now());
    expect(got?.delivered).toBeNull();
    const image = await jobs.create(video({ kind: 'imagine', status: 'delivered' }));
    expect(image.nextPollAt).toBeNull();
    expect(image.finishedAt).toBe(t.clock.now());
    expect(await jobs.get('j_missing')).toBeUndefined();
  });

  it('reads a delivery address stored by the old code (`platform`, no `surface`) as routed by that platform, fields kept', async () => {
    const j = await jobs.create(video());
    await t.store.db.updateTable('jobs').set({ delivery: JSON.stringify({ platform: 'telegram', chatId: '-100', userExternalId: '7', statusMessageId: '9' }) }).where('id', '=', j.id).execute();
    expect((await jobs.get(j.id))?.delivery).toEqual({ surface: 'telegram', platform: 'telegram', chatId: '-100', userExternalId: '7', statusMessageId: '9' });
    // `surface` wins when both are present; a row with neither (or unreadable JSON) has no address.
    await t.store.db.updateTable('jobs').set({ delivery: JSON.stringify({ surface: 'matrix', platform: 'telegram', room: '!r' }) }).where('id', '=', j.id).execute();
    expect((await jobs.get(j.id))?.delivery).toEqual({ surface: 'matrix', platform: 'telegram', room: '!r' });
    for (const text of ['{"chatId":"1"}', '{}', 'not json']) {
      await t.store.db.updateTable('jobs').set({ delivery: text }).where('id', '=', j.id).execute();
      expect((await jobs.get(j.id))?.delivery).toBeNull();
    }
  });

  it('applies a conditional transition once; a repeat or a wrong lease owner does not apply', async () => {
    const j = await jobs.create(video());
    const first = await jobs.transition(j.id, ['submitted'], 'running', { progress: 20 });
    expect(first?.status).toBe('running');
    expect(first?.progress).toBe(20);
    expect(await jobs.transition(j.id, ['submitted'], 'running', { progress: 40 })).toBeUndefined();
    expect((await jobs.get(j.id))?.progress).toBe(20);

    const [leased] = await jobs.claimDue('owner-a', t.clock.now(), 60_000, 10);
    expect(leased?.leaseOwner).toBe('owner-a');
    expect(await jobs.transition(j.id, ['running'], 'downloading', {}, 'owner-b')).toBeUndefined();
    expect(await jobs.update(j.id, ['running'], { progress: 50 }, 'owner-b')).toBe(false);
    expect(await jobs.update(j.id, ['running'], { progress: 50 }, 'owner-a')).toBe(true);
    const final = await jobs.transition(j.id, ['running'], 'refunded', { errorCode: 'task_failed_refunded' }, 'owner-a');
    expect(final).toMatchObject({ status: 'refunded', leaseOwner: null, nextPollAt: null, finishedAt: t.clock.now(), errorCode: 'task_failed_refunded' });
    expect(await jobs.transition(j.id, [], 'running')).toBeUndefined();
  });

  it('claimDue leases due jobs to one owner only, and expired leases are taken over', async () => {
    for (let i = 0; i < 5; i++) await jobs.create(video());
    const later = await jobs.create(video({ nextPollAt: t.clock.now() + 10_000 })); // not due yet
    const done = await jobs.create(video());
    await jobs.transition(done.id, ['submitted'], 'delivered');

    const a = await jobs.claimDue('owner-a', t.clock.now(), 30_000, 3);
    const b = await jobs.claimDue('owner-b', t.clock.now(), 30_000, 10);
    expect(a).toHaveLength(3);
    expect(b).toHaveLength(2);
    const ids = new Set([...a, ...b].map((j) => j.id));
    expect(ids.size).toBe(5);
    expect(await jobs.claimDue('owner-c', t.clock.now(), 30_000, 10)).toHaveLength(0);

    expect(await jobs.renewLease(a[0]!.id, 'owner-b', 90_000)).toBe(false);
    expect(await jobs.renewLease(a[0]!.id, 'owner-a', 90_000)).toBe(true);
    await jobs.releaseLease(b[0]!.id, 'owner-a'); // not the owner: no effect
    expect((await jobs.get(b[0]!.id))?.leaseOwner).toBe('owner-b');
    await jobs.releaseLease(b[0]!.id, 'owner-b');
    expect((await jobs.get(b[0]!.id))?.leaseOwner).toBeNull();

    t.clock.advance(30_000);
    const before = Date.now() + 30_000;
    const c = await jobs.claimDue('owner-c', t.clock.now(), 30_000, 10);
    const after = Date.now() + 30_000;
    // The four expired or released leases, plus the job that became due; not a[0] (renewed) nor the delivered job.
    const expected = [...ids].filter((id) => id !== a[0]!.id).concat(later.id).sort();
    expect(c.map((j) => j.id).sort()).toEqual(expected);
    // Expiry is the database's clock (here the machine's, moved with the manual clock) plus the lease.
    for (const j of c) {
      expect(j.leaseOwner).toBe('owner-c');
      expect(j.leaseExpiresAt).toBeGreaterThanOrEqual(before + 30_000 - 5);
      expect(j.leaseExpiresAt).toBeLessThanOrEqual(after + 30_000 + 5);
    }
  });

  it('leases a new job for a duration on the database\'s clock; an owner without a duration is already expired', async () => {
    const leased = await jobs.create(video({ status: 'reserved', leaseOwner: 'owner-a', leaseMs: 60_000 }));
    const noTerm = await jobs.create(video({ status: 'reserved', leaseOwner: 'owner-b' }));
    expect(leased.leaseExpiresAt! - noTerm.leaseExpiresAt!).toBeGreaterThanOrEqual(59_000);
    expect((await jobs.staleReserved(0, 10)).map((j) => j.id)).toEqual([noTerm.id]);
    t.clock.advance(60_000); // moves the database's clock in lease statements too (the test store's offset)
    expect((await jobs.staleReserved(0, 10)).map((j) => j.id).sort()).toEqual([leased.id, noTerm.id].sort());
  });

  it('claims the oldest due jobs first', async () => {
    const late = await jobs.create(video({ nextPollAt: t.clock.now() - 10 }));
    const early = await jobs.create(video({ nextPollAt: t.clock.now() - 1000 }));
    const [first] = await jobs.claimDue('o', t.clock.now(), 1000, 1);
    expect(first?.id).toBe(early.id);
    expect(late.id).not.toBe(early.id);
  });

  it('claimDue searches the (status, next_poll_at) index', async () => {
    for (let i = 0; i < 20; i++) await jobs.create(video());
    const c = jobs.claimDueQuery('o', t.clock.now(), 1000, 5).compile();
    if (engine.name === 'sqlite') {
      const plan = await t.store.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/SEARCH jobs USING INDEX jobs_status_poll_idx \(status=\? AND next_poll_at<\?\)/);
      expect(details).not.toMatch(/SCAN jobs\b/);
      return;
    }
    // Twenty rows would be scanned whole by PostgreSQL's planner; without the sequential scan it shows the index it
    // can use, and the claim locks what it picks, skipping rows another claim holds.
    expect(c.sql).toMatch(/for update skip locked/i);
    const details = await t.store.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const plan = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${c.sql}`, [...c.parameters]));
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(details).toMatch(/jobs_status_poll_idx/);
    expect(details).toMatch(/LockRows/);
  });

  it('concurrent claims from many connections lease every due job exactly once', async () => {
    for (let i = 0; i < 60; i++) await jobs.create(video());
    const owners = Array.from({ length: 12 }, (_, i) => `owner-${i}`);
    const claimed = (await Promise.all(owners.map((o) => jobs.claimDue(o, t.clock.now(), 60_000, 7)))).flat();
    const again = (await Promise.all(owners.map((o) => jobs.claimDue(o, t.clock.now(), 60_000, 60)))).flat();
    const all = [...claimed, ...again];
    expect(all).toHaveLength(60);
    expect(new Set(all.map((j) => j.id)).size).toBe(60);
    for (const j of all) expect((await jobs.get(j.id))?.leaseOwner).toBe(j.leaseOwner);
  });

  it('forgets an expired or finished interaction credential and leaves malformed addresses alone', async () => {
    const now = t.clock.now();
    const live = await jobs.create(video({ delivery: { surface: 'discord', chatId: 'c1', interaction: { token: 'tok-live', expiresAt: now + 60_000 } } }));
    const expired = await jobs.create(video({ delivery: { surface: 'discord', chatId: 'c2', interaction: { token: 'tok-old', expiresAt: now - 1 } } }));
    const ended = await jobs.create(video({ delivery: { surface: 'discord', chatId: 'c3', interaction: { token: 'tok-end', expiresAt: now + 60_000 } } }));
    await jobs.transition(ended.id, ['submitted'], 'delivered');
    const broken = await jobs.create(video());
    await t.store.db.updateTable('jobs').set({ delivery: '{"interaction": oops' }).where('id', '=', broken.id).execute();
    expect(await jobs.forgetDeliverySecrets(now)).toBe(2);
    expect(await jobs.forgetDeliverySecrets(now)).toBe(0);
    const raw = async (id: string) => (await t.store.db.selectFrom('jobs').select('delivery').where('id', '=', id).executeTakeFirstOrThrow()).delivery;
    expect(JSON.parse(await raw(live.id))).toMatchObject({ interaction: { token: 'tok-live' } });
    expect(JSON.parse(await raw(expired.id))).toEqual({ surface: 'discord', chatId: 'c2' });
    expect(JSON.parse(await raw(ended.id))).toEqual({ surface: 'discord', chatId: 'c3' });
    expect(await raw(broken.id)).toBe('{"interaction": oops');
  });

  it('lists a user’s jobs newest first, counts active jobs, records deliveries and finds expired outputs', async () => {
    const a = await jobs.create(video());
    t.clock.advance(1000);
    const b = await jobs.create(video());
    t.clock.advance(1000);
    const c = await jobs.create(video({ kind: 'imagine', status: 'delivered' }));
    const other = await t.store.directory.ensureUser({ platform: 'discord', externalId: '999' });
    await jobs.create(video({ userId: other.id }));
    expect((await jobs.listByUser(t.scopeId, t.userId, 10)).map((j) => j.id)).toEqual([c.id, b.id, a.id]);
    expect((await jobs.listByUser(t.scopeId, t.userId, 2)).map((j) => j.id)).toEqual([c.id, b.id]);
    expect((await jobs.listByScope(t.scopeId, 10)).length).toBe(4);
    expect(await jobs.countActive()).toBe(3);

    expect(await jobs.recordDelivery(c.id, ['m1', 'm2'])).toBe(true);
    expect((await jobs.get(c.id))?.delivered).toEqual({ messageIds: ['m1', 'm2'] });

    await jobs.setOutput(a.id, '/tmp/x/video.mp4', t.clock.now() + 5000);
    await jobs.setOutput(b.id, '/tmp/y/video.mp4', t.clock.now() + 50_000);
    expect(await jobs.expiredOutputs(t.clock.now(), 10)).toEqual([]);
    t.clock.advance(6000);
    expect((await jobs.expiredOutputs(t.clock.now(), 10)).map((j) => j.id)).toEqual([a.id]);
  });

  it('finds a delivered video whose last frame outlived its retention with the gallery off, not one the gallery still keeps', async () => {
    // Delivered videos keep only their last frame: `outputPath` is null, `outputExpiresAt` set.
    const frameOnly = await jobs.create(video({ status: 'delivered' }));
    const galleryKept = await jobs.create(video({ status: 'delivered' }));
    await jobs.update(frameOnly.id, ['delivered'], { outputPath: null, outputExpiresAt: t.clock.now() + 1_000 });
    await jobs.update(galleryKept.id, ['delivered'], { outputPath: null, outputExpiresAt: t.clock.now() + 1_000, galleryExpiresAt: t.clock.now() + 60_000, galleryBytes: 10 });
    expect(await jobs.expiredOutputs(t.clock.now(), 10)).toEqual([]);
    t.clock.advance(2_000);
    expect((await jobs.expiredOutputs(t.clock.now(), 10)).map((j) => j.id)).toEqual([frameOnly.id]);
    // Swept (files removed, expiry cleared): not found again.
    await jobs.update(frameOnly.id, ['delivered'], { outputPath: null, outputExpiresAt: null });
    expect(await jobs.expiredOutputs(t.clock.now(), 10)).toEqual([]);
  });
});
