/**
 * The queue you can see, through the command layer on the simulator:
 * - 10 image jobs against the gateway's concurrency gate at 2: the waiting ones show their place, only going down;
 *   `/queue` lists a member's own jobs and an admin every member's; one waiting job cancelled (by its owner, not by
 *   another member) leaves with its hold released and is told so; a job the gateway already works on is refused with
 *   words; every other job is delivered once and the ledger equals the simulator's bill;
 * - jobs in the bot's own fair-use line: the Cancel button of a status takes the job out, nothing held or charged;
 * - a video at the gateway cannot be cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, DeliveryAddress } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { ArgValues, Reply } from '../../src/core/commands/types.js';
import type { Progress, SurfaceRequest } from '../../src/core/ports/surface.js';
import { describeFailure } from '../../src/core/messages/failure-text.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

const MODEL = 'alpha-image-2';
const IMAGE_BILL = 10_000; // what the simulator bills for one alpha-image-2 image

interface Req extends SurfaceRequest {
  seen: Progress[];
}

function requestFor(t: TestStack, user: string, admin = false): Req {
  const actor: Actor = t.actor({ user, kind: 'group' });
  const r: Req = {
    actor,
    surface: { id: 'console', buttons: true, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` },
    uploadLimitBytes: 50 * 1024 * 1024,
    seen: [],
    isAdmin: () => Promise.resolve(admin),
    progress(p) {
      r.seen.push(p);
    },
    deliveryAddress: (): Promise<DeliveryAddress> => Promise.resolve({ surface: 'console', chat: actor.scope.externalId }),
  };
  return r;
}

function run(d: CommandDispatcher, command: string, args: ArgValues, req: SurfaceRequest): Promise<Reply> {
  return d.run({ command, args, request: req });
}

async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const waits = (r: Req) => r.seen.flatMap((p) => (p.kind === 'gateway_wait' ? [p] : []));
const queued = (r: Req) => r.seen.flatMap((p) => (p.kind === 'queued' ? [p] : []));

describe('10 jobs against a gateway limit of 2', () => {
  let t: TestStack;
  let d: CommandDispatcher;
  beforeAll(async () => {
    t = await createTestStack({
      sim: { imageDelayMs: 400, concurrencyGate: { limit: 2 } },
      env: { DEFAULT_ALLOWANCE: '10', MAX_JOBS_PER_USER: '10', MAX_JOBS_PER_SCOPE: '10', GATEWAY_TIMEOUT_MS: '60000' },
      startPoller: false,
    });
    d = new CommandDispatcher({ core: t.core, ownerIds: t.config.ownerIds, logger: t.logger });
    expect((await t.core.models(t.actor())).ok).toBe(true);
  });
  afterAll(() => t?.close());

  it('positions shown and going down, /queue for a member and an admin, one cancel released and told, the rest delivered once', async () => {
    const spentBefore = t.sim.spentMicros(t.sim.tokens.media);
    const chargedBefore = await ledgerNetCharged(t.store);
    const reqs = Array.from({ length: 10 }, (_, i) => requestFor(t, `q${i}`));
    const replies = reqs.map(async (r, i) => {
      await new Promise((res) => setTimeout(res, i * 40)); // arrive in order
      return run(d, 'imagine', { prompt: `queued picture ${i}`, model: MODEL }, r);
    });

    // The last to arrive waits behind others for the gateway, its job id on its status (for the Cancel button).
    const victim = reqs[9]!;
    await until('the last job to wait in the gateway line', () => waits(victim).length > 0);
    const victimId = waits(victim)[0]!.jobId!;
    expect(victimId).toMatch(/^j_[a-z2-7]{8}$/);

    // The member sees their own job; the community's counts cover everyone's.
    const mine = await run(d, 'queue', {}, requestFor(t, 'q9'));
    expect(mine.tone).toBe('info');
    expect(mine.fields?.map((f) => f.name)).toEqual([victimId]);
    expect(mine.fields?.[0]?.value).toMatch(/^image · alpha-image-2 · (next|\d+ ahead of it) for the gateway \(it is busy\) · \d+ s so far$/);
    expect(mine.blocks[0]).toMatch(/^In this community: \d+ waiting, \d+ running\.$/);
    expect(mine.actions?.map((a) => a.args)).toEqual([{ action: 'cancel', job: victimId }]);

    // An admin sees every member's jobs, and which are being made.
    const all = await run(d, 'queue', {}, requestFor(t, 'mod', true));
    expect(all.title).toBe('Queue of this community');
    expect(all.fields!.length).toBeGreaterThanOrEqual(3);
    expect(all.fields!.some((f) => f.name === victimId && f.value.startsWith('member q9 · image'))).toBe(true);
    const atGateway = all.fields!.find((f) => f.value.includes('being made'));
    expect(atGateway).toBeDefined();

    // Another member may not cancel it; a job the gateway works on is refused, truthfully.
    const notMine = await run(d, 'queue', { action: 'cancel', job: victimId }, requestFor(t, 'q0'));
    expect(notMine.failure?.code).toBe('job_not_cancellable');
    expect(notMine.blocks[0]).toContain('belongs to another member');
    const busy = await run(d, 'queue', { action: 'cancel', job: atGateway!.name }, requestFor(t, 'mod', true));
    expect(busy.failure?.code).toBe('job_not_cancellable');
    expect(busy.blocks[0]).toContain('can no longer be cancelled: the gateway is already working on it. It finishes and is charged as usual');
    expect(busy.blocks[0]).not.toMatch(/nothing was charged/i);

    // Its owner cancels it: told at once, hold released.
    const cancelled = await run(d, 'queue', { action: 'cancel', job: victimId }, requestFor(t, 'q9'));
    expect(cancelled.tone).toBe('info');
    expect(cancelled.blocks[0]).toBe(`Job ${victimId} (image) was taken out of the line before the gateway started on it. Its hold was released: nothing was charged.`);

    const done = await Promise.all(replies);
    const own = done[9]!;
    expect(own.failure?.code).toBe('job_cancelled');
    expect(own.failure?.money).toBe('released');
    expect(describeFailure(own.failure!).text).toBe('Your image request was cancelled before the gateway started on it. Your hold was released: nothing was charged.');
    expect(done.slice(0, 9).map((r) => r.tone)).toEqual(Array(9).fill('result'));
    for (const r of done.slice(0, 9)) await t.core.recordDelivery(r.jobId!, ['posted']); // as a surface does once posted
    const row = await t.store.db.selectFrom('jobs').select(['status', 'error_code']).where('id', '=', victimId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error_code: 'job_cancelled' });

    // Positions were shown, several places deep, and never went up.
    expect(Math.max(...reqs.flatMap((r) => waits(r).map((w) => w.ahead)))).toBeGreaterThanOrEqual(2);
    for (const r of reqs) {
      const a = waits(r).map((w) => w.ahead);
      expect([...a].sort((x, y) => y - x)).toEqual(a);
    }

    // Every other job delivered once; the ledger is the simulator's bill; nothing held.
    const billed = t.sim.spentMicros(t.sim.tokens.media) - spentBefore;
    expect(billed).toBe(9 * IMAGE_BILL);
    expect((await ledgerNetCharged(t.store)) - chargedBefore).toBe(billed);
    expect(await openHolds(t.store)).toBe(0);
    expect(t.sim.gate.refused()).toBeGreaterThan(0);

    // Nothing left in the queue; a finished job cannot be cancelled.
    const after = await run(d, 'queue', {}, requestFor(t, 'q9'));
    expect(after.blocks).toEqual(['You have no jobs waiting or running here.', 'In this community: 0 waiting, 0 running.']);
    const over = await run(d, 'queue', { action: 'cancel', job: atGateway!.name }, requestFor(t, 'mod', true));
    expect(over.blocks[0]).toContain('has already ended: there is nothing to cancel');
  });

  it('a video at the gateway cannot be cancelled: refused with words, its hold kept', async () => {
    const a = requestFor(t, 'v1');
    const started = await t.core.startVideo({ ...a.actor, prompt: 'a wave', seconds: 4, model: 'gamma-video-1', delivery: { surface: 'console', chat: 's1' } });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const q = await run(d, 'queue', {}, a);
    expect(q.fields?.[0]).toMatchObject({ name: started.value.jobId });
    expect(q.fields?.[0]?.value).toMatch(/^video · gamma-video-1 · being made · \d+ s so far · (about .+ left|taking longer than usual)$/);
    expect(q.actions).toBeUndefined();
    const r = await run(d, 'queue', { action: 'cancel', job: started.value.jobId }, a);
    expect(r.failure?.code).toBe('job_not_cancellable');
    expect(r.blocks[0]).toContain('the gateway is already working on it');
    expect(await openHolds(t.store)).toBe(1);
  });
});

describe("the bot's own fair-use line", () => {
  let t: TestStack;
  let d: CommandDispatcher;
  beforeAll(async () => {
    t = await createTestStack({ sim: { imageDelayMs: 300 }, env: { DEFAULT_ALLOWANCE: '10', MAX_JOBS_PER_USER: '10', MAX_JOBS_PER_SCOPE: '2' }, startPoller: false });
    d = new CommandDispatcher({ core: t.core, ownerIds: t.config.ownerIds, logger: t.logger });
    expect((await t.core.models(t.actor())).ok).toBe(true);
  });
  afterAll(() => t?.close());

  it('the Cancel button of a queued status takes the job out: nothing held, nothing charged, the others delivered', async () => {
    const spentBefore = t.sim.spentMicros(t.sim.tokens.media);
    const chargedBefore = await ledgerNetCharged(t.store);
    const reqs = Array.from({ length: 6 }, (_, i) => requestFor(t, `f${i}`));
    const replies = reqs.map(async (r, i) => {
      await new Promise((res) => setTimeout(res, i * 30));
      return run(d, 'imagine', { prompt: `line ${i}`, model: MODEL }, r);
    });
    const last = reqs[5]!;
    await until('the last job queued', () => queued(last).length > 0);
    expect(queued(last)[0]!.position).toBe(4);
    const jobId = queued(last)[0]!.jobId!;
    const q = await run(d, 'queue', {}, last);
    expect(q.fields?.[0]?.value).toMatch(/^image · alpha-image-2 · number \d in line · \d+ s so far$/);
    // The status's Cancel button is `/queue cancel <id>` (what a surface runs when it is pressed).
    const button = q.actions![0]!;
    expect(button).toMatchObject({ command: 'queue', args: { action: 'cancel', job: jobId } });
    const told = await run(d, button.command, button.args, last);
    expect(told.blocks[0]).toBe(`Job ${jobId} (image) was taken out of the line before the gateway started on it. Nothing was charged.`);

    const done = await Promise.all(replies);
    expect(done[5]!.failure?.code).toBe('job_cancelled');
    expect(done[5]!.failure?.money).toBe('none');
    expect(done.slice(0, 5).map((r) => r.tone)).toEqual(Array(5).fill('result'));
    for (const r of reqs.slice(0, 5)) {
      const p = queued(r).map((x) => x.position);
      expect([...p].sort((x, y) => y - x)).toEqual(p);
    }
    expect(queued(reqs[4]!).map((x) => x.position)[0]).toBe(3);
    const billed = t.sim.spentMicros(t.sim.tokens.media) - spentBefore;
    expect(billed).toBe(5 * IMAGE_BILL);
    expect((await ledgerNetCharged(t.store)) - chargedBefore).toBe(billed);
    expect(await openHolds(t.store)).toBe(0);
    expect(await t.store.db.selectFrom('jobs').select('id').where('id', '=', jobId).executeTakeFirst()).toBeUndefined();
  });
});
