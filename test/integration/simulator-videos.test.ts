import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultMarkers } from '../../src/simulator/faults.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';

const PADDING = 200_000;
const timeline = { queuedMs: 60, runMs: 400, progressSteps: 4 };
let sim: SimulatorHandle;
let seed: SimulatorHandle;
let fixture: Buffer;

beforeAll(async () => {
  fixture = await readFile(new URL('../../src/simulator/assets/sample.mp4', import.meta.url));
  sim = await startSimulator({ video: timeline, videoPaddingBytes: PADDING });
  seed = await startSimulator({ video: timeline, flavor: 'seed' });
});
afterAll(async () => {
  await sim.close();
  await seed.close();
});

type Json = Record<string, unknown>;
const hdr = (t: string): Record<string, string> => ({ Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' });

async function create(s: SimulatorHandle, body: Json, token = s.tokens.media): Promise<Response> {
  return fetch(`${s.baseUrl}/v1/videos`, { method: 'POST', headers: hdr(token), body: JSON.stringify(body) });
}
async function poll(s: SimulatorHandle, id: string, legacy = false): Promise<Json> {
  const res = await fetch(`${s.baseUrl}/v1/${legacy ? 'video/generations' : 'videos'}/${id}`, { headers: hdr(s.tokens.media) });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}
/** Polls every 25 ms until a terminal word; returns every body seen. */
async function pollUntilDone(s: SimulatorHandle, id: string, done: string[]): Promise<Json[]> {
  const seen: Json[] = [];
  for (let i = 0; i < 200; i++) {
    const b = await poll(s, id);
    seen.push(b);
    if (done.includes(String(b.status))) return seen;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('task never ended');
}
const pct = (p: unknown): number => (typeof p === 'string' ? Number(p.replace('%', '')) : Number(p));

describe('simulator videos (new-api flavor)', () => {
  it('runs a task to completion with rising progress and streams fixture + padding', async () => {
    const before = sim.spentMicros(sim.tokens.media);
    const res = await create(sim, { model: 'gamma-video-1', prompt: 'waves', seconds: '5', size: '1280x720' });
    expect(res.status).toBe(200);
    const task = (await res.json()) as Json;
    expect(task).toMatchObject({ object: 'video', model: 'gamma-video-1', status: 'queued', progress: 0 });
    expect(task.id).toBe(task.task_id);
    const id = String(task.id);
    expect(sim.spentMicros(sim.tokens.media) - before).toBe(250_000);

    const early = await fetch(`${sim.baseUrl}/v1/videos/${id}/content`, { headers: hdr(sim.tokens.media) });
    expect(early.status).toBe(400);
    expect(((await early.json()) as { error: { message: string } }).error.message).toMatch(/^Task is not completed yet/);

    const seen = await pollUntilDone(sim, id, ['succeeded', 'failed']);
    const last = seen.at(-1)!;
    expect(last.status).toBe('succeeded');
    expect(last.progress).toBe('100%');
    expect((last.metadata as Json).url).toBe(`${sim.baseUrl}/v1/videos/${id}/content`);
    const progress = seen.map((b) => pct(b.progress));
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(new Set(progress.filter((p) => p > 0 && p < 100)).size).toBeGreaterThanOrEqual(2);
    expect(seen.some((b) => b.status === 'processing')).toBe(true);

    const content = await fetch(`${sim.baseUrl}/v1/videos/${id}/content`, { headers: hdr(sim.tokens.media) });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('video/mp4');
    expect(content.headers.get('cache-control')).toBeTruthy();
    expect(Number(content.headers.get('content-length'))).toBe(fixture.length + PADDING);
    const bytes = Buffer.from(await content.arrayBuffer());
    expect(bytes.length).toBe(fixture.length + PADDING);
    expect(bytes.subarray(0, fixture.length).equals(fixture)).toBe(true);
    expect(bytes.readUInt32BE(fixture.length)).toBe(PADDING);
    expect(bytes.toString('latin1', fixture.length + 4, fixture.length + 8)).toBe('free');
    expect(sim.task(id)).toMatchObject({ status: 'completed', model: 'gamma-video-1', seconds: 5, token: sim.tokens.media });

    const legacy = await poll(sim, id, true);
    expect(legacy).toMatchObject({ code: 'success', message: '', data: { task_id: id, status: 'SUCCESS', progress: '100%' } });
  });

  it('refuses a numeric or out-of-range seconds with 400 and charges nothing', async () => {
    const before = sim.spentMicros(sim.tokens.media);
    for (const seconds of [8, '3', '16', 'eight']) {
      const res = await create(sim, { model: 'gamma-video-1', prompt: 'x', seconds });
      expect(res.status).toBe(400);
    }
    expect(sim.spentMicros(sim.tokens.media)).toBe(before);
  });

  it('fails a [[fault:task_fail]] task and refunds it exactly once', async () => {
    sim.addToken('sk-video-refund-test', 'media', 5_000_000);
    const res = await create(sim, { model: 'kappa-video-hd', prompt: 'boom [[fault:task_fail]]', seconds: '10' }, 'sk-video-refund-test');
    const id = String(((await res.json()) as Json).id);
    expect(sim.spentMicros('sk-video-refund-test')).toBe(800_000);
    const polls = await fetchUntil(id, 'sk-video-refund-test');
    expect(polls.status).toBe('failed');
    expect((polls.error as Json).code).toBe('generation_failed');
    expect(sim.spentMicros('sk-video-refund-test')).toBe(0);
    expect(sim.balanceMicros('sk-video-refund-test')).toBe(5_000_000);
    await fetchUntil(id, 'sk-video-refund-test');
    expect(sim.spentMicros('sk-video-refund-test')).toBe(0);
    const legacy = await fetch(`${sim.baseUrl}/v1/video/generations/${id}`, { headers: hdr('sk-video-refund-test') });
    expect(((await legacy.json()) as { data: Json }).data).toMatchObject({ status: 'FAILURE', fail_reason: expect.any(String) });
  });

  it('keeps a task_never_ends task running', async () => {
    sim.addFault({ kind: 'task_never_ends', endpoint: 'video_create', times: 1 });
    const id = String(((await (await create(sim, { model: 'gamma-video-1', prompt: 'forever', seconds: '4' })).json()) as Json).id);
    await new Promise((r) => setTimeout(r, timeline.queuedMs + timeline.runMs * 2));
    expect((await poll(sim, id)).status).toBe('processing');
    expect(sim.task(id)?.status).toBe('in_progress');
  });

  it('cuts a truncated_mp4 download after announcing the full length', async () => {
    const id = String(((await (await create(sim, { model: 'gamma-video-1', prompt: 'cut', seconds: '4' })).json()) as Json).id);
    await pollUntilDone(sim, id, ['succeeded']);
    sim.addFault({ kind: 'truncated_mp4', times: 1 });
    const res = await fetch(`${sim.baseUrl}/v1/videos/${id}/content`, { headers: hdr(sim.tokens.media) });
    expect(Number(res.headers.get('content-length'))).toBe(fixture.length + PADDING);
    await expect(res.arrayBuffer()).rejects.toThrow();
    const whole = await fetch(`${sim.baseUrl}/v1/videos/${id}/content`, { headers: hdr(sim.tokens.media) });
    expect((await whole.arrayBuffer()).byteLength).toBe(fixture.length + PADDING);
  });

  it('cuts every download of a task whose prompt carries [[fault:truncated_mp4]], and only that task', async () => {
    const marked = String(((await (await create(sim, { model: 'gamma-video-1', prompt: 'a cut [[fault:truncated_mp4]] video', seconds: '4' })).json()) as Json).id);
    const plain = String(((await (await create(sim, { model: 'gamma-video-1', prompt: 'a whole video', seconds: '4' })).json()) as Json).id);
    await pollUntilDone(sim, marked, ['succeeded']);
    await pollUntilDone(sim, plain, ['succeeded']);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${sim.baseUrl}/v1/videos/${marked}/content`, { headers: hdr(sim.tokens.media) });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('content-length'))).toBe(fixture.length + PADDING);
      await expect(res.arrayBuffer()).rejects.toThrow();
    }
    const whole = await fetch(`${sim.baseUrl}/v1/videos/${plain}/content`, { headers: hdr(sim.tokens.media) });
    expect((await whole.arrayBuffer()).byteLength).toBe(fixture.length + PADDING);
  });

  it('reads fault markers whose kind names contain digits', () => {
    expect(faultMarkers('x [[fault:truncated_mp4]] y [[fault:task_fail]] [[fault:nope]]')).toEqual(['truncated_mp4', 'task_fail']);
  });

  it('answers unknown ids with task_not_exist (poll) and 404 (content)', async () => {
    const p = await fetch(`${sim.baseUrl}/v1/videos/task_nope`, { headers: hdr(sim.tokens.media) });
    expect(p.status).toBe(400);
    expect(await p.json()).toEqual({ code: 'task_not_exist', message: 'task_not_exist', data: null });
    expect((await fetch(`${sim.baseUrl}/v1/videos/task_nope/content`, { headers: hdr(sim.tokens.media) })).status).toBe(404);
  });

  it('accepts multipart with an input_reference and records it; the poor token gets 403', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108020000009077533de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082', 'hex');
    const fd = new FormData();
    fd.append('model', 'omega-video-i2v');
    fd.append('prompt', 'animate');
    fd.append('seconds', '6');
    fd.append('input_reference', new Blob([png], { type: 'image/png' }), 'ref.png');
    sim.clearRequests();
    const res = await fetch(`${sim.baseUrl}/v1/videos`, { method: 'POST', headers: { Authorization: `Bearer ${sim.tokens.media}` }, body: fd });
    expect(res.status).toBe(200);
    expect(sim.requests()[0]).toMatchObject({ endpoint: 'video_create', model: 'omega-video-i2v', seconds: '6', hasInputReference: true });
    const poor = await create(sim, { model: 'gamma-video-1', prompt: 'x', seconds: '4' }, sim.tokens.poor);
    expect(poor.status).toBe(403);
  });
});

async function fetchUntil(id: string, token: string): Promise<Json> {
  for (let i = 0; i < 200; i++) {
    const b = (await (await fetch(`${sim.baseUrl}/v1/videos/${id}`, { headers: hdr(token) })).json()) as Json;
    if (b.status === 'failed' || b.status === 'succeeded') return b;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('task never ended');
}

describe('simulator videos (seed flavor)', () => {
  it('accepts numeric seconds, uses OpenAI words, 404 before completion', async () => {
    const res = await create(seed, { model: 'kappa-video-lite', prompt: 'rain', seconds: 4 });
    expect(res.status).toBe(200);
    const task = (await res.json()) as Json;
    expect(String(task.id)).toMatch(/^video_/);
    expect(task.task_id).toBeUndefined();
    const early = await fetch(`${seed.baseUrl}/v1/videos/${String(task.id)}/content`, { headers: hdr(seed.tokens.media) });
    expect(early.status).toBe(404);
    const seen = await pollUntilDone(seed, String(task.id), ['completed', 'failed']);
    expect(seen.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    expect(seen.some((b) => b.status === 'in_progress' && typeof b.progress === 'number')).toBe(true);
    const content = await fetch(`${seed.baseUrl}/v1/videos/${String(task.id)}/content`, { headers: hdr(seed.tokens.media) });
    expect(Buffer.from(await content.arrayBuffer()).equals(fixture)).toBe(true);
    expect(seed.spentMicros(seed.tokens.media)).toBe(120_000);
  });
});
