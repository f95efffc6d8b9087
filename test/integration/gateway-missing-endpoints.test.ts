/**
 * A gateway that lacks an endpoint answers 404, 405 or 501 in shapes that are not new-api's: `{"error":"Not Found"}`,
 * a web server's HTML page, an empty body, plain text. None of that is the bot's fault: /imagine, /edit, /video and
 * /models say the gateway does not offer that, and nothing is charged. A small HTTP server on 127.0.0.1 stands in
 * front of the simulator: it answers the media routes (or, for /models, every route) in one shape and passes the
 * rest (the model list, the prices) through.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../src/simulator/png.js';
import { createTestStack, type TestStack } from '../support/harness.js';

interface Shape {
  name: string;
  status: number;
  type?: string;
  body: string;
}

const SHAPES: Shape[] = [
  { name: '404 {"error":"Not Found"}', status: 404, type: 'application/json', body: '{"error":"Not Found"}' },
  { name: '404 HTML page', status: 404, type: 'text/html', body: '<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>' },
  { name: '404 empty body', status: 404, body: '' },
  { name: '405 plain text', status: 405, type: 'text/plain', body: 'Method Not Allowed' },
  { name: '501 plain text', status: 501, type: 'text/plain', body: 'Not Implemented' },
];

/** The routes that make images and videos. */
const MEDIA = /^\/v1\/(images\/generations|images\/edits|videos|video\/generations)(\?|$)/;

/** Answers the media routes (every route unless `passOthers`) in `shape()`; other GETs go to the simulator. */
async function frontOf(simBase: () => string, shape: () => Shape, passOthers: boolean): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    void (async () => {
      if (passOthers && req.method === 'GET' && !MEDIA.test(req.url ?? '')) {
        const r = await fetch(`${simBase()}${req.url ?? '/'}`, { headers: { authorization: String(req.headers.authorization ?? '') } });
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await r.arrayBuffer()));
        return;
      }
      req.resume();
      const s = shape();
      res.writeHead(s.status, s.type ? { 'content-type': s.type } : {});
      res.end(s.body);
    })().catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const OUR_FAULT = /on our side|went wrong|internal/i;

describe('a gateway without the route: never worded as our own fault, nothing charged', () => {
  let stack: TestStack;
  let front: { url: string; server: Server };
  let shape: Shape = SHAPES[0]!;

  beforeAll(async () => {
    let simBase = '';
    front = await frontOf(() => simBase, () => shape, true);
    // The stack's own simulator stays behind the front: the bot only ever talks to the front.
    stack = await createTestStack({
      startPoller: false,
      config: (c) => {
        simBase = c.gateway.baseUrl ?? '';
        c.gateway = { ...c.gateway, baseUrl: front.url };
      },
    });
  });

  afterAll(async () => {
    await stack?.close();
    await new Promise((done) => front?.server.close(done));
  });

  it.each(SHAPES)('$name: /imagine, /edit and /video say the gateway does not offer them', async (s) => {
    shape = s;
    const actor = stack.actor({ user: `u${s.status}${s.body.length}` });
    const before = await stack.core.balance(actor);
    const png = await encodePng(8, 8, { r: 1, g: 2, b: 3 });
    const cases = [
      ['image generation', await stack.core.imagine({ ...actor, prompt: 'a fox' })],
      ['image editing', await stack.core.edit({ ...actor, prompt: 'make it blue', images: [{ name: 'a.png', bytes: png }] })],
      ['video generation', await stack.core.startVideo({ ...actor, prompt: 'a wave', seconds: 4, delivery: { surface: 'console', instance: 'x' } })],
    ] as const;
    for (const [what, r] of cases) {
      if (r.ok) throw new Error(`${what}: expected a failure`);
      expect(r.failure.code, what).toBe('not_offered');
      const text = stack.core.explain(r.failure);
      expect(text, what).toContain(`This gateway does not offer ${what}.`);
      expect(text, what).toMatch(/nothing was charged\./i);
      expect(text, what).not.toMatch(OUR_FAULT);
    }
    const after = await stack.core.balance(actor);
    expect(after.remainingMicros).toBe(before.remainingMicros);
    expect(after.spentMicros).toBe(0);
  });
});

describe.each(SHAPES)('a gateway without a model list ($name)', (s) => {
  let stack: TestStack;
  let front: { url: string; server: Server };

  beforeAll(async () => {
    front = await frontOf(() => '', () => s, false);
    stack = await createTestStack({ env: { GATEWAY_BASE_URL: front.url }, startPoller: false });
  });

  afterAll(async () => {
    await stack?.close();
    await new Promise((done) => front?.server.close(done));
  });

  it('/models says the gateway offers no model list', async () => {
    const r = await stack.core.modelsReport(stack.actor());
    if (r.ok) throw new Error('expected a failure');
    expect(r.failure.code).toBe('not_offered');
    const text = stack.core.explain(r.failure);
    expect(text).toContain('This gateway does not offer a model list.');
    expect(text).not.toMatch(OUR_FAULT);
  });
});
