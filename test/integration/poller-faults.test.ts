import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from '../../src/core/ports/delivery.js';
import { describeFailure } from '../../src/core/messages.js';
import type { JobRecord } from '../../src/core/ports/job-store.js';
import { locateFfmpeg } from '../../src/jobs/ffmpeg-locator.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { buildRig, ledgerSpent, openHolds, startVideoJob, type Rig, type RigOptions } from '../support/poller-child.js';

let sim: SimulatorHandle;
let dir: string;
let rig: Rig | undefined;
let tokenSeq = 0;
const FINAL = ['delivered', 'refunded', 'expired', 'released', 'undeliverable', 'failed'];

beforeAll(async () => {
  sim = await startSimulator({ video: { queuedMs: 40, runMs: 240, progressSteps: 3 } });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  sim.clearFaults();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A rig on a fresh database with its own simulator token (so its balance is this test's alone). */
async function setup(over: Partial<RigOptions> = {}): Promise<{ rig: Rig; token: string }> {
  dir = mkdtempSync(join(tmpdir(), 'poller-'));
  const token = `sk-poller-test-${++tokenSeq}-abcdef`;
  sim.addToken(token, 'media');
  rig = await buildRig({ dbPath: join(dir, 'bot.sqlite'), outputsDir: join(dir, 'out'), gatewayUrl: sim.baseUrl, operatorToken: token, ...over });
  return { rig, token };
}

async function untilFinal(r: Rig, id: string, timeoutMs = 10_000): Promise<JobRecord> {
  const start = Date.now();
  for (;;) {
    const j = await r.jobs.get(id);
    if (j && FINAL.includes(j.status)) {
      // Let the tick that ended the job finish (it notifies the user right after the final transition).
      await r.poller.stop();
      r.poller.start();
      return (await r.jobs.get(id))!;
    }
    if (Date.now() - start > timeoutMs) throw new Error(`job ${id} still ${j?.status} after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

async function expectLedgerMatches(r: Rig, token: string): Promise<void> {
  expect(await ledgerSpent(r.store)).toBe(sim.spentMicros(token));
  expect(await openHolds(r.store)).toBe(0);
}

describe('VideoPoller against the simulator', () => {
  it('delivers a video once, settles the hold for its seconds, shows progress and deletes the file', async () => {
    const { rig, token } = await setup();
    const id = await startVideoJob(rig, { prompt: 'a lighthouse', seconds: 5, token });
    rig.poller.start();
    const job = await untilFinal(rig, id);
    expect(job).toMatchObject({ status: 'delivered', chargedMicros: 250_000, progress: 100, delivered: { messageIds: [`msg-${id}`] }, outputPath: null, leaseOwner: null });
    const events = rig.delivery.of(id);
    expect(events.filter((e) => e.type === 'video')).toHaveLength(1);
    expect(events.some((e) => e.type === 'progress')).toBe(true);
    expect(events.filter((e) => e.type === 'failure')).toHaveLength(0);
    expect(await rig.outputs.list(id)).toEqual([]);
    const charges = await rig.store.db.selectFrom('ledger_entries').selectAll().where('kind', '=', 'charge').execute();
    expect(charges).toMatchObject([{ amount_micros: 250_000, units: 5, unit: 'second', job_id: id }]);
    await expectLedgerMatches(rig, token);
  });

  it('routes a job whose delivery address was stored by the old code (`platform`, no `surface`) and delivers it', async () => {
    const { rig, token } = await setup();
    const id = await startVideoJob(rig, { prompt: 'an old row', seconds: 4, token });
    const legacy = JSON.stringify({ platform: 'console', chatId: 'console', userExternalId: 'tester' });
    await rig.store.db.updateTable('jobs').set({ delivery: legacy }).where('id', '=', id).execute();
    rig.poller.start();
    const job = await untilFinal(rig, id);
    expect(job).toMatchObject({ status: 'delivered', delivery: { surface: 'console', chatId: 'console' }, delivered: { messageIds: [`msg-${id}`] } });
    expect(rig.delivery.of(id).filter((e) => e.type === 'video')).toHaveLength(1);
    await expectLedgerMatches(rig, token);
  });

  it('throttles progress updates per job', async () => {
    const { rig, token } = await setup({ poller: { progressEveryMs: 60_000 } });
    const id = await startVideoJob(rig, { prompt: 'slow clouds', token });
    rig.poller.start();
    await untilFinal(rig, id);
    expect(rig.delivery.of(id).filter((e) => e.type === 'progress')).toHaveLength(1);
  });

  it('rides out a 429 storm, 5xx answers and timeouts on polls and downloads', async () => {
    const { rig, token } = await setup({ gatewayTimeoutMs: 300, gatewayRetries: 0 });
    sim.addFault({ kind: 'rate_limit_no_header', endpoint: 'video_poll', times: 6 });
    sim.addFault({ kind: 'server_error', endpoint: 'video_poll', times: 2 });
    sim.addFault({ kind: 'slow', endpoint: 'video_poll', slowMs: 1_000, times: 1 });
    sim.addFault({ kind: 'bad_gateway', endpoint: 'video_content', times: 2 });
    const id = await startVideoJob(rig, { prompt: 'stormy sea', token });
    rig.poller.start();
    const job = await untilFinal(rig, id, 15_000);
    expect(job.status).toBe('delivered');
    expect(rig.delivery.of(id).filter((e) => e.type === 'video')).toHaveLength(1);
    const polls = sim.requests().filter((r) => r.endpoint === 'video_poll' && r.token === token);
    expect(polls.length).toBeGreaterThanOrEqual(9);
    await expectLedgerMatches(rig, token);
  });

  it('a task that fails is refunded: hold released, user told, ledger 0 like the gateway', async () => {
    const { rig, token } = await setup();
    const id = await startVideoJob(rig, { prompt: 'doomed [[fault:task_fail]]', token });
    rig.poller.start();
    const job = await untilFinal(rig, id);
    expect(job).toMatchObject({ status: 'refunded', errorCode: 'task_failed_refunded', chargedMicros: null });
    const failures = rig.delivery.of(id).filter((e) => e.type === 'failure');
    expect(failures).toMatchObject([{ code: 'task_failed_refunded', money: 'refunded' }]);
    if (failures[0]?.type === 'failure') expect(describeFailure(failures[0].failure).text).toMatch(/nothing was charged/);
    expect(sim.spentMicros(token)).toBe(0);
    await expectLedgerMatches(rig, token);
  });

  it('an unknown task id is treated as refunded', async () => {
    const { rig, token } = await setup();
    const id = await startVideoJob(rig, { prompt: 'lost', token });
    await rig.jobs.update(id, ['submitted'], { remoteTaskId: 'task_does_not_exist' });
    rig.poller.start();
    const job = await untilFinal(rig, id);
    expect(job).toMatchObject({ status: 'refunded', errorDetail: 'task_not_found' });
    expect(await openHolds(rig.store)).toBe(0);
  });

  it('a task that never finishes expires at the deadline with the hold released', async () => {
    const { rig, token } = await setup({ poller: { deadlineMs: 700 } });
    const id = await startVideoJob(rig, { prompt: 'forever [[fault:task_never_ends]]', seconds: 4, token });
    rig.poller.start();
    const job = await untilFinal(rig, id);
    expect(job).toMatchObject({ status: 'expired', errorCode: 'task_expired_released' });
    expect(rig.delivery.of(id).filter((e) => e.type === 'failure')).toMatchObject([{ code: 'task_expired_released', money: 'released' }]);
    expect(await ledgerSpent(rig.store)).toBe(0);
    expect(await openHolds(rig.store)).toBe(0);
    // The gateway keeps this charge until its own deadline (24 h) refunds it; the simulator never reaches it.
    expect(sim.spentMicros(token)).toBe(200_000);
  });

  it('a truncated download is retried and then delivered once', async () => {
    const { rig, token } = await setup();
    sim.addFault({ kind: 'truncated_mp4', endpoint: 'video_content', times: 1 });
    const id = await startVideoJob(rig, { prompt: 'cut short once', token });
    rig.poller.start();
    const job = await untilFinal(rig, id);
    expect(job.status).toBe('delivered');
    expect(sim.requests().filter((r) => r.endpoint === 'video_content' && r.token === token).length).toBeGreaterThanOrEqual(2);
    expect(rig.delivery.of(id).filter((e) => e.type === 'video')).toHaveLength(1);
    await expectLedgerMatches(rig, token);
  });

  it('a download that is always truncated ends undeliverable, still charged (the gateway made it)', async () => {
    const { rig, token } = await setup({ poller: { maxAttempts: 3 } });
    sim.addFault({ kind: 'truncated_mp4', endpoint: 'video_content', token });
    const id = await startVideoJob(rig, { prompt: 'always cut', token });
    rig.poller.start();
    const job = await untilFinal(rig, id);
    expect(job).toMatchObject({ status: 'undeliverable', errorCode: 'delivery_failed_charged', chargedMicros: 200_000 });
    const failure = rig.delivery.of(id).find((e) => e.type === 'failure');
    expect(failure).toMatchObject({ code: 'delivery_failed_charged', money: 'charged' });
    if (failure?.type === 'failure') {
      expect(failure.failure.details).toEqual({ reason: 'download', jobId: id, retrievableUntil: null });
      const text = describeFailure(failure.failure).text;
      expect(text).toContain('was made and paid for, but the bot could not download it');
      expect(text).not.toMatch(/try again/i);
    }
    expect(await rig.outputs.list(id)).toEqual([]); // no partial file left behind
    expect(existsSync(rig.outputs.dirOf(id)), 'an empty job folder was left in OUTPUT_DIR').toBe(false);
    await expectLedgerMatches(rig, token);
  });

  it('keeps a too-large result retrievable when it cannot be re-encoded, and purges it after retention', async () => {
    sim.clearFaults();
    const { rig, token } = await setup({ uploadLimitBytes: 10_000, ffmpegPath: null, poller: { retentionMs: 400, purgeEveryMs: 50 } });
    const id = await startVideoJob(rig, { prompt: 'huge', token });
    rig.poller.start();
    const job = await untilFinal(rig, id);
    expect(job).toMatchObject({ status: 'undeliverable', errorCode: 'output_too_large', chargedMicros: 200_000 });
    expect(job.outputPath && existsSync(job.outputPath)).toBe(true);
    expect(job.outputExpiresAt).toBeGreaterThan(Date.now());
    const failure = rig.delivery.of(id).find((e) => e.type === 'failure');
    expect(failure).toMatchObject({ code: 'output_too_large', money: 'charged' });
    if (failure?.type === 'failure') {
      expect(failure.failure.details).toMatchObject({ limitBytes: 10_000 });
      expect(job.outputPath).toMatch(/video\.mp4$/);
      expect(describeFailure(failure.failure).text).toMatch(/can still be fetched/);
    }
    await expectLedgerMatches(rig, token);
    const start = Date.now();
    while ((await rig.jobs.get(id))?.outputPath !== null && Date.now() - start < 5_000) await new Promise((r) => setTimeout(r, 50));
    expect((await rig.jobs.get(id))?.outputPath).toBeNull();
    expect(existsSync(job.outputPath!)).toBe(false);
  });

  it('re-encodes a too-large result with ffmpeg to fit the upload limit', async () => {
    const ffmpeg = (await locateFfmpeg())?.path ?? null;
    expect(ffmpeg, 'a system ffmpeg or the @ffmpeg-installer/ffmpeg package must be installed for this test').not.toBeNull();
    const padded = await startSimulator({ video: { queuedMs: 20, runMs: 100, progressSteps: 2 }, videoPaddingBytes: 300_000 });
    try {
      dir = mkdtempSync(join(tmpdir(), 'poller-'));
      rig = await buildRig({ dbPath: join(dir, 'bot.sqlite'), outputsDir: join(dir, 'out'), gatewayUrl: padded.baseUrl, operatorToken: padded.tokens.media, uploadLimitBytes: 200_000, ffmpegPath: ffmpeg });
      const id = await startVideoJob(rig, { prompt: 'padded', token: padded.tokens.media });
      rig.poller.start();
      const job = await untilFinal(rig, id, 20_000);
      expect(job.status).toBe('delivered');
      const video = rig.delivery.of(id).find((e) => e.type === 'video');
      expect(video?.type === 'video' && video.bytes).toBeLessThanOrEqual(200_000);
      expect(video?.type === 'video' && video.path.endsWith('video-fit.mp4')).toBe(true);
      expect(await ledgerSpent(rig.store)).toBe(padded.spentMicros(padded.tokens.media));
      await rig.close();
      rig = undefined;
    } finally {
      await padded.close();
    }
  });

  it('retries a transient delivery error keeping the file, and keeps the result when the chat is gone', async () => {
    const { rig, token } = await setup();
    rig.delivery.failNext.push(new DeliveryError('transient', 'rate limited', 50), new DeliveryError('transient', 'again'));
    const ok = await startVideoJob(rig, { prompt: 'persistent', token });
    rig.poller.start();
    expect((await untilFinal(rig, ok)).status).toBe('delivered');
    expect(rig.delivery.of(ok).filter((e) => e.type === 'video')).toHaveLength(1);
    expect(sim.requests().filter((r) => r.endpoint === 'video_content' && r.token === token)).toHaveLength(1);

    rig.delivery.failNext.push(new DeliveryError('gone', 'unknown channel'));
    const gone = await startVideoJob(rig, { prompt: 'nowhere', token });
    const job = await untilFinal(rig, gone);
    expect(job).toMatchObject({ status: 'undeliverable', errorCode: 'delivery_failed_charged', chargedMicros: 200_000 });
    expect(job.outputPath && existsSync(job.outputPath)).toBe(true);
    const told = rig.delivery.of(gone).find((e) => e.type === 'failure');
    expect(told).toMatchObject({ code: 'delivery_failed_charged', money: 'charged' });
    if (told?.type === 'failure') {
      expect(told.failure.details).toMatchObject({ reason: 'chat_gone', jobId: gone });
      expect(describeFailure(told.failure).text).toContain(`get it with /job ${gone} until`);
    }
    await expectLedgerMatches(rig, token);
  });

  it('resolves the job’s own token source again; when that token was unlinked the hold is released', async () => {
    const { rig, token } = await setup();
    await rig.store.admin.linkToken('test', { kind: 'scope', ownerId: rig.scopeId }, token, rig.scopeId);
    const id = await startVideoJob(rig, { prompt: 'community video', tokenSource: 'scope', token });
    const delivered = await startVideoJob(rig, { prompt: 'community video 2', tokenSource: 'scope', token });
    rig.poller.start();
    expect((await untilFinal(rig, delivered)).status).toBe('delivered');
    await rig.poller.stop();

    const other = await startVideoJob(rig, { prompt: 'orphan', tokenSource: 'scope', token });
    await rig.store.admin.unlinkToken('test', { kind: 'scope', ownerId: rig.scopeId }, rig.scopeId);
    rig.poller.start();
    const job = await untilFinal(rig, other);
    expect(job).toMatchObject({ status: 'released', errorCode: 'token_rejected' });
    expect(rig.delivery.of(other).find((e) => e.type === 'failure')).toMatchObject({ code: 'token_rejected', money: 'released' });
    expect((await rig.jobs.get(id))?.status).toBe('delivered');
  });
});
