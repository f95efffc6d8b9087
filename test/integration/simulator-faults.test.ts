import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type SimFaultKind, type SimulatorHandle } from '../../src/simulator/index.js';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.setFlavor('new-api');
  sim.clearFaults();
  sim.clearRequests();
});

type Json = Record<string, unknown>;
const post = (path: string, body: Json, headers: Record<string, string> = { Authorization: `Bearer ${sim.tokens.media}` }): Promise<Response> =>
  fetch(`${sim.baseUrl}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const chat = (content: string, model = 'text-chat-mini', token = sim.tokens.media): Promise<Response> =>
  post('/v1/chat/completions', { model, messages: [{ role: 'user', content }] }, { Authorization: `Bearer ${token}` });
const errorOf = async (res: Response): Promise<{ message: string; type?: string; code?: string }> => ((await res.json()) as { error: { message: string } }).error;

describe('simulator dialects', () => {
  it('answers 401 in each flavor with the request id in header and message', async () => {
    const res = await fetch(`${sim.baseUrl}/v1/models`, { headers: { Authorization: `Bearer ${sim.tokens.invalid}` } });
    expect(res.status).toBe(401);
    const id = res.headers.get('x-oneapi-request-id');
    expect(id).toMatch(/^\d{17}/);
    expect(await errorOf(res)).toEqual({ message: `Invalid token (request id: ${id})`, type: 'new_api_error', code: '' });
    sim.setFlavor('seed');
    const seed = await fetch(`${sim.baseUrl}/v1/models`);
    expect(seed.status).toBe(401);
    expect(await seed.json()).toEqual({ error: { message: 'Invalid token', type: 'authentication_error' } });
  });

  it('answers an unknown model with 503 (new-api) or 404 (seed, both shapes)', async () => {
    const na = await chat('hi', 'text-chat-maxi');
    expect(na.status).toBe(503);
    expect(await errorOf(na)).toMatchObject({ code: 'model_not_found', type: 'new_api_error', message: expect.stringMatching(/^No available channel for model text-chat-maxi under group media \(distributor\) \(request id: \d+/) });
    sim.setFlavor('seed');
    const seed = await chat('hi', 'text-chat-maxi');
    expect(seed.status).toBe(404);
    expect(await seed.json()).toEqual({ error: { message: "The model 'text-chat-maxi' does not exist", type: 'invalid_request_error', code: 'model_not_found' } });
    const native = await post('/v1/messages', { model: 'nope-1', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }, { 'x-api-key': sim.tokens.media });
    expect(native.status).toBe(404);
    expect(await native.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error', message: expect.stringContaining('nope-1') } });
  });

  it('scopes the catalog by group and routes media models away from the default group', async () => {
    const list = async (t: string): Promise<Json[]> => ((await (await fetch(`${sim.baseUrl}/v1/models`, { headers: { Authorization: `Bearer ${t}` } })).json()) as { data: Json[] }).data;
    expect((await list(sim.tokens.media)).length).toBe(16);
    expect((await list(sim.tokens.text)).map((m) => m.id)).toEqual(['text-chat-mini', 'text-chat-pro']);
    sim.setFlavor('seed');
    const res = await post('/v1/videos', { model: 'gamma-video-1', prompt: 'x', seconds: '4' }, { Authorization: `Bearer ${sim.tokens.text}` });
    expect(res.status).toBe(503);
    expect((await errorOf(res)).message).toContain('no available channel');
  });

  it('answers chat and native messages and bills 0.002 USD per 1000 tokens', async () => {
    sim.addToken('sk-chat-billing', 'default', 1_000_000);
    const res = await chat('hello there, simulator', 'text-chat-pro', 'sk-chat-billing');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { choices: { message: { role: string; content: string }; finish_reason: string }[]; usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } };
    expect(body.choices[0]!.message.role).toBe('assistant');
    expect(body.choices[0]!.message.content).toContain('hello there, simulator');
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
    expect(sim.spentMicros('sk-chat-billing')).toBe(Math.ceil((body.usage.total_tokens * 2000) / 1000));
    const msg = await post('/v1/messages', { model: 'text-chat-mini', max_tokens: 50, messages: [{ role: 'user', content: [{ type: 'text', text: 'ping' }] }] }, { 'x-api-key': 'sk-chat-billing' });
    expect(msg.status).toBe(200);
    expect(await msg.json()).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: expect.stringContaining('ping') }], usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) } });
    const poor = await chat('x', 'text-chat-mini', sim.tokens.poor);
    expect(poor.status).toBe(403);
  });
});

describe('simulator faults', () => {
  const cases: [SimFaultKind, (r: Response) => Promise<void>][] = [
    ['rate_limit', async (r) => {
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBe('1');
      expect(await errorOf(r)).toMatchObject({ code: 'rate_limit_exceeded' });
    }],
    ['rate_limit_no_header', async (r) => {
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBeNull();
      expect(await r.text()).toBe('');
    }],
    ['server_error', async (r) => {
      expect(r.status).toBe(500);
      expect((await errorOf(r)).code).toBe('do_request_failed');
    }],
    ['bad_gateway', async (r) => {
      expect(r.status).toBe(502);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
      expect(await r.text()).toContain('<html>');
    }],
    ['unavailable', async (r) => {
      expect(r.status).toBe(503);
      const e = await errorOf(r);
      expect(e.code).not.toBe('model_not_found');
      expect(e.message).not.toMatch(/channel|distributor/i);
    }],
    ['routing', async (r) => {
      expect(r.status).toBe(503);
      expect(await errorOf(r)).toMatchObject({ code: 'model_not_found', message: expect.stringContaining('No available channel for model text-chat-mini') });
    }],
    ['auth', async (r) => expect(r.status).toBe(401)],
    ['quota', async (r) => {
      expect(r.status).toBe(403);
      expect((await errorOf(r)).code).toBe('insufficient_user_quota');
    }],
    ['content_policy', async (r) => {
      expect(r.status).toBe(400);
      expect((await errorOf(r)).code).toBe('moderation_blocked');
    }],
    ['malformed', async (r) => {
      expect(r.status).toBe(200);
      const text = await r.text();
      expect(() => JSON.parse(text)).toThrow();
    }],
  ];

  for (const [kind, check] of cases) {
    it(`injects ${kind} once, then answers normally`, async () => {
      sim.addFault({ kind, endpoint: 'chat', times: 1 });
      await check(await chat('hi'));
      expect((await chat('hi')).status).toBe(200);
    });
  }

  it('content_policy uses content_policy_violation in the seed flavor', async () => {
    sim.setFlavor('seed');
    sim.addFault({ kind: 'content_policy', times: 1 });
    const res = await post('/v1/images/generations', { model: 'alpha-image-2', prompt: 'x', size: '64x64' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('content_policy_violation');
  });

  it('slow answers late, reset destroys the socket', async () => {
    sim.addFault({ kind: 'slow', slowMs: 300, times: 1 });
    const t0 = Date.now();
    expect((await chat('hi')).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    sim.addFault({ kind: 'reset', times: 1 });
    await expect(chat('hi')).rejects.toThrow();
    expect((await chat('hi')).status).toBe(200);
  });

  it('matches rules by token, model and endpoint, and prompt markers per request', async () => {
    sim.addFault({ kind: 'server_error', model: 'text-chat-pro' });
    sim.addFault({ kind: 'quota', token: sim.tokens.text });
    sim.addFault({ kind: 'bad_gateway', endpoint: 'models' });
    expect((await chat('hi', 'text-chat-mini')).status).toBe(200);
    expect((await chat('hi', 'text-chat-pro')).status).toBe(500);
    expect((await chat('hi', 'text-chat-mini', sim.tokens.text)).status).toBe(403);
    expect((await fetch(`${sim.baseUrl}/v1/models`, { headers: { Authorization: `Bearer ${sim.tokens.media}` } })).status).toBe(502);
    sim.clearFaults();
    expect((await chat('please [[fault:rate_limit]] now')).status).toBe(429);
    expect((await chat('please now')).status).toBe(200);
  });

  it('control endpoints add, report and clear faults', async () => {
    const bad = await fetch(`${sim.baseUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ kind: 'explode' }) });
    expect(bad.status).toBe(400);
    const add = await fetch(`${sim.baseUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ kind: 'unavailable', endpoint: 'chat' }) });
    expect(add.status).toBe(201);
    expect((await chat('hi')).status).toBe(503);
    const state = (await (await fetch(`${sim.baseUrl}/__sim/state`)).json()) as { flavor: string; faults: unknown[]; counts: Record<string, number>; balances: Record<string, { balanceMicros: number }> };
    expect(state.flavor).toBe('new-api');
    expect(state.faults).toHaveLength(1);
    expect(state.counts.chat).toBe(1);
    expect(state.balances[sim.tokens.poor]?.balanceMicros).toBe(0);
    expect((await fetch(`${sim.baseUrl}/__sim/faults`, { method: 'DELETE' })).status).toBe(200);
    expect((await chat('hi')).status).toBe(200);
  });
});

describe('simulator request log', () => {
  it('records every request with endpoint, token and model', async () => {
    await chat('a');
    await chat('b', 'text-chat-pro', sim.tokens.text);
    await fetch(`${sim.baseUrl}/v1/models`, { headers: { Authorization: `Bearer ${sim.tokens.media}` } });
    await fetch(`${sim.baseUrl}/v1/nowhere`);
    await post('/v1/images/generations', { model: 'zeta-sketch', prompt: 'x', size: '32x32' });
    const log = sim.requests();
    expect(log.map((r) => r.endpoint)).toEqual(['chat', 'chat', 'models', 'unknown', 'image']);
    expect(log[1]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', token: sim.tokens.text, model: 'text-chat-pro' });
    expect(log[4]).toMatchObject({ model: 'zeta-sketch', size: '32x32' });
    expect(log.every((r) => typeof r.at === 'number')).toBe(true);
    sim.clearRequests();
    expect(sim.requests()).toHaveLength(0);
  });
});
