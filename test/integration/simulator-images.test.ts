import { inflateSync, crc32 } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.clearRequests());

const auth = (t: string): Record<string, string> => ({ Authorization: `Bearer ${t}` });

async function generate(body: Record<string, unknown>, token = sim.tokens.media): Promise<Response> {
  return fetch(`${sim.baseUrl}/v1/images/generations`, { method: 'POST', headers: { ...auth(token), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** Decodes a PNG far enough to check it: chunk CRCs, IHDR, and the inflated IDAT length. */
function inspectPng(buf: Buffer): { width: number; height: number; rawLength: number } {
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let pos = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  for (;;) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    expect(buf.readUInt32BE(pos + 8 + len)).toBe(crc32(buf.subarray(pos + 4, pos + 8 + len)));
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 2]);
    }
    if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
    if (type === 'IEND') break;
  }
  return { width, height, rawLength: inflateSync(Buffer.concat(idat)).length };
}

async function pngOf(res: Response, i = 0): Promise<Buffer> {
  const body = (await res.json()) as { data: { b64_json: string }[] };
  return Buffer.from(body.data[i]!.b64_json, 'base64');
}

function editForm(parts: { field: string; data: Buffer; name?: string; type?: string }[], model = 'alpha-image-2', extra: Record<string, string> = {}): FormData {
  const fd = new FormData();
  fd.append('model', model);
  fd.append('prompt', 'make it blue');
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  for (const p of parts) fd.append(p.field, new Blob([p.data], { type: p.type ?? 'image/png' }), p.name ?? 'in.png');
  return fd;
}

const edit = (fd: FormData, token = sim.tokens.media): Promise<Response> => fetch(`${sim.baseUrl}/v1/images/edits`, { method: 'POST', headers: auth(token), body: fd });

describe('simulator images', () => {
  it('generates a real PNG of the requested size and charges per image', async () => {
    const before = sim.spentMicros(sim.tokens.media);
    const res = await generate({ model: 'alpha-image-2', prompt: 'a fox', size: '640x480' });
    expect(res.status).toBe(200);
    const info = inspectPng(await pngOf(res));
    expect(info).toEqual({ width: 640, height: 480, rawLength: 480 * (1 + 3 * 640) });
    expect(sim.spentMicros(sim.tokens.media) - before).toBe(10_000);
  });

  it('defaults to 1024x1024, honours n, and renders 3840x2160 on a 4K model', async () => {
    const before = sim.spentMicros(sim.tokens.media);
    const two = await generate({ model: 'delta-image-turbo', prompt: 'two cats', n: 2 });
    const body = (await two.json()) as { data: { b64_json: string }[]; usage: unknown };
    expect(body.data).toHaveLength(2);
    expect(body.usage).toBeTypeOf('object');
    expect(inspectPng(Buffer.from(body.data[1]!.b64_json, 'base64'))).toMatchObject({ width: 1024, height: 1024 });
    const big = await generate({ model: 'alpha-image-2-4k', prompt: 'city', size: '3840x2160' });
    expect(inspectPng(await pngOf(big))).toEqual({ width: 3840, height: 2160, rawLength: 2160 * (1 + 3 * 3840) });
    expect(sim.spentMicros(sim.tokens.media) - before).toBe(2 * 5_000 + 40_000);
  });

  it('refuses bad sizes and empty prompts with 400 and charges nothing', async () => {
    const before = sim.spentMicros(sim.tokens.media);
    for (const size of ['2048x2048', '0x100', 'big', '100x-5']) {
      const res = await generate({ model: 'alpha-image-2', prompt: 'x', size });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_size');
    }
    const empty = await generate({ model: 'alpha-image-2', prompt: '  ' });
    expect(empty.status).toBe(400);
    expect(sim.spentMicros(sim.tokens.media)).toBe(before);
  });

  it('edits with one `image` part and with three `image[]` parts', async () => {
    const src = await pngOf(await generate({ model: 'alpha-image-2', prompt: 'src', size: '300x200' }));
    const before = sim.spentMicros(sim.tokens.media);
    const one = await edit(editForm([{ field: 'image', data: src }]));
    expect(one.status).toBe(200);
    expect(inspectPng(await pngOf(one))).toMatchObject({ width: 300, height: 200 });
    const three = await edit(editForm([0, 1, 2].map(() => ({ field: 'image[]', data: src })), 'alpha-image-2', { size: '512x512' }));
    expect(three.status).toBe(200);
    expect(inspectPng(await pngOf(three))).toMatchObject({ width: 512, height: 512 });
    expect(sim.spentMicros(sim.tokens.media) - before).toBe(20_000);
    const log = sim.requests().filter((r) => r.endpoint === 'edit');
    expect(log.map((r) => [r.imageParts, r.imageField])).toEqual([[1, 'image'], [3, 'image[]']]);
  });

  it('uses only `image` parts when both styles appear', async () => {
    const src = await pngOf(await generate({ model: 'alpha-image-2', prompt: 'src', size: '64x64' }));
    const res = await edit(editForm([{ field: 'image', data: src }, { field: 'image[]', data: src }, { field: 'image[]', data: src }, { field: 'image[]', data: src }]));
    expect(res.status).toBe(200); // 4 parts in total, but only the single `image` part counts
    expect(sim.requests().find((r) => r.endpoint === 'edit')).toMatchObject({ imageParts: 4, imageField: 'mixed' });
  });

  it('refuses 4 parts, a 9 MB part and a non-image part with 400 and charges nothing', async () => {
    const src = await pngOf(await generate({ model: 'alpha-image-2', prompt: 'src', size: '64x64' }));
    const before = sim.spentMicros(sim.tokens.media);
    const four = await edit(editForm([0, 1, 2, 3].map(() => ({ field: 'image', data: src }))));
    expect(four.status).toBe(400);
    expect(((await four.json()) as { error: { message: string } }).error.message).toMatch(/at most 3/);
    const huge = Buffer.alloc(9 * 1024 * 1024);
    src.copy(huge);
    const big = await edit(editForm([{ field: 'image', data: huge }]));
    expect(big.status).toBe(400);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('image_too_large');
    const text = await edit(editForm([{ field: 'image', data: Buffer.from('hello, not an image'), name: 'a.txt', type: 'text/plain' }]));
    expect(text.status).toBe(400);
    expect(((await text.json()) as { error: { code: string } }).error.code).toBe('invalid_image_file');
    expect(sim.spentMicros(sim.tokens.media)).toBe(before);
  });

  it('beta-edit-lite takes exactly one image; beta-edit-max is not on sale', async () => {
    const src = await pngOf(await generate({ model: 'alpha-image-2', prompt: 'src', size: '64x64' }));
    expect((await edit(editForm([{ field: 'image', data: src }, { field: 'image', data: src }], 'beta-edit-lite'))).status).toBe(400);
    expect((await edit(editForm([{ field: 'image', data: src }], 'beta-edit-lite'))).status).toBe(200);
    const max = await edit(editForm([{ field: 'image', data: src }], 'beta-edit-max'));
    expect(max.status).toBe(503);
    expect(((await max.json()) as { error: { message: string } }).error.message).toMatch(/No available channel/);
  });

  it('answers 403 quota to the poor token and 503 no-channel to the text token', async () => {
    const poor = await generate({ model: 'alpha-image-2', prompt: 'x' }, sim.tokens.poor);
    expect(poor.status).toBe(403);
    expect(((await poor.json()) as { error: { code: string } }).error.code).toBe('insufficient_user_quota');
    const text = await generate({ model: 'alpha-image-2', prompt: 'x' }, sim.tokens.text);
    expect(text.status).toBe(503);
    expect(((await text.json()) as { error: { message: string } }).error.message).toContain('under group default');
    expect(sim.spentMicros(sim.tokens.poor)).toBe(0);
  });
});
