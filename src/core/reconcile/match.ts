import type { GatewayLogEntry } from '../ports/gateway-log.js';
import type { BilledJob } from '../ports/job-admin.js';

/** How far from a job's start and end a gateway row may be and still be its row (clocks, slow answers). */
export const MATCH_WINDOW_MS = 10 * 60_000;

/** A job with no gateway row, or a gateway row (or task) with no job. */
export type Unmatched =
  | { side: 'bot'; jobId: string; model: string; at: number; micros: number }
  | { side: 'gateway'; entryIds: string[]; model: string; at: number; micros: number; taskId?: string; content: string };

/** One token's figures for one UTC day (`YYYY-MM-DD`). Drift = gateway − bot. */
export interface DayFigures {
  day: string;
  botMicros: number;
  gatewayMicros: number;
  driftMicros: number;
  matched: number;
  unmatched: Unmatched[];
}

/** The UTC day of an epoch-ms moment. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Matches one token's jobs with its gateway log rows and sums them per UTC day (a job's day is the day it started; a
 * row with no job, its own day). Amounts are compared in the gateway's quota units (`quotaPerUnit`, rounded half away
 * from zero as it rounds), so a bill the gateway wrote as 5,000 quota and the bot's $0.01 are equal, not a micro apart.
 *
 * Matching, in order:
 * 1. By task id: every row naming `other.task_id` belongs to the job whose video task it is; its figure is the task's
 *    net (pre-charge + extra charges − refunds), so a failed task (charged, refunded) nets to zero against a job that
 *    recorded nothing, and a task settled to fewer seconds against the job's final bill.
 * 2. The other rows by model and amount: each job without a task (image, edit, answer), oldest first, takes the first
 *    unmatched charge of its model with the same amount within {@link MATCH_WINDOW_MS} of its run; a job still
 *    unmatched takes the nearest rows of its model that add up to its bill (a job of several calls: `--n` on a model
 *    that takes no `n` is one request per image).
 * 3. Then by model and time alone: a job still unmatched takes the nearest unmatched charge of its model within the
 *    window — a matched pair whose amounts differ, the difference is drift.
 * What is left is listed: jobs with a bill and no row, rows (and tasks) with no job. Jobs with no bill and no row
 * (failed before the gateway billed) are not listed.
 */
export function matchDay(jobs: readonly BilledJob[], entries: readonly GatewayLogEntry[], quotaPerUnit: number): DayFigures[] {
  const q = (micros: number): number => Math.sign(micros) * Math.round((Math.abs(micros) / 1_000_000) * quotaPerUnit);
  const usd = (quota: number): number => Math.round((quota / quotaPerUnit) * 1_000_000);
  const days = new Map<string, { bot: number; gw: number; matched: number; unmatched: Unmatched[] }>();
  const dayOf = (d: string) => {
    let v = days.get(d);
    if (!v) days.set(d, (v = { bot: 0, gw: 0, matched: 0, unmatched: [] }));
    return v;
  };
  const byTask = new Map<string, GatewayLogEntry[]>();
  const loose: GatewayLogEntry[] = [];
  for (const e of entries) {
    if (e.taskId !== undefined) {
      const list = byTask.get(e.taskId) ?? [];
      list.push(e);
      byTask.set(e.taskId, list);
    } else loose.push(e);
  }
  const netQuota = (list: readonly GatewayLogEntry[]): number => list.reduce((s, e) => s + (e.kind === 'charge' ? e.quota : -e.quota), 0);

  const rest: BilledJob[] = [];
  for (const j of jobs) {
    const bot = q(j.gatewayBilledMicros);
    const rows = j.remoteTaskId !== null ? byTask.get(j.remoteTaskId) : undefined;
    if (j.remoteTaskId !== null) byTask.delete(j.remoteTaskId);
    if (rows) {
      const d = dayOf(utcDay(j.createdAt));
      d.bot += bot;
      d.gw += netQuota(rows);
      d.matched += 1;
      continue;
    }
    if (j.remoteTaskId !== null || bot === 0) {
      // A video whose task has no row, or a job with no bill: the bot's figure alone (listed when not zero).
      if (bot !== 0) {
        const d = dayOf(utcDay(j.createdAt));
        d.bot += bot;
        d.unmatched.push({ side: 'bot', jobId: j.id, model: j.model, at: j.createdAt, micros: usd(bot) });
      }
      continue;
    }
    rest.push(j);
  }

  const taken = new Set<GatewayLogEntry>();
  const charges = loose.filter((e) => e.kind === 'charge');
  const near = (j: BilledJob, e: GatewayLogEntry): boolean => e.at >= j.createdAt - MATCH_WINDOW_MS && e.at <= (j.finishedAt ?? j.createdAt) + MATCH_WINDOW_MS;
  const distance = (j: BilledJob, e: GatewayLogEntry): number => Math.abs(e.at - (j.finishedAt ?? j.createdAt));
  const pairs = new Map<BilledJob, GatewayLogEntry[]>();
  const take = (j: BilledJob, rows: GatewayLogEntry[]) => {
    for (const e of rows) taken.add(e);
    pairs.set(j, rows);
  };
  for (const j of rest) {
    const bot = q(j.gatewayBilledMicros);
    const hit = charges.find((e) => !taken.has(e) && e.model === j.model && e.quota === bot && near(j, e));
    if (hit) take(j, [hit]);
  }
  // A job of several gateway calls (`--n 4` on a model without `n`: one request per image) has as many rows; the
  // nearest unmatched rows of its model that add up to its bill are its rows.
  for (const j of rest) {
    if (pairs.has(j)) continue;
    const bot = q(j.gatewayBilledMicros);
    const candidates = charges.filter((e) => !taken.has(e) && e.model === j.model && near(j, e) && e.quota < bot).sort((a, b) => distance(j, a) - distance(j, b));
    const rows: GatewayLogEntry[] = [];
    let sum = 0;
    for (const e of candidates) {
      if (sum + e.quota > bot) continue;
      rows.push(e);
      sum += e.quota;
      if (sum === bot) break;
    }
    if (rows.length > 1 && sum === bot) take(j, rows);
  }
  for (const j of rest) {
    if (pairs.has(j)) continue;
    let best: GatewayLogEntry | undefined;
    for (const e of charges) if (!taken.has(e) && e.model === j.model && near(j, e) && (!best || distance(j, e) < distance(j, best))) best = e;
    if (best) take(j, [best]);
  }
  for (const j of rest) {
    const bot = q(j.gatewayBilledMicros);
    const d = dayOf(utcDay(j.createdAt));
    d.bot += bot;
    const rows = pairs.get(j);
    if (rows) {
      d.gw += rows.reduce((sum, e) => sum + e.quota, 0);
      d.matched += 1;
    } else d.unmatched.push({ side: 'bot', jobId: j.id, model: j.model, at: j.createdAt, micros: usd(bot) });
  }
  for (const e of loose) {
    if (taken.has(e)) continue;
    const d = dayOf(utcDay(e.at));
    const signed = e.kind === 'charge' ? e.quota : -e.quota;
    d.gw += signed;
    d.unmatched.push({ side: 'gateway', entryIds: [e.id], model: e.model, at: e.at, micros: usd(signed), content: e.content });
  }
  for (const [taskId, list] of byTask) {
    const net = netQuota(list);
    const first = list[0]!;
    const d = dayOf(utcDay(first.at));
    d.gw += net;
    if (net !== 0) d.unmatched.push({ side: 'gateway', entryIds: list.map((e) => e.id), model: first.model, at: first.at, micros: usd(net), taskId, content: first.content });
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, v]) => ({ day, botMicros: usd(v.bot), gatewayMicros: usd(v.gw), driftMicros: usd(v.gw - v.bot), matched: v.matched, unmatched: v.unmatched }));
}
