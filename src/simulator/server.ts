import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimState } from './context.js';
import { ConcurrencyGate } from './concurrency-gate.js';
import { FaultBook } from './faults.js';
import { handleRequest } from './handle.js';
import { PngCache } from './png.js';
import { RequestLog } from './request-log.js';
import { TokenBook } from './tokens.js';
import type { SimulatorHandle, SimulatorOptions } from './types.js';
import { TaskBook } from './video-tasks.js';

const FIXTURE_URL = new URL('./assets/sample.mp4', import.meta.url);

/**
 * Starts a simulated media gateway on `host:port` (default 127.0.0.1, a free port) and resolves once it listens.
 * Defaults: flavor 'new-api', no image delay, video queued 200 ms then running 1000 ms in 5 steps, no mp4
 * padding, 1000 USD per token (the `poor` token 0). The mp4 fixture is read once, here.
 */
export async function startSimulator(opts: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const fixture = await readFile(FIXTURE_URL);
  const tokens = new TokenBook(opts.initialBalanceMicros ?? 1_000_000_000);
  const settings = {
    imageDelayMs: opts.imageDelayMs ?? 0,
    queuedMs: opts.video?.queuedMs ?? 200,
    runMs: opts.video?.runMs ?? 1000,
    progressSteps: opts.video?.progressSteps ?? 5,
    videoPaddingBytes: opts.videoPaddingBytes ?? 0,
  };
  const state: SimState = {
    flavor: opts.flavor ?? 'new-api',
    catalogue: opts.catalogue ?? 'neutral',
    videoRoutes: opts.videoRoutes ?? (opts.flavor === 'one-api' ? 'none' : 'both'),
    unpublished: new Set(opts.unpublished ?? []),
    baseUrl: '',
    settings,
    tokens,
    faults: new FaultBook(),
    tasks: new TaskBook(() => settings, tokens),
    log: new RequestLog(),
    pngs: new PngCache(),
    fixture,
    gate: new ConcurrencyGate(opts.concurrencyGate),
    fees: [],
    violationFeeMicros: opts.violationFeeMicros ?? 50_000,
  };
  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => void handleRequest(state, req, res));
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  state.baseUrl = `http://${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}`;

  return {
    baseUrl: state.baseUrl,
    tokens: { ...tokens.builtin },
    addToken: (token, group, balanceMicros) => tokens.add(token, group, balanceMicros),
    setFlavor: (f) => {
      state.flavor = f;
    },
    addFault: (rule) => state.faults.add(rule),
    clearFaults: () => state.faults.clear(),
    spentMicros: (token) => {
      state.tasks.settle();
      return tokens.spent(token);
    },
    balanceMicros: (token) => {
      state.tasks.settle();
      return tokens.balance(token);
    },
    requests: () => state.log.all(),
    clearRequests: () => state.log.clear(),
    gate: {
      configure: (o) => state.gate.configure(o),
      setUnavailable: (on) => {
        state.gate.unavailable = on;
      },
      occupy: (token, count, ms) => state.gate.occupy(token, count, ms),
      active: (token) => state.gate.active(token),
      refused: () => state.gate.refused,
    },
    fees: (token) => state.fees.filter((f) => token === undefined || f.token === token).map((f) => ({ ...f })),
    task: (id) => {
      const t = state.tasks.get(id);
      if (!t) return undefined;
      return { status: state.tasks.view(t).status, model: t.model, seconds: t.seconds, token: t.token };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
