import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { Reply } from '../../src/core/commands/types.js';
import type { SurfaceRequest } from '../../src/core/ports/surface.js';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { describeOnEngines, postgresOnly, type StoreLocation } from '../support/engines.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

/**
 * PostgreSQL going away while the bot runs, played by a TCP proxy in front of the real server that this test cuts
 * (every connection dropped, new ones refused) and restores — the shared server itself is never touched. New
 * commands get "try again in a moment"; the running video survives and is delivered and charged once.
 */

/** A TCP relay 127.0.0.1:<port> → the PostgreSQL server; `down()` drops it all, `up()` listens again on the same port. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    async down() {
      await new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      });
    },
    async up() {
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
    },
    close: () => new Promise<void>((r) => (server.listening ? server.close(() => r()) : r())),
  };
}

const postgres = await postgresOnly();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describeOnEngines(postgres, 'PostgreSQL goes away while the bot runs ($name)', (engine) => {
  it('new commands get "try again in a moment", the running video is delivered and charged once, and it all resumes', async () => {
    const location: StoreLocation = await engine.fresh();
    cleanups.push(() => engine.drop(location));
    if (location.engine !== 'postgres') throw new Error('expected PostgreSQL');
    const server = new URL(location.url);
    const relay = await startRelay({ host: server.hostname, port: Number(server.port || 5432) });
    cleanups.push(() => relay.close());
    const viaRelay = new URL(location.url);
    viaRelay.port = String(relay.port);
    const delivery = new RecordingDelivery('console');
    const t: TestStack = await createTestStack({ deliveries: [delivery], env: { DATABASE_URL: viaRelay.toString(), DEFAULT_ALLOWANCE: '5' }, sim: { video: { queuedMs: 200, runMs: 1500, progressSteps: 3 } } });
    cleanups.push(() => t.close());
    expect(t.store.engine).toBe('postgres');
    const dispatcher = new CommandDispatcher({ core: t.core, ownerIds: [] });
    const actor = t.actor({ scope: 'guild', user: 'ann' });
    const request: SurfaceRequest = {
      actor,
      surface: { id: 'console', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` },
      uploadLimitBytes: 50 * 1024 * 1024,
      isAdmin: async () => false,
      progress: () => undefined,
      deliveryAddress: async (): Promise<DeliveryAddress> => ({ surface: 'console', chatId: 'chat-1', userExternalId: 'ann' }),
    };
    const imagine = (prompt: string): Promise<Reply> => dispatcher.run({ command: 'imagine', args: { prompt }, request });

    expect((await imagine('before the outage')).tone).toBe('result');
    const target: DeliveryAddress = { surface: 'console', chatId: 'chat-1', userExternalId: 'ann' };
    const video = await t.core.startVideo({ ...actor, prompt: 'a wave through the outage', seconds: 4, delivery: target });
    if (!video.ok) throw new Error(video.failure.code);

    const imagesBefore = t.sim.requests().filter((r) => r.endpoint === 'image').length;
    await relay.down();
    const refused = await imagine('during the outage');
    expect(refused.failure?.code).toBe('store_unavailable');
    expect(refused.blocks.join('\n')).toMatch(/cannot reach its database right now, so this could not be done\. Try again in a moment\./);
    expect(refused.blocks.join('\n')).not.toMatch(/charged/);
    const ready = await t.app.readiness.run();
    expect(ready.ok).toBe(false);
    expect(ready.checks.database).toMatchObject({ ok: false, detail: expect.stringMatching(/^PostgreSQL: the database is unavailable/) });
    await new Promise((r) => setTimeout(r, 1_000)); // the poller meets the outage too
    await relay.up();

    for (let i = 0; i < 400 && (await t.app.jobs.get(video.value.jobId).catch(() => undefined))?.status !== 'delivered'; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await t.app.jobs.get(video.value.jobId))?.status).toBe('delivered');
    expect(delivery.events.filter((e) => e.type === 'video' && e.jobId === video.value.jobId)).toHaveLength(1);
    expect(t.sim.requests().filter((r) => r.endpoint === 'image')).toHaveLength(imagesBefore); // the refused one never reached the gateway
    expect((await imagine('after the outage')).tone).toBe('result');
    expect((await t.app.readiness.run()).checks.database).toMatchObject({ ok: true, detail: expect.stringMatching(/^PostgreSQL answers/) });
    expect(await openHolds(t.store)).toBe(0);
    expect(await ledgerNetCharged(t.store)).toBe(t.sim.spentMicros(t.sim.tokens.media));
  }, 60_000);
});
