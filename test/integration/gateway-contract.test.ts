import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGatewayFailure, type VideoTask } from '../../src/core/ports/media-gateway.js';
import { HttpMediaGateway } from '../../src/gateway/index.js';
import { startSimulator, type SimFlavor, type SimulatorHandle } from '../../src/simulator/index.js';

async function failure(p: Promise<unknown>): Promise<Error & { kind: string; status?: number; code?: string }> {
  try {
    await p;
  } catch (e) {
    if (!isGatewayFailure(e)) throw e;
    return e;
  }
  throw new Error('expected a gateway failure');
}

describe.each<SimFlavor>(['seed', 'new-api'])('HttpMediaGateway against the simulator (%s flavor)', (flavor) => {
  let sim: SimulatorHandle;
  let gw: HttpMediaGateway;
  let dir: string;

  beforeAll(async () => {
    sim = await startSimulator({ flavor, video: { queuedMs: 30, runMs: 150, progressSteps: 3 } });
    gw = new HttpMediaGateway({ baseUrl: sim.baseUrl, retryBaseMs: 5, timeoutMs: 15_000 });
    dir = mkdtempSync(join(tmpdir(), 'gw-contract-'));
  });
  afterAll(async () => {
    await gw.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists models', async () => {
    const models = await gw.listModels(sim.tokens.media);
    expect(models.map((m) => m.id)).toContain('alpha-image-2');
  });

  it('generates and edits images (3 references)', async () => {
    const gen = await gw.generateImage(sim.tokens.media, { model: 'alpha-image-2', prompt: 'a red fox', size: '1024x1024' });
    const png = Buffer.from(gen.images[0]!.b64!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const ref = { data: new Uint8Array(png), filename: 'ref.png', contentType: 'image/png' };
    const edit = await gw.editImage(sim.tokens.media, { model: 'alpha-image-2', prompt: 'make it blue', images: [ref, ref, ref] });
    expect(edit.images[0]!.b64).toBeTruthy();
    const last = sim.requests().at(-1)!;
    expect(last).toMatchObject({ endpoint: 'edit', imageParts: 3, imageField: 'image' });
  });

  it('creates, polls and downloads a video; an image-to-video create sends input_reference', async () => {
    const created = await gw.createVideo(sim.tokens.media, { model: 'gamma-video-1', prompt: 'waves', seconds: 4 });
    expect(created.status).toBe('queued');
    let task: VideoTask = created;
    for (let i = 0; i < 100 && task.status !== 'succeeded' && task.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 30));
      task = await gw.getVideo(sim.tokens.media, created.id);
    }
    expect(task).toMatchObject({ id: created.id, status: 'succeeded', progress: 100 });
    const dest = join(dir, `${flavor}.mp4`);
    const out = await gw.downloadVideo(sim.tokens.media, created.id, dest);
    const bytes = readFileSync(dest);
    expect(out.bytes).toBe(bytes.length);
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp');

    const gen = await gw.generateImage(sim.tokens.media, { model: 'alpha-image-2', prompt: 'start frame' });
    const ref = { data: new Uint8Array(Buffer.from(gen.images[0]!.b64!, 'base64')), filename: 'start.png', contentType: 'image/png' };
    await gw.createVideo(sim.tokens.media, { model: 'omega-video-i2v', prompt: 'move', seconds: 5, inputReference: ref });
    expect(sim.requests().at(-1)).toMatchObject({ endpoint: 'video_create', hasInputReference: true, seconds: '5' });
  });

  it('reports an unknown task and content not ready', async () => {
    expect((await failure(gw.getVideo(sim.tokens.media, 'task_does_not_exist'))).kind).toBe('task_not_found');
    const created = await gw.createVideo(sim.tokens.media, { model: 'gamma-video-1', prompt: 'slow', seconds: 4 });
    const err = await failure(gw.downloadVideo(sim.tokens.media, created.id, join(dir, 'early.mp4')));
    expect(err.kind).toBe('not_ready');
    expect(existsSync(join(dir, 'early.mp4'))).toBe(false);
  });

  it('chats on both text endpoints', async () => {
    const chat = await gw.chat(sim.tokens.media, { model: 'text-chat-mini', messages: [{ role: 'user', content: 'hello' }] });
    expect(chat.text.length).toBeGreaterThan(0);
    const msg = await gw.messages(sim.tokens.media, { model: 'text-chat-mini', messages: [{ role: 'user', content: 'hello' }] });
    expect(msg.text.length).toBeGreaterThan(0);
  });

  it('maps the simulator errors', async () => {
    expect((await failure(gw.listModels(sim.tokens.invalid))).kind).toBe('auth');
    expect((await failure(gw.generateImage(sim.tokens.text, { model: 'alpha-image-2', prompt: 'x' }))).kind).toBe('no_channel');
    expect((await failure(gw.generateImage(sim.tokens.poor, { model: 'alpha-image-2', prompt: 'x' }))).kind).toBe('quota');
    const unknown = await failure(gw.generateImage(sim.tokens.media, { model: 'alpha-image-9', prompt: 'x' }));
    expect(flavor === 'seed' ? ['model_not_found'] : ['model_not_found', 'no_channel']).toContain(unknown.kind);
  });

  it('retries an injected 429 and surfaces a truncated mp4', async () => {
    sim.addFault({ kind: 'rate_limit_no_header', endpoint: 'image', times: 1 });
    await gw.generateImage(sim.tokens.media, { model: 'alpha-image-2', prompt: 'after 429' });
    sim.clearFaults();
    const created = await gw.createVideo(sim.tokens.media, { model: 'gamma-video-1', prompt: 'cut', seconds: 4 });
    let task: VideoTask = created;
    for (let i = 0; i < 100 && task.status !== 'succeeded'; i++) {
      await new Promise((r) => setTimeout(r, 30));
      task = await gw.getVideo(sim.tokens.media, created.id);
    }
    sim.addFault({ kind: 'truncated_mp4', endpoint: 'video_content', times: 1 });
    const dest = join(dir, 'cut.mp4');
    expect(await failure(gw.downloadVideo(sim.tokens.media, created.id, dest))).toMatchObject({ kind: 'malformed', code: 'truncated' });
    expect(existsSync(dest)).toBe(false);
    sim.clearFaults();
  });
});
