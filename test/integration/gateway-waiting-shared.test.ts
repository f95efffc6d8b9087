/**
 * The line of calls the gateway's concurrency gate turned away, across processes: three gateway clients (each with
 * its own Redis connection for its line, as three bot processes would have) on one simulator whose gate lets one
 * request of the token in at a time, while another client of the token holds that slot for a while (a storm). Every
 * call waits in ONE line (the positions told run over all three clients), gets through once the storm ends, and is
 * billed once. The control: with each client's line in its own memory the positions only count that client's calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCoordination } from '../../src/coordination/redis-coordination.js';
import type { GatewayWaitState } from '../../src/core/ports/media-gateway.js';
import { HttpMediaGateway } from '../../src/gateway/http-media-gateway.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';

const redisUp = await redisForTests('gateway waiting line across processes');
const IMAGE_BILL = 10_000;
const STORM_MS = 1_500;

interface Run {
  firstPositions: number[];
  lastDeliveredAfterStormMs: number;
  billed: number;
  refused: number;
}

/** Six image calls (two per client, arriving 60 ms apart) behind a storm of `STORM_MS` on a gate of 1. */
async function storm(sim: SimulatorHandle, clients: HttpMediaGateway[]): Promise<Run> {
  const token = sim.tokens.media;
  const spentBefore = sim.spentMicros(token);
  const refusedBefore = sim.gate.refused();
  sim.gate.configure({ limit: 1 });
  sim.gate.occupy(token, 1, STORM_MS);
  const stormEnds = Date.now() + STORM_MS;
  const waits: GatewayWaitState[][] = [];
  const delivered: number[] = [];
  await Promise.all(
    Array.from({ length: 6 }, async (_, i) => {
      const seen: GatewayWaitState[] = [];
      waits[i] = seen;
      await new Promise((r) => setTimeout(r, i * 60));
      const res = await clients[i % 3]!.generateImage(token, { model: 'alpha-image-2', prompt: `call ${i}` }, { onWaiting: (w) => seen.push(w) });
      expect(res.images).toHaveLength(1);
      delivered.push(Date.now());
    }),
  );
  sim.gate.configure(undefined);
  for (const seen of waits) expect(seen.at(-1)).toMatchObject({ waiting: false }); // each told its wait ended
  return {
    firstPositions: waits.map((seen) => (seen[0]?.waiting ? seen[0].ahead : -1)),
    lastDeliveredAfterStormMs: Math.max(...delivered) - stormEnds,
    billed: sim.spentMicros(token) - spentBefore,
    refused: sim.gate.refused() - refusedBefore,
  };
}

describe.skipIf(!redisUp)('the gateway waiting line across three processes (Redis)', () => {
  let sim: SimulatorHandle;
  const prefix = uniquePrefix('gateway-line');
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    for (const c of closers) await c();
    await sim?.close();
    await dropPrefix(prefix);
  });

  it('one line over all three: positions 0..5 in arrival order, all delivered after the storm, each billed once', async () => {
    const clients: HttpMediaGateway[] = [];
    for (let i = 0; i < 3; i++) {
      const coordination = await RedisCoordination.open({ url: TEST_REDIS_URL, prefix });
      const client = new HttpMediaGateway({ baseUrl: sim.baseUrl, timeoutMs: 20_000, maxRetries: 2, retryBaseMs: 10, coordination });
      clients.push(client);
      closers.push(() => client.close(), () => coordination.close());
    }
    const run = await storm(sim, clients);
    console.log(`[measure] 6 image calls over 3 processes behind a ${STORM_MS} ms gate storm (limit 1): last delivered ${run.lastDeliveredAfterStormMs} ms after the storm ended; ${run.refused} busy answers`);
    expect(run.firstPositions).toEqual([0, 1, 2, 3, 4, 5]);
    expect(run.billed).toBe(6 * IMAGE_BILL);
    expect(run.refused).toBeGreaterThanOrEqual(6);
    expect(run.lastDeliveredAfterStormMs).toBeLessThan(8_000);
  }, 40_000);

  it('control: with a line per process (no shared state) a call only counts its own process\'s calls ahead', async () => {
    const clients = Array.from({ length: 3 }, () => new HttpMediaGateway({ baseUrl: sim.baseUrl, timeoutMs: 20_000, maxRetries: 2, retryBaseMs: 10 }));
    for (const c of clients) closers.push(() => c.close());
    const run = await storm(sim, clients);
    expect(run.firstPositions).toEqual([0, 0, 0, 1, 1, 1]);
    expect(run.billed).toBe(6 * IMAGE_BILL);
  }, 40_000);
});
