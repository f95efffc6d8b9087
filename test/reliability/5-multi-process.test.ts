/**
 * Three real bot processes (`ROLE=all`, Telegram webhook mode behind a load balancer) on one fresh PostgreSQL
 * database and one Redis prefix, one gateway simulator behind a counting proxy, one fake Bot API.
 *
 * Why three `ROLE=all` and not 1 gateway-bot + 2 workers: with webhooks every process takes commands, so every one of
 * them reserves, calls the gateway and posts, and every one polls videos. That puts the cross-process parts under load
 * at once (the ledger's row locks, the shared gateway limiter, fair use, the once-per-update check, job leases),
 * where a gateway-bot + workers split would leave image commands to one process.
 *
 * First 300 users, each in their own chat, send one job (2 images for every video, videos of 4 s) spread over the
 * three processes: every job delivered exactly once (one photo or video per chat at the fake, one charge per job), the
 * ledger (charges − refunds) equals the simulator's bill, no hold left open, and the gateway never had more than
 * `GATEWAY_CONCURRENCY` requests in flight for the token (a counting proxy in front of the simulator).
 *
 * Then 150 more, and one process is SIGKILLed midway. Its leased jobs are taken over within the lease
 * (`POLL_LEASE_MS`, 3 s here): videos by another poller, commands it had at the gateway by the sweep (hold released,
 * user told, a possible gateway loss recorded). Still no job charged twice and no chat with two jobs. Counted and
 * printed separately: commands lost with the killed process (their `update_id` was claimed, so by design no other
 * process takes them; no money moved) and double posts (only possible when the kill lands between the Bot API
 * storing a message and the bot recording it: the Bot API has no idempotency key).
 *
 * Skipped (printed) without PostgreSQL or Redis; a failure with MEDIABOT_REQUIRE_SERVICES=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/core/reconcile/reconcile.js';
import { HttpGatewayLog } from '../../src/gateway/token-log.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { postgresOnly, type StoreLocation } from '../support/engines.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';
import { saveSecrets, saveText } from './support/artifacts.js';
import { spawnBot, type BotProcess } from './support/bot-process.js';
import { Balancer, CountingProxy, freePort, PgProbe, until, type PgJob } from './support/multi-stack.js';

const redisUp = await redisForTests('3 bot processes on PostgreSQL + Redis');
const engines = redisUp ? await postgresOnly() : [];
const JOBS = Number(process.env.MULTI_JOBS ?? 300);
const KILL_JOBS = Number(process.env.MULTI_KILL_JOBS ?? 150);
const CONCURRENCY = 3;
const LEASE_MS = 3_000;
const PREFIX = uniquePrefix('multi');

const POSTS = new Set(['sendPhoto', 'sendVideo', 'sendDocument']);

describe.skipIf(engines.length === 0)('3 bot processes on one PostgreSQL + Redis', () => {
  let sim: SimulatorHandle;
  let proxy: CountingProxy;
  let fake: FakeTelegram;
  let balancer: Balancer;
  let db: StoreLocation;
  let probe: PgProbe;
  let dir: string;
  const bots: BotProcess[] = [];

  beforeAll(async () => {
    db = await engines[0]!.blank();
    dir = mkdtempSync(join(tmpdir(), 'rel-multi-'));
    sim = await startSimulator({ imageDelayMs: 150, video: { queuedMs: 200, runMs: 1_500, progressSteps: 3 } });
    proxy = new CountingProxy(sim.baseUrl);
    await proxy.listen();
    fake = await startFakeTelegram({ webhookRetryMs: 100 });
    saveSecrets('multi', [fake.token, sim.tokens.media]);
    const ports = [await freePort(), await freePort(), await freePort()];
    balancer = new Balancer(ports);
    await balancer.listen();
    const key = generateEncryptionKey();
    for (let i = 0; i < 3; i++) {
      const cwd = mkdtempSync(join(dir, `p${i}-`));
      const bot = spawnBot(
        {
          ROLE: 'all',
          DATABASE_URL: db.engine === 'postgres' ? db.url : '',
          REDIS_URL: TEST_REDIS_URL,
          REDIS_PREFIX: PREFIX,
          TELEGRAM_BOT_TOKEN: fake.token,
          TELEGRAM_API_ROOT: fake.apiRoot,
          TELEGRAM_WEBHOOK_URL: balancer.url,
          TELEGRAM_WEBHOOK_PORT: String(ports[i]),
          BOT_ENCRYPTION_KEY: key,
          GATEWAY_BASE_URL: proxy.url,
          GATEWAY_TOKEN: sim.tokens.media,
          GATEWAY_CONCURRENCY: String(CONCURRENCY),
          GATEWAY_TIMEOUT_MS: '30000',
          OUTPUT_DIR: join(dir, 'outputs'),
          POLL_INTERVAL_MS: '200',
          POLL_MAX_INTERVAL_MS: '500',
          POLL_LEASE_MS: String(LEASE_MS),
          DEFAULT_ALLOWANCE: '5',
          DEFAULT_VIDEO_SECONDS: '4',
          MAX_JOBS_PER_USER: '4',
          MAX_JOBS_PER_SCOPE: '10',
          SHUTDOWN_GRACE_MS: '2000',
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'info',
        },
        cwd,
        60_000,
      );
      bots.push(bot);
      // One at a time: the first migrates, the others find the schema ready.
      await bot.ready;
    }
    probe = new PgProbe(db.engine === 'postgres' ? db.url : '');
  }, 180_000);

  afterAll(async () => {
    for (const b of bots) await b.stop().catch(() => undefined);
    saveText('multi-logs', bots.map((b) => b.output()).join('\n'));
    if (fake) saveText('multi-telegram-sent', JSON.stringify(fake.sent(), (k, v: unknown) => (k === 'bytes' ? undefined : v)));
    if (probe) saveText('multi-db-dump', await probe.dump().catch((e: unknown) => String(e)));
    await probe?.close();
    await balancer?.close();
    await fake?.close();
    await proxy?.close();
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await dropPrefix(PREFIX);
  }, 60_000);

  const KILLED = 1;
  const finished = /^(delivered|failed|expired|released|refunded|undeliverable)$/;
  const postsPerChat = () => {
    const m = new Map<number, number>();
    for (const c of fake.calls) if (c.ok && POSTS.has(c.method)) m.set(Number(c.params.chat_id), (m.get(Number(c.params.chat_id)) ?? 0) + 1);
    return m;
  };
  const countBy = (jobs: PgJob[]) => jobs.reduce<Record<string, number>>((a, j) => ((a[j.status] = (a[j.status] ?? 0) + 1), a), {});

  /** Sends `n` jobs from fresh users (one video in three), calling `midway` after half of them; waits until all ended. */
  async function run(n: number, midway?: () => Promise<void>): Promise<{ users: { chat: Chat.PrivateChat; kind: string }[]; jobs: PgJob[] }> {
    const users: { user: User; chat: Chat.PrivateChat; kind: 'image' | 'video' }[] = [];
    for (let i = 0; i < n; i++) {
      const user = fake.user();
      const chat = fake.privateChat(user);
      const kind = i % 3 === 2 ? 'video' : 'image';
      fake.sendText({ chat, from: user, text: kind === 'video' ? `/video multi ${i} waves --seconds 4` : `/imagine multi ${i} a lighthouse` });
      users.push({ user, chat, kind });
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 100));
      if (i === Math.floor(n / 2) && midway) await midway();
    }
    await balancer.drained();
    const mine = new Set(users.map((u) => u.chat.id));
    const ofRun = async () => (await probe.jobs()).filter((j) => mine.has(j.chat!));
    await until(
      'every job ended and delivered ones posted',
      async () => {
        const jobs = await ofRun();
        const posts = postsPerChat();
        return jobs.every((j) => finished.test(j.status)) && jobs.filter((j) => j.status === 'delivered').every((j) => posts.has(j.chat!));
      },
      120_000,
      async () => JSON.stringify(countBy(await ofRun())),
    );
    return { users, jobs: await ofRun() };
  }

  it(`${JOBS} mixed jobs over 3 processes: each delivered exactly once, ledger = the simulator's bill, no hold open, gateway within its concurrency`, async () => {
    const started = Date.now();
    const { users, jobs } = await run(JOBS);
    const posts = postsPerChat();
    const charges = await probe.chargesPerJob();
    const token = sim.tokens.media;
    const summary = {
      jobs: jobs.length,
      byStatus: countBy(jobs),
      postsPerJob: [...new Set(users.map((u) => posts.get(u.chat.id) ?? 0))],
      gatewayRequests: proxy.total.get(token),
      gatewayMaxInFlight: proxy.max.get(token),
      billMicros: sim.spentMicros(token),
      ledgerNetMicros: await probe.ledgerNet(),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
    process.stderr.write(`multi-process (no kill): ${JSON.stringify(summary)}\n`);
    saveText('multi-summary-1', JSON.stringify(summary));
    expect(balancer.lost).toBe(0);
    expect(jobs).toHaveLength(JOBS);
    expect(countBy(jobs)).toEqual({ delivered: JOBS });
    expect(users.filter((u) => posts.get(u.chat.id) !== 1).map((u) => `${u.kind} in ${u.chat.id}: ${posts.get(u.chat.id) ?? 0} posts`)).toEqual([]);
    expect(jobs.filter((j) => charges.get(j.id) !== 1).map((j) => j.id)).toEqual([]);
    expect(await probe.ledgerNet()).toBe(sim.spentMicros(token));
    expect(await probe.gatewayLosses()).toBe(0);
    expect(await probe.openHolds()).toBe(0);
    // The shared limiter: never more than GATEWAY_CONCURRENCY in flight for the token across the 3 processes.
    expect(proxy.max.get(token)).toBeLessThanOrEqual(CONCURRENCY);
    expect(proxy.max.get(token)).toBe(CONCURRENCY);
    expect(bots.map((b) => b.output()).join('')).not.toMatch(/"level":(50|60)/);
    // Reconciliation: what the bot recorded as billed per job against the simulator's token log: no drift, nothing unmatched.
    const drift = await reconciled();
    process.stderr.write(`multi-process reconciliation (no kill): ${JSON.stringify(drift)}\n`);
    saveText('multi-reconcile-1', JSON.stringify(drift));
    expect(drift).toMatchObject({ driftMicros: 0, unmatchedBot: 0, unmatchedGateway: 0 });
  }, 300_000);

  /** The reconciliation of the operator's token since the start (all days summed). */
  async function reconciled(): Promise<{ botMicros: number; gatewayMicros: number; driftMicros: number; matched: number; unmatchedBot: number; unmatchedGateway: number }> {
    const [r] = await reconcile({ jobs: { billedSince: () => probe.billedJobs() }, tokens: { tokenById: async () => null }, log: new HttpGatewayLog(sim.baseUrl), operatorToken: sim.tokens.media }, { since: 0 });
    if (!r?.ok) throw new Error(`reconciliation failed: ${JSON.stringify(r)}`);
    const sum = { botMicros: 0, gatewayMicros: 0, driftMicros: 0, matched: 0, unmatchedBot: 0, unmatchedGateway: 0 };
    for (const d of r.days) {
      sum.botMicros += d.botMicros;
      sum.gatewayMicros += d.gatewayMicros;
      sum.driftMicros += d.driftMicros;
      sum.matched += d.matched;
      sum.unmatchedBot += d.unmatched.filter((u) => u.side === 'bot').length;
      sum.unmatchedGateway += d.unmatched.filter((u) => u.side === 'gateway').length;
    }
    return sum;
  }

  it(`${KILL_JOBS} more, one process SIGKILLed midway: its jobs taken over within the lease, still charged once`, async () => {
    const started = Date.now();
    let takeover: Promise<number> | undefined;
    let killedHeld = 0;
    const billBefore = sim.spentMicros(sim.tokens.media);
    const { users, jobs } = await run(KILL_JOBS, async () => {
      // Kill process 1 while it holds leased jobs (videos polled, commands at or waiting for the gateway).
      const owned = new RegExp(`:${bots[KILLED]!.child.pid}:`);
      await until('process 1 holds leased jobs', async () => (await probe.jobs()).some((j) => !finished.test(j.status) && owned.test(j.lease_owner ?? '')), 20_000);
      balancer.down.add(KILLED);
      await bots[KILLED]!.kill();
      const killedAt = Date.now();
      const open = new Set((await probe.jobs()).filter((j) => !finished.test(j.status) && owned.test(j.lease_owner ?? '')).map((j) => j.id));
      killedHeld = open.size;
      // Taken over: another process leased it, or it ended (delivered, or released by the sweep).
      takeover = until('the killed process\'s jobs taken over', async () => (await probe.jobs()).filter((j) => open.has(j.id)).every((j) => finished.test(j.status) || !owned.test(j.lease_owner ?? '')), 120_000).then(() => Date.now() - killedAt);
    });
    const takeoverMs = await takeover!;

    // Updates handed to the killed process. It answers a webhook once the command is under way (the command runs as a
    // background task), so an update it answered and one it had not answered yet (the balancer retried those) can
    // both have been lost with it.
    const toKilled = (chat: number) => (balancer.routes.get(chat) ?? []).includes(KILLED);
    const posts = postsPerChat();
    const jobsPerChat = new Map<number, number>();
    for (const j of jobs) jobsPerChat.set(j.chat!, (jobsPerChat.get(j.chat!) ?? 0) + 1);
    const delivered = jobs.filter((j) => j.status === 'delivered');
    const interrupted = jobs.filter((j) => j.status !== 'delivered');
    const noJob = users.filter((u) => !jobsPerChat.has(u.chat.id));
    const doubles = delivered.filter((j) => (posts.get(j.chat!) ?? 0) > 1);
    const charges = await probe.chargesPerJob();
    const token = sim.tokens.media;
    const bill = sim.spentMicros(token);
    const net = await probe.ledgerNet();
    const losses = await probe.gatewayLosses();
    const summary = {
      updates: KILL_JOBS,
      jobs: jobs.length,
      byStatus: countBy(jobs),
      jobsLeasedByTheKilledProcess: killedHeld,
      commandsLostWithTheKilledProcess: noJob.length,
      doublePosts: doubles.length,
      balancerRetried: balancer.retried,
      gatewayMaxInFlight: proxy.max.get(token),
      billMicrosThisRun: bill - billBefore,
      unchargedBillMicros: bill - net,
      recordedPossibleGatewayLossMicros: losses,
      takeoverSeconds: Math.round(takeoverMs / 100) / 10,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
    process.stderr.write(`multi-process (SIGKILL): ${JSON.stringify(summary)}\n`);
    saveText('multi-summary-2', JSON.stringify(summary));

    expect(balancer.lost).toBe(0);
    expect(killedHeld).toBeGreaterThan(0);
    // After the lease expires (it was renewed every third of it), the sweep (every third of the lease) and the other
    // pollers' next claims take the jobs over. Measured 5.8–13.1 s with a 3 s lease on 2 shared cores: the survivors'
    // ticks are slowed by the 150-job load, so the bound allows several leases, while "never" would time out at 120 s.
    expect(takeoverMs).toBeLessThan(4 * LEASE_MS + 10_000);
    // Never two jobs for one command.
    expect([...jobsPerChat.values()].filter((k) => k !== 1)).toEqual([]);
    // A command without a job is one the killed process had claimed (its update_id) and died before writing the job:
    // by design it is not handled again (the user sends it again), and no money moved for it.
    expect(noJob.filter((u) => !toKilled(u.chat.id)).map((u) => u.chat.id)).toEqual([]);
    // A job not delivered is one the killed process was running before the gateway answer was recorded: its hold
    // released and the user told, never charged.
    expect(interrupted.filter((j) => j.status !== 'released' || !toKilled(j.chat!)).map((j) => `${j.kind} ${j.status}`)).toEqual([]);
    expect(interrupted.filter((j) => charges.has(j.id))).toEqual([]);
    // Every delivered job: charged exactly once, posted. A double post could only come from the kill landing between
    // the Bot API storing a message and the bot recording it (no idempotency key): counted above, bounded here.
    expect(delivered.filter((j) => charges.get(j.id) !== 1).map((j) => j.id)).toEqual([]);
    expect(delivered.filter((j) => !posts.has(j.chat!)).map((j) => j.id)).toEqual([]);
    expect(doubles.length).toBeLessThanOrEqual(CONCURRENCY);
    // The books: the ledger charged what the gateway billed, except calls the killed process had at the gateway, which
    // the bot recorded as possible gateway losses. No hold stays open.
    expect(net).toBeLessThanOrEqual(bill);
    expect(bill - net).toBeLessThanOrEqual(losses);
    expect(await probe.openHolds()).toBe(0);
    expect(proxy.max.get(token)).toBeLessThanOrEqual(CONCURRENCY);
    expect(bots[0]!.output() + bots[2]!.output()).not.toMatch(/"level":(50|60)/);
    // Reconciliation after the kill: the only drift is what the killed process had at the gateway when it died (its
    // jobs were released and recorded as possible losses: the bot cannot know whether the gateway billed them).
    const drift = await reconciled();
    process.stderr.write(`multi-process reconciliation (after SIGKILL): ${JSON.stringify(drift)}\n`);
    saveText('multi-reconcile-2', JSON.stringify(drift));
    expect(drift.unmatchedBot).toBe(0);
    expect(drift.driftMicros).toBeGreaterThanOrEqual(0);
    expect(drift.driftMicros).toBeLessThanOrEqual(losses);
  }, 300_000);
});
