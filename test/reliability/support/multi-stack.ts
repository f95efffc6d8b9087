import type { BilledJob } from '../../../src/core/ports/job-admin.js';
/**
 * Several real bot processes (`node --import tsx src/main.ts`, Telegram webhook mode) on one PostgreSQL database and
 * one Redis prefix, for `5-multi-process.test.ts` and `6-postgres-outage.test.ts`:
 * - {@link Balancer}: the load balancer the fake Bot API's webhook points at. It answers the fake at once and hands
 *   each update to ONE live process (round robin); when that process does not answer (killed), the same update goes
 *   to the next one, as a real balancer retries a dead backend. The bot's once-per-`update_id` check in Redis is what
 *   keeps a retried update from making a second job.
 * - {@link CountingProxy}: in front of the gateway simulator, counts the requests in flight per bearer token (from
 *   the request's arrival to the end of its answer) and keeps the maximum.
 * - {@link PgProbe}: reads jobs, holds and the ledger straight from the database.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

/** A free TCP port on 127.0.0.1 (closed again before it is returned). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The chat of a message update, if any. */
function chatOf(body: Buffer): number | undefined {
  try {
    return (JSON.parse(body.toString('utf8')) as { message?: { chat?: { id?: number } } }).message?.chat?.id;
  } catch {
    return undefined;
  }
}

/** POSTs a webhook body to one process; resolves with the status (0 on a network error, e.g. a killed process). */
function forward(port: number, body: Buffer, secret: string | undefined): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/telegram/hook', method: 'POST', agent: false, timeout: 60_000, headers: { 'content-type': 'application/json', 'content-length': body.length, ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) } },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', () => resolve(0));
      },
    );
    req.once('error', () => resolve(0));
    req.once('timeout', () => req.destroy());
    req.end(body);
  });
}

/** See the module description. */
export class Balancer {
  /** Ports of the processes, by index; {@link down} ones are skipped. */
  readonly down = new Set<number>();
  /** Updates handed to a process that did not answer, then to the next one. */
  retried = 0;
  /** Updates no process took (every one was down): should stay 0. */
  lost = 0;
  /** For each chat, the processes (indexes) its updates were handed to, in order, retries included. */
  readonly routes = new Map<number, number[]>();
  private next = 0;
  private readonly pending = new Set<Promise<void>>();
  private readonly server: Server;
  url = '';

  constructor(private readonly ports: number[]) {
    this.server = createServer((req, res) => {
      void readBody(req).then((body) => {
        res.writeHead(200).end();
        const secret = req.headers['x-telegram-bot-api-secret-token'];
        const p = this.deliver(body, typeof secret === 'string' ? secret : undefined, chatOf(body));
        this.pending.add(p);
        void p.finally(() => this.pending.delete(p));
      });
    });
  }

  private async deliver(body: Buffer, secret: string | undefined, chat: number | undefined): Promise<void> {
    for (let attempt = 0; attempt < this.ports.length * 3; attempt++) {
      const i = this.next++ % this.ports.length;
      if (this.down.has(i)) continue;
      if (chat !== undefined) this.routes.set(chat, [...(this.routes.get(chat) ?? []), i]);
      const status = await forward(this.ports[i]!, body, secret);
      if (status >= 200 && status < 300) return;
      this.retried += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
    this.lost += 1;
  }

  /** Listens on a free port; {@link url} is the webhook URL to give the bots. */
  async listen(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/telegram/hook`;
  }

  /** Resolves once every update received so far was handed to a process. */
  async drained(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** See the module description. */
export class CountingProxy {
  private readonly inFlight = new Map<string, number>();
  /** The most requests in flight at once, per bearer token (the token itself as key: never printed). */
  readonly max = new Map<string, number>();
  /** Requests seen, per token. */
  readonly total = new Map<string, number>();
  private readonly server: Server;
  url = '';

  constructor(private readonly upstream: string) {
    const up = new URL(upstream);
    this.server = createServer((req, res) => {
      const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const now = (this.inFlight.get(token) ?? 0) + 1;
      this.inFlight.set(token, now);
      this.max.set(token, Math.max(this.max.get(token) ?? 0, now));
      this.total.set(token, (this.total.get(token) ?? 0) + 1);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        this.inFlight.set(token, (this.inFlight.get(token) ?? 1) - 1);
      };
      res.once('close', end);
      const out = request({ host: up.hostname, port: up.port, path: req.url, method: req.method, headers: req.headers }, (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      });
      out.once('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(out);
    });
  }

  /** Listens on a free port; {@link url} is the bots' `GATEWAY_BASE_URL`. */
  async listen(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** A job row as the probe reads it. */
export interface PgJob {
  id: string;
  kind: string;
  status: string;
  scope_id: string;
  /** The chat the job was asked in (its delivery address). */
  chat: number | null;
  charged_micros: number | null;
  lease_owner: string | null;
}

/** Reads the shared database (its own small pool; tolerant of a restarting server). */
export class PgProbe {
  private readonly pool: pg.Pool;

  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 3_000 });
    this.pool.on('error', () => undefined);
  }

  async jobs(): Promise<PgJob[]> {
    const r = await this.pool.query<PgJob & { external_id: string }>(
      'select j.id, j.kind, j.status, j.scope_id, s.external_id, j.charged_micros::float8 as charged_micros, j.lease_owner from jobs j join scopes s on s.id = j.scope_id order by j.created_at',
    );
    return r.rows.map(({ external_id, ...j }) => ({ ...j, chat: Number(external_id), charged_micros: j.charged_micros === null ? null : Number(j.charged_micros) }));
  }

  /** Jobs as the reconciliation reads them (`JobAdmin.billedSince`), from the start. */
  async billedJobs(): Promise<BilledJob[]> {
    const r = await this.pool.query<{ id: string; kind: BilledJob['kind']; status: BilledJob['status']; model: string; token_source: BilledJob['tokenSource']; token_id: string | null; remote_task_id: string | null; g: string | null; created_at: string; finished_at: string | null }>(
      'select id, kind, status, model, token_source, token_id, remote_task_id, gateway_billed_micros::text as g, created_at::text, finished_at::text from jobs where gateway_billed_micros is not null or remote_task_id is not null order by created_at, id',
    );
    return r.rows.map((j) => ({ id: j.id, kind: j.kind, status: j.status, model: j.model, tokenSource: j.token_source, tokenId: j.token_id, remoteTaskId: j.remote_task_id, gatewayBilledMicros: Number(j.g ?? 0), createdAt: Number(j.created_at), finishedAt: j.finished_at === null ? null : Number(j.finished_at) }));
  }

  /** Charges minus refunds over the whole ledger. */
  async ledgerNet(): Promise<number> {
    const r = await this.pool.query<{ n: string | null }>(`select sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end)::text as n from ledger_entries`);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Charges per job id (a job charged twice would show 2). */
  async chargesPerJob(): Promise<Map<string, number>> {
    const r = await this.pool.query<{ job_id: string; n: string }>(`select job_id, count(*)::text as n from ledger_entries where kind = 'charge' and job_id is not null group by job_id`);
    return new Map(r.rows.map((x) => [x.job_id, Number(x.n)]));
  }

  /** What the bot recorded as billed by the gateway without charging anyone (certain and possible). */
  async gatewayLosses(): Promise<number> {
    const r = await this.pool.query<{ n: string | null }>(`select sum(amount_micros)::text as n from gateway_losses`);
    return Number(r.rows[0]?.n ?? 0);
  }

  async openHolds(): Promise<number> {
    const r = await this.pool.query<{ n: string }>(`select count(*)::text as n from holds where status = 'open'`);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Every row of every table as JSON lines (evidence for the secrets sweep: no token may appear in clear). */
  async dump(): Promise<string> {
    const tables = await this.pool.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
    const out: string[] = [];
    for (const { tablename } of tables.rows) {
      const r = await this.pool.query<{ row: unknown }>(`select row_to_json(t) as row from "${tablename}" t`);
      for (const x of r.rows) out.push(`${tablename}\t${JSON.stringify(x.row)}`);
    }
    return out.join('\n');
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** Polls `check` every 200 ms until it is true; throws with `describe()` after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000, describe?: () => Promise<string> | string): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // a probe failing while a server restarts: try again
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${describe ? `: ${await describe()}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
