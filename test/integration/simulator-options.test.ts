import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../src/simulator/png.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';

/** The simulator checks each model's options as the providers do, bills with them and logs what was sent. */
let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({ catalogue: 'real' });
});
afterAll(() => sim?.close());

function post(path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${sim.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${sim.tokens.media}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function refused(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, code: body.error.code, message: body.error.message };
}

describe('model options in the simulator', () => {
  it('gpt-image-2 takes quality, background and output_format; an unknown value is a 400 naming what it supports, not billed', async () => {
    const ok = await post('/v1/images/generations', { model: 'gpt-image-2', prompt: 'a cat', quality: 'high', background: 'opaque', output_format: 'jpeg' });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    expect(sim.requests().at(-1)!.options).toEqual({ quality: 'high', background: 'opaque', output_format: 'jpeg' });
    const before = sim.spentMicros(sim.tokens.media);
    const bad = await refused(await post('/v1/images/generations', { model: 'gpt-image-2', prompt: 'a cat', quality: 'ultra' }));
    expect(bad).toMatchObject({ status: 400, code: 'invalid_value' });
    expect(bad.message).toContain("Supported values for model gpt-image-2 are: 'low', 'medium', 'high', 'auto'");
    const jpegGlass = await refused(await post('/v1/images/generations', { model: 'gpt-image-2', prompt: 'a cat', background: 'transparent', output_format: 'jpeg' }));
    expect(jpegGlass.status).toBe(400);
    expect(sim.spentMicros(sim.tokens.media)).toBe(before);
  });

  it('a model that does not take an option answers 400 for it', async () => {
    const r = await refused(await post('/v1/images/generations', { model: 'flux-kontext-pro', prompt: 'a cat', quality: 'high' }));
    expect(r).toMatchObject({ status: 400, code: 'invalid_value' });
    expect(r.message).toContain("Unknown parameter for model flux-kontext-pro: 'quality'");
    const audio = await refused(await post('/v1/videos', { model: 'kling-v2-1', prompt: 'x', seconds: '5', generate_audio: true }));
    expect(audio.message).toContain("'generate_audio'");
    const tail = await refused(await post('/v1/videos', { model: 'veo-3.1', prompt: 'x', seconds: '5', image_tail: 'data:image/png;base64,AAAA' }));
    expect(tail.message).toContain("'image_tail'");
  });

  it('veo-3.1 takes resolution, generate_audio (a boolean) and negative_prompt; kling-v2-1 a last frame', async () => {
    const veo = await post('/v1/videos', { model: 'veo-3.1', prompt: 'x', seconds: '4', resolution: '1080p', generate_audio: false, negative_prompt: 'blur' });
    expect(veo.status).toBe(200);
    await veo.arrayBuffer();
    expect(sim.requests().at(-1)!.options).toEqual({ resolution: '1080p', generate_audio: 'false', negative_prompt: 'blur' });
    expect((await refused(await post('/v1/videos', { model: 'veo-3.1', prompt: 'x', seconds: '4', resolution: '4k' }))).status).toBe(400);
    expect((await refused(await post('/v1/videos', { model: 'veo-3.1', prompt: 'x', seconds: '4', generate_audio: 'yes' }))).status).toBe(400);
    const png = Buffer.from(await encodePng(16, 16, { r: 1, g: 2, b: 3 })).toString('base64');
    const kling = await post('/v1/videos', { model: 'kling-v2-1', prompt: 'x', seconds: '5', image_tail: `data:image/png;base64,${png}` });
    expect(kling.status).toBe(200);
    await kling.arrayBuffer();
    expect(sim.requests().at(-1)!.options).toEqual({ image_tail: 'image/png' });
    const notImage = await refused(await post('/v1/videos', { model: 'kling-v2-1', prompt: 'x', seconds: '5', image_tail: 'data:image/png;base64,AAAA' }));
    expect(notImage.message).toContain('PNG, JPEG or WEBP');
  });
});
