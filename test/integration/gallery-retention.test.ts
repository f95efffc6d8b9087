import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { ArgValues, Reply } from '../../src/core/commands/types.js';
import { ManualClock } from '../../src/core/ports/clock.js';
import { purgeGallery } from '../../src/jobs/gallery-sweep.js';
import { testEngines } from '../support/engines.js';
import { consoleRequest } from '../support/console-request.js';
import { createTestStack, type TestStack } from '../support/harness.js';

const engines = await testEngines();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The gallery's own retention over a real stack (SQLite, the simulator, files on disk, the job runner's purge):
 * results outlive the chat's retention in the gallery only (`/job` stops offering them at the chat's expiry), are
 * removed at the gallery's expiry and by its disk cap (oldest first), and their card stays without files. On SQLite
 * and, when a server answers, PostgreSQL.
 */
describe.each(engines)('gallery retention ($name)', (engine) => {
  let stack: TestStack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  const member: Actor = { scope: { platform: 'console', externalId: 'g1', kind: 'group', title: 'Painters' }, user: { platform: 'console', externalId: 'u1' } };

  async function make(s: TestStack, prompt: string): Promise<{ id: string; path: string }> {
    const r = await s.core.imagine({ ...member, prompt, size: '512x512' });
    if (!r.ok) throw new Error(`imagine failed: ${r.failure.code}`);
    const id = r.value.jobId;
    const [f] = await s.app.outputs.list(id);
    return { id, path: f!.path };
  }

  /** Runs `command` through the dispatcher as the member (on the console), as a button or typed command would. */
  function dispatch(s: TestStack, command: string, args: ArgValues): Promise<Reply> {
    return new CommandDispatcher({ core: s.core, ownerIds: [], logger: s.logger }).run({ command, args, request: consoleRequest(member) });
  }

  /** Runs the runner's purge now (its tick purges once `purgeEveryMs` passed on the clock). */
  async function purge(s: TestStack, clock: ManualClock): Promise<void> {
    clock.advance(61_000);
    await s.app.runner.tick();
  }

  it('files outlive the chat retention in the gallery only, go at the gallery expiry; the card stays', async () => {
    const clock = new ManualClock(Date.now());
    stack = await createTestStack({ engine, clock, env: { OUTPUT_RETENTION_HOURS: '1', GALLERY_RETENTION_DAYS: '2' } });
    const s = stack;
    const fox = await make(s, 'a red fox');
    const rec = (await s.app.jobs.get(fox.id))!;
    expect(rec.galleryExpiresAt).toBe(clock.now() + 2 * DAY);
    expect(rec.galleryBytes).toBeGreaterThan(0);
    expect((await s.core.job(member, fox.id)).ok && (await s.core.job(member, fox.id))).toMatchObject({ value: { outputs: [{ path: fox.path }] } });

    // Past the chat's hour: /job no longer offers the file, the gallery still shows and serves it.
    clock.advance(2 * HOUR);
    await purge(s, clock);
    const afterChat = await s.core.job(member, fox.id);
    expect(afterChat.ok && afterChat.value.outputs).toBeUndefined();
    expect(existsSync(fox.path)).toBe(true);
    const shown = (await s.core.webGallery(member)).jobs;
    expect(shown.map((j) => [j.prompt, j.outputs?.length])).toEqual([['a red fox', 1]]);
    expect(await s.core.webFile(member, fox.id, 0)).toMatchObject({ path: fox.path });
    // What the gallery shows can still be reused (V/U, Animate, Edit --from): a variation runs from the kept file.
    const reuse = await s.core.jobRequest(member, fox.id);
    expect(reuse.ok && reuse.value.outputs?.map((o) => o.path)).toEqual([fox.path]);
    const calls = s.sim.requests().length;
    const vary = await dispatch(s, 'vary', { job: fox.id, index: '1' });
    expect(vary.failure, vary.blocks.join(' ')).toBeUndefined();
    expect(vary.jobId).toBeDefined();
    expect(s.sim.requests().slice(calls).map((r) => r.endpoint)).toContain('edit');

    // Past the gallery's two days: the file is removed, the card stays with its prompt, model and cost.
    clock.advance(2 * DAY);
    await purge(s, clock);
    expect(existsSync(fox.path)).toBe(false);
    expect((await s.app.jobs.get(fox.id))!.galleryExpiresAt).toBeNull();
    const card = (await s.core.webGallery(member)).jobs[0]!;
    expect(card).toMatchObject({ prompt: 'a red fox', model: 'alpha-image-2', money: { outcome: 'charged' } });
    expect(card.outputs).toBeUndefined();
    expect(await s.core.webFile(member, fox.id, 0)).toBeNull();
    const gone = await s.core.jobRequest(member, fox.id);
    expect(gone.ok && gone.value.outputs).toBeUndefined();
  });

  it('with GALLERY_RETENTION_DAYS=0 the gallery keeps nothing beyond the chat retention', async () => {
    const clock = new ManualClock(Date.now());
    stack = await createTestStack({ engine, clock, env: { OUTPUT_RETENTION_HOURS: '1', GALLERY_RETENTION_DAYS: '0' } });
    const fox = await make(stack, 'a red fox');
    expect((await stack.app.jobs.get(fox.id))!.galleryExpiresAt ?? null).toBeNull();
    clock.advance(2 * HOUR);
    await purge(stack, clock);
    expect(existsSync(fox.path)).toBe(false);
    expect((await stack.core.webGallery(member)).jobs.map((j) => [j.prompt, j.outputs])).toEqual([['a red fox', undefined]]);
  });

  it('over the disk cap the oldest gallery files go first, only as many as needed; files the chat still keeps stay', async () => {
    const clock = new ManualClock(Date.now());
    stack = await createTestStack({ engine, clock, env: { OUTPUT_RETENTION_HOURS: '1', GALLERY_RETENTION_DAYS: '30' } });
    const s = stack;
    const made: { id: string; path: string }[] = [];
    for (const p of ['first', 'second', 'third', 'fourth']) {
      made.push(await make(s, p));
      clock.advance(60_000);
    }
    const bytes = await Promise.all(made.map(async (m) => (await s.app.jobs.get(m.id))!.galleryBytes!));
    const deps = { jobs: s.app.jobs, outputs: s.app.outputs, logger: s.logger };
    const total = bytes.reduce((a, b) => a + b, 0);

    // While the chat still keeps them, the cap drops the gallery's claim but not the files /job may still send.
    expect(await purgeGallery(deps, clock.now(), total - 1)).toBe(1);
    expect(existsSync(made[0]!.path)).toBe(true);
    expect((await s.app.jobs.get(made[0]!.id))!.galleryExpiresAt).toBeNull();

    // Once the chat's hour passed, the cap removes the oldest of the rest until under it: the second and third.
    clock.advance(2 * HOUR);
    await purge(s, clock);
    expect(existsSync(made[0]!.path)).toBe(false);
    const cap = bytes[3]! + 1;
    expect(await purgeGallery(deps, clock.now(), cap)).toBe(2);
    expect(made.map((m) => existsSync(m.path))).toEqual([false, false, false, true]);
    expect(await s.app.jobs.galleryBytes()).toBe(bytes[3]);
    // Every card is still there, newest first; only the fourth with its file.
    const cards = (await s.core.webGallery(member)).jobs;
    expect(cards.map((j) => [j.prompt, j.outputs?.length ?? 0])).toEqual([['fourth', 1], ['third', 0], ['second', 0], ['first', 0]]);
  });
});
