import { request } from 'undici';
import type { GatewayLog, GatewayLogEntry, GatewayLogRead } from '../core/ports/gateway-log.js';
import { parseQuotaPerUnit } from './pricing.js';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** Row types of new-api's log. */
const CONSUME = 2;
const REFUND = 6;
/** Pages read at most per token (1,000 rows each): a bound on one reconciliation's work. */
const MAX_PAGES = 100;
const PAGE_SIZE = 1000;

/** `other` is a JSON string in the row (an object on some builds). */
function otherOf(v: unknown): Rec {
  if (typeof v === 'string') {
    try {
      return rec(JSON.parse(v)) ?? {};
    } catch {
      return {};
    }
  }
  return rec(v) ?? {};
}

/**
 * One log row → an entry, or undefined for rows that move no money (error rows, zero quota). A consume row with a
 * negative quota (older builds settle a task with one signed row) reads as a refund of its size.
 */
export function parseLogRow(raw: unknown, quotaPerUnit: number): GatewayLogEntry | undefined {
  const r = rec(raw);
  const type = num(r?.type);
  const quota = num(r?.quota);
  if (!r || (type !== CONSUME && type !== REFUND) || quota === undefined || quota === 0) return undefined;
  const refund = type === REFUND || quota < 0;
  const q = Math.abs(quota);
  const other = otherOf(r.other);
  const e: GatewayLogEntry = {
    id: String(r.id ?? ''),
    at: Math.round((num(r.created_at) ?? 0) * 1000),
    kind: refund ? 'refund' : 'charge',
    quota: q,
    micros: Math.round((q / quotaPerUnit) * 1_000_000),
    model: typeof r.model_name === 'string' ? r.model_name : '',
    content: typeof r.content === 'string' ? r.content.slice(0, 120) : '',
  };
  if (typeof other.task_id === 'string' && other.task_id !== '') e.taskId = other.task_id;
  if (typeof other.request_id === 'string' && other.request_id !== '') e.requestId = other.request_id;
  return e;
}

/** The rows of one answer: `data` as a list, or a page `data:{items,total}`; undefined when neither. */
export function logRows(body: unknown): { rows: unknown[]; total?: number } | undefined {
  const b = rec(body);
  if (!b || b.success === false) return undefined;
  if (Array.isArray(b.data)) return { rows: b.data };
  const page = rec(b.data);
  if (page && Array.isArray(page.items)) {
    const total = num(page.total);
    return total !== undefined ? { rows: page.items, total } : { rows: page.items };
  }
  return undefined;
}

/**
 * The token log over HTTP: `GET /api/log/token?p=…&page_size=1000` with the token in `Authorization: Bearer` (current
 * new-api; the token never goes into a URL), pages (newest first) followed while full and newer than `since` (at most
 * 100, of `pageSize` rows, default 1,000), and `GET /api/status` for quota units per USD (500,000 when it does not
 * say). A 404 (or an HTML page) means the gateway has no such route (one-api,
 * other servers); 401/403 that it refused the token. Nothing it reports contains the token.
 */
export class HttpGatewayLog implements GatewayLog {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  async read(token: string, since: number): Promise<GatewayLogRead> {
    const base = this.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
    let quotaPerUnit = 500_000;
    const status = await this.get(`${base}/api/status`);
    if (status.ok && status.status === 200) quotaPerUnit = parseQuotaPerUnit(status.body);
    const entries: GatewayLogEntry[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const r = await this.get(`${base}/api/log/token?p=${page}&page_size=${this.pageSize}`, token);
      if (!r.ok) return { ok: false, problem: 'unreachable', detail: `the gateway could not be reached (${r.detail})` };
      if (r.status === 404 || r.status === 405 || r.status === 501) return { ok: false, problem: 'no_route', detail: `this gateway has no token log (GET /api/log/token answered ${r.status}); reconciliation needs a new-api gateway` };
      if (r.status === 401 || r.status === 403) return { ok: false, problem: 'auth', detail: `the gateway refused this token for its log (HTTP ${r.status})` };
      if (r.status !== 200) return { ok: false, problem: 'refused', detail: `the gateway answered HTTP ${r.status} for the token log` };
      const rows = logRows(r.body);
      if (!rows) {
        const msg = typeof rec(r.body)?.message === 'string' ? ` (${String(rec(r.body)!.message).slice(0, 120)})` : '';
        // new-api answers some refusals with HTTP 200 and `{success:false, message}`.
        if (rec(r.body)?.success === false) return { ok: false, problem: 'refused', detail: `the gateway refused to show the token log${msg}` };
        return r.body === undefined
          ? { ok: false, problem: 'no_route', detail: 'this gateway has no token log (GET /api/log/token did not answer JSON); reconciliation needs a new-api gateway' }
          : { ok: false, problem: 'malformed', detail: `the token log had an unexpected shape${msg}` };
      }
      for (const raw of rows.rows) {
        const e = parseLogRow(raw, quotaPerUnit);
        if (e && e.at >= since) entries.push(e);
      }
      // A build that ignores paging answers every row at once (a plain list): one read is all.
      if (rows.total === undefined || rows.rows.length < this.pageSize || page * this.pageSize >= rows.total) break;
      // Pages come newest first: once one reaches before `since`, the next ones are older still.
      if (rows.rows.some((raw) => (num(rec(raw)?.created_at) ?? 0) * 1000 < since)) break;
    }
    const unique = new Map(entries.map((e) => [e.id, e]));
    return { ok: true, entries: [...unique.values()].sort((a, b) => a.at - b.at || Number(a.id) - Number(b.id)), quotaPerUnit };
  }

  private async get(url: string, token?: string): Promise<{ ok: true; status: number; body: unknown } | { ok: false; detail: string }> {
    try {
      const res = await request(url, {
        method: 'GET',
        headers: { accept: 'application/json', ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}) },
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      const text = await res.body.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { ok: true, status: res.statusCode, body };
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      return { ok: false, detail: typeof code === 'string' ? code : e instanceof Error ? e.name : 'network error' };
    }
  }
}
