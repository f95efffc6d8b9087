import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { fail } from '../../src/core/failures.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';
import { testEngines } from '../support/engines.js';

let t: TestStack;
const delivery = new RecordingDelivery('console');

/** What a stolen disk would show: the SQLite file and its WAL as raw bytes, or every PostgreSQL row as text. */
async function rawDatabase(): Promise<string> {
  if (t.store.engine === 'sqlite') return [t.dbPath, `${t.dbPath}-wal`].filter((p) => existsSync(p)).map((p) => readFileSync(p).toString('latin1')).join('');
  const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public'`.execute(t.store.db);
  const rows = await Promise.all(tables.rows.map((r) => sql<{ row: string }>`select t::text as row from ${sql.table(r.tablename)} t`.execute(t.store.db)));
  return rows.flatMap((r) => r.rows.map((x) => x.row)).join('\n');
}

async function rawDelivery(jobId: string): Promise<string> {
  const r = await sql<{ delivery: string }>`select delivery from jobs where id = ${jobId}`.execute(t.store.db);
  return r.rows[0]!.delivery;
}

async function until(jobId: string, statuses: string[], ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const j = await t.app.jobs.get(jobId);
    if (j && statuses.includes(j.status)) return;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${j?.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const engines = await testEngines();

describe.each(engines)('secrets in jobs ($name)', (engine) => {
  beforeAll(async () => {
    t = await createTestStack({
      engine,
      deliveries: [delivery],
      env: { DEFAULT_ALLOWANCE: '5' },
      app: { pollerTuning: { progressEveryMs: 0, tickMs: 50, purgeEveryMs: 50 } },
    });
  });
  afterAll(() => t?.close());

  describe('secrets and requests that look like secrets', () => {
    it('a prompt carrying a token is refused before money moves and never reaches the database or the gateway', async () => {
      const gatewayKey = 'sk-live-Zq8x4Lr2Vb7Np1Ks9Wd3';
      const botToken = '7345122901:AAHf3kLmNoPqRsTuVwXyZ0123456789abcd';
      const before = t.sim.requests().length;
      for (const secret of [gatewayKey, botToken]) {
        for (const run of [
          () => t.core.imagine({ ...t.actor(), prompt: `a cat, my key is ${secret}` }),
          () => t.core.startVideo({ ...t.actor(), prompt: `waves ${secret}`, seconds: 4, delivery: { surface: 'console' } }),
          () => t.core.ask({ ...t.actor(), prompt: `what is ${secret}?` }),
        ]) {
          const r = await run();
          expect(r.ok).toBe(false);
          if (r.ok) continue;
          expect(r.failure.code).toBe('prompt_has_secret');
          expect(r.failure.money).toBe('none');
          const words = t.core.explain(r.failure);
          expect(words).toMatch(/shaped like an access token/);
          expect(words).toMatch(/Nothing was charged\./);
          expect(words).not.toContain(secret);
        }
      }
      expect(t.sim.requests().slice(before).filter((q) => ['image', 'edit', 'video_create', 'chat', 'messages'].includes(q.endpoint))).toEqual([]);
      expect(await openHolds(t.store)).toBe(0);
      const jobs = await t.store.db.selectFrom('jobs').select('prompt').execute();
      expect(jobs.filter((j) => j.prompt.includes('sk-live') || j.prompt.includes('AAHf3k'))).toEqual([]);
      const raw = await rawDatabase();
      expect(raw.includes(gatewayKey)).toBe(false);
      expect(raw.includes(botToken)).toBe(false);
    });

    it('user-facing failure text is scrubbed of every token a job could have used, whatever its shape', async () => {
      const opaque = 'opaque_gateway_key_Q1w2E3r4T5y6U7i8';
      t.sim.addToken(opaque, 'media');
      const a = t.actor({ user: 'scrub-me' });
      expect((await t.core.linkToken(a, opaque, true)).ok).toBe(true);
      const r = await t.core.imagine({ ...a, prompt: 'a lighthouse' });
      expect(r.ok).toBe(true);
      // A gateway reason that echoes the token (some servers quote the key in quota errors).
      const words = t.core.explain(fail('task_failed_refunded', { reason: `quota of ${opaque} exceeded` }));
      expect(words).not.toContain(opaque);
      expect(words).toContain('[redacted]');
      expect(await ledgerNetCharged(t.store, 'personal')).toBe(t.sim.spentMicros(opaque));
    });

    it('interaction tokens leave the job row once the job ends or they expire', async () => {
      const now = Date.now();
      const live: DeliveryAddress = { surface: 'console', chatId: 'c1', interaction: { applicationId: 'app1', token: 'itok-live-SECRET-1', expiresAt: now + 15 * 60_000 } };
      const r = await t.core.startVideo({ ...t.actor(), prompt: 'a wave', seconds: 4, delivery: live });
      if (!r.ok) throw new Error(r.failure.code);
      expect(await rawDelivery(r.value.jobId)).toContain('itok-live-SECRET-1');
      await until(r.value.jobId, ['delivered']);
      const end = Date.now() + 5000;
      while ((await rawDelivery(r.value.jobId)).includes('itok-live') && Date.now() < end) await new Promise((res) => setTimeout(res, 25));
      const after = JSON.parse(await rawDelivery(r.value.jobId)) as Record<string, unknown>;
      expect(after).toEqual({ surface: 'console', chatId: 'c1' });
      // Nor in the files while the bot runs (SQLite: the page and every WAL frame that held it). The checkpoint that
      // overwrites the WAL is retried while readers block it, so it may land a moment after the row changed.
      const filesBy = Date.now() + 5000;
      while ((await rawDatabase()).includes('itok-live-SECRET-1') && Date.now() < filesBy) await new Promise((res) => setTimeout(res, 50));
      expect((await rawDatabase()).includes('itok-live-SECRET-1')).toBe(false);

      // Expired while the job is still running: removed too, the rest of the address kept.
      const stale: DeliveryAddress = { surface: 'console', chatId: 'c2', interaction: { applicationId: 'app1', token: 'itok-old-SECRET-2', expiresAt: now - 1 } };
      const s = await t.core.startVideo({ ...t.actor(), prompt: 'a slow wave', seconds: 4, delivery: stale });
      if (!s.ok) throw new Error(s.failure.code);
      expect(await t.app.jobs.forgetDeliverySecrets(Date.now())).toBeGreaterThanOrEqual(0);
      expect(await rawDelivery(s.value.jobId)).not.toContain('itok-old');
      expect(JSON.parse(await rawDelivery(s.value.jobId))).toEqual({ surface: 'console', chatId: 'c2' });
      await until(s.value.jobId, ['delivered']);
      expect(await openHolds(t.store)).toBe(0);
    });
  });
});
