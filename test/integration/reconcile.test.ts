import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { reconcile, type TokenReport } from '../../src/core/reconcile/reconcile.js';
import { HttpGatewayLog } from '../../src/gateway/token-log.js';
import { encodePng } from '../../src/simulator/png.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { createTestStack, TEST_ENCRYPTION_KEY, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';
import { runAdminCli, type CliRun } from '../support/run-admin-cli.js';

let t: TestStack;
const delivery = new RecordingDelivery('console');
const target: DeliveryAddress = { surface: 'console', chatId: 'chat-1', userExternalId: 'u1' };
let jobIds: string[] = [];

async function until(jobId: string, statuses: string[], ms = 10_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const j = await t.app.jobs.get(jobId);
    if (j && statuses.includes(j.status)) return j.status;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${j?.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function run(reportFor = t.sim.tokens.media): Promise<TokenReport[]> {
  return reconcile({ jobs: t.store.jobAdmin, tokens: t.store.tokens, log: new HttpGatewayLog(t.sim.baseUrl), operatorToken: reportFor }, { since: 0 });
}

function admin(args: string[], baseUrl = t.sim.baseUrl): Promise<CliRun> {
  return runAdminCli(args, {
    cwd: t.dir,
    env: { PATH: process.env.PATH, HOME: t.dir, DATABASE_PATH: t.dbPath, BOT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, GATEWAY_BASE_URL: baseUrl, GATEWAY_TOKEN: t.sim.tokens.media },
  });
}

beforeAll(async () => {
  // A 1.5× markup: members pay more than the gateway bills; the bot's figure must be the gateway's, not theirs.
  t = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '20', PRICE_MARKUP: '1.5' } });
  const png = { name: 'ref.png', bytes: new Uint8Array(await encodePng(64, 48, { r: 10, g: 200, b: 30 })) };
  const a = t.actor();
  const results = await Promise.all([
    t.core.imagine({ ...a, prompt: 'a red fox' }),
    t.core.imagine({ ...a, prompt: 'two birds', count: 2 }),
    t.core.edit({ ...a, prompt: 'make it blue', images: [png] }),
    t.core.ask({ ...a, prompt: 'what is a reconciliation?' }),
  ]);
  for (const r of results) if (!r.ok) throw new Error(r.failure.code);
  const ok = await t.core.startVideo({ ...a, prompt: 'a wave', seconds: 4, delivery: target });
  const failed = await t.core.startVideo({ ...a, prompt: 'doomed [[fault:task_fail]]', seconds: 5, delivery: target });
  if (!ok.ok || !failed.ok) throw new Error('video did not start');
  await until(ok.value.jobId, ['delivered']);
  await until(failed.value.jobId, ['refunded']);
  jobIds = [ok.value.jobId, failed.value.jobId];
}, 60_000);
afterAll(() => t?.close());

describe('reconciliation against the token log', () => {
  it('finds zero drift after a mixed run (images, an edit, an answer, a video, a refunded video)', async () => {
    const reports = await run();
    expect(reports).toHaveLength(1);
    const r = reports[0]!;
    if (!r.ok) throw new Error(r.detail);
    expect(r.name).toBe('operator');
    expect(r.days).toHaveLength(1);
    const day = r.days[0]!;
    expect(day.unmatched).toEqual([]);
    expect(day.driftMicros).toBe(0);
    expect(day.gatewayMicros).toBe(t.sim.spentMicros(t.sim.tokens.media));
    // Members paid the marked-up price: more than the gateway billed, and that is not drift.
    expect(await ledgerNetCharged(t.store, 'operator')).toBeGreaterThan(day.gatewayMicros);
    expect(day.matched).toBe(6);
  });

  it('reports a charge the bot did not make, and a job whose recorded bill is wrong, as drift and unmatched', async () => {
    // A planted charge on the operator's token from outside the bot.
    const res = await fetch(`${t.sim.baseUrl}/v1/images/generations`, { method: 'POST', headers: { authorization: `Bearer ${t.sim.tokens.media}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'alpha-image-2', prompt: 'planted' }) });
    expect(res.status).toBe(200);
    const r = (await run())[0]!;
    if (!r.ok) throw new Error(r.detail);
    const day = r.days[0]!;
    expect(day.driftMicros).toBe(10_000);
    expect(day.unmatched).toEqual([expect.objectContaining({ side: 'gateway', model: 'alpha-image-2', micros: 10_000 })]);

    // The bot recorded the wrong figure for the delivered video: matched by its task id, the difference is drift.
    await t.store.db.updateTable('jobs').set({ gateway_billed_micros: 150_000 }).where('id', '=', jobIds[0]!).execute();
    const again = (await run())[0]!;
    if (!again.ok) throw new Error(again.detail);
    expect(again.days[0]!.driftMicros).toBe(10_000 + 50_000);
    await t.store.db.updateTable('jobs').set({ gateway_billed_micros: 200_000 }).where('id', '=', jobIds[0]!).execute();
  });

  it('reads a community’s linked token through the vault, named by its last four characters only', async () => {
    const own = 'sk-community-own-token-wxyz';
    t.sim.addToken(own, 'media');
    const admin = t.actor({ scope: 'own', user: 'adm' });
    expect((await t.core.linkToken(admin, own, false)).ok).toBe(true);
    const r = await t.core.imagine({ ...admin, prompt: 'paid by the community' });
    if (!r.ok) throw new Error(r.failure.code);
    const reports = await reconcile({ jobs: t.store.jobAdmin, tokens: t.store.tokens, log: new HttpGatewayLog(t.sim.baseUrl), operatorToken: t.sim.tokens.media }, { since: 0, token: '…wxyz' });
    expect(reports).toEqual([{ name: '…wxyz', ok: true, days: [expect.objectContaining({ botMicros: 10_000, gatewayMicros: 10_000, driftMicros: 0, matched: 1, unmatched: [] })] }]);
    expect(JSON.stringify(reports)).not.toContain('community-own');
  });

  it('the CLI prints per token and day, never the token, and exits 0', async () => {
    const out = await admin(['reconcile', '--since', new Date().toISOString().slice(0, 10)]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/token operator/);
    expect(out.stdout).toMatch(/token …wxyz/);
    expect(out.stdout).toMatch(/drift/);
    expect(out.stdout).toMatch(/gateway only: entry \d+ {2}alpha-image-2 {2}\$0\.01 /);
    expect(out.stdout + out.stderr).not.toContain(t.sim.tokens.media);
    expect(out.stdout + out.stderr).not.toContain(t.sim.tokens.media.slice(-8));
  }, 60_000);

  it('the CLI exits 1 saying why when the gateway has no token log, and 2 on a bad date', async () => {
    const oneApi: SimulatorHandle = await startSimulator({ flavor: 'one-api' });
    try {
      const out = await admin(['reconcile'], oneApi.baseUrl);
      expect(out.code).toBe(1);
      expect(out.stdout).toMatch(/has no token log/);
      expect(out.stderr).toMatch(/could not be read: operator/);
      expect(out.stdout + out.stderr).not.toContain(t.sim.tokens.media);
    } finally {
      await oneApi.close();
    }
    const bad = await admin(['reconcile', '--since', '2026-13-01']);
    expect(bad.code).toBe(2);
  }, 60_000);
});

describe('settle to the final bill', () => {
  it('a video billed fewer seconds than asked is charged for what was delivered, and the caption says so', async () => {
    const hold = 6 * 50_000 * 1.5;
    const r = await t.core.startVideo({ ...t.actor({ user: 'short' }), prompt: 'a short wave [[fault:short_video]]', seconds: 6, delivery: target });
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value.estimateMicros).toBe(hold);
    const ev = await delivery.waitFor((e) => e.type === 'video' && e.jobId === r.value.jobId);
    if (ev.type !== 'video') throw new Error('no video');
    await until(r.value.jobId, ['delivered']);
    const job = await t.app.jobs.get(r.value.jobId);
    expect(job?.params.billedSeconds).toBe(4);
    expect(job?.chargedMicros).toBe((hold * 4) / 6);
    expect(job?.gatewayBilledMicros).toBe(4 * 50_000);
    expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
      { kind: 'hold', amount: hold },
      { kind: 'charge', amount: (hold * 4) / 6 },
    ]);
    // The caption the member got states what was delivered.
    expect((ev.reply.fields ?? []).map((f) => f.value)).toContain('4 s (6 s requested)');
    expect(t.sim.task(job!.remoteTaskId!)?.seconds).toBe(6);
    expect(await openHolds(t.store)).toBe(0);
    const rep = (await run())[0]!;
    if (!rep.ok) throw new Error(rep.detail);
    // Only the planted charge of the test above remains.
    expect(rep.days[0]!.driftMicros).toBe(10_000);
  }, 30_000);
});
