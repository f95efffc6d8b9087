import { SIM_QUOTA_PER_UNIT } from './catalog.js';

/** Row types of new-api's log: 2 consume, 6 refund (5 error rows are not written by the simulator). */
export const LOG_CONSUME = 2;
export const LOG_REFUND = 6;

/** One row of `GET /api/log/token`, in new-api's shape (`other` is a JSON string, as the real rows carry it). */
export interface SimLogRow {
  id: number;
  created_at: number;
  type: number;
  content: string;
  model_name: string;
  token_name: string;
  group: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  channel: number;
  token_id: number;
  other: string;
}

/** What a charge or refund says about itself. */
export interface LogMeta {
  model: string;
  group: string;
  content: string;
  /** The request id of the call (`X-Oneapi-Request-Id`), kept in `other.request_id`. */
  requestId?: string;
  /** A video task's id, kept in `other.task_id`. */
  taskId?: string;
  promptTokens?: number;
  completionTokens?: number;
  /** More `other` fields (`pre_consumed`, `actual_quota`, `image_count`, …). */
  other?: Record<string, unknown>;
}

/** Micro-dollars in quota units, rounded half away from zero as new-api rounds (500,000 quota per USD: 2 micros each). */
export function quotaOf(micros: number): number {
  return Math.round((micros / 1_000_000) * SIM_QUOTA_PER_UNIT);
}

/**
 * Every charge and refund of every token, as new-api's token log shows them: a consume row per billed request (a
 * video's pre-charge at submit), a refund row (positive quota) when a task fails or is settled below its pre-charge.
 * What a token paid = Σ consume − Σ refund. Bounded to the last 50,000 rows per token.
 */
export class TokenLog {
  private readonly byToken = new Map<string, SimLogRow[]>();
  private seq = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Appends a consume (`refund` false) or refund row of `micros` for `token`. */
  write(token: string, micros: number, refund: boolean, meta: LogMeta): void {
    let rows = this.byToken.get(token);
    if (!rows) this.byToken.set(token, (rows = []));
    const other: Record<string, unknown> = { ...meta.other };
    if (meta.requestId !== undefined) other.request_id = meta.requestId;
    if (meta.taskId !== undefined) other.task_id = meta.taskId;
    rows.push({
      id: ++this.seq,
      created_at: Math.floor(this.now() / 1000),
      type: refund ? LOG_REFUND : LOG_CONSUME,
      content: meta.content,
      model_name: meta.model,
      token_name: 'simulated token',
      group: meta.group,
      quota: quotaOf(micros),
      prompt_tokens: meta.promptTokens ?? 0,
      completion_tokens: meta.completionTokens ?? 0,
      use_time: 1,
      is_stream: false,
      channel: 1,
      token_id: 1,
      other: JSON.stringify(other),
    });
    if (rows.length > 50_000) rows.splice(0, rows.length - 50_000);
  }

  /** The token's rows, oldest first (a copy). */
  rows(token: string): SimLogRow[] {
    return [...(this.byToken.get(token) ?? [])];
  }
}

/**
 * `GET /api/log/token` (new-api only): the token's log rows, newest first, in `{success, message, data:[…]}`; with a
 * `p` query parameter, one page in the paged shape some builds answer (`data:{page, page_size, total, items}`,
 * `page_size` default 100). The token comes as `Authorization: Bearer` or, on older builds, `?key=`.
 */
export function tokenLogReply(rows: readonly SimLogRow[], query: URLSearchParams): { status: number; body: unknown } {
  const newest = [...rows].reverse();
  const p = query.get('p');
  if (p === null) return { status: 200, body: { success: true, message: '', data: newest } };
  const page = Math.max(1, Number.parseInt(p, 10) || 1);
  const size = Math.min(1000, Math.max(1, Number.parseInt(query.get('page_size') ?? '100', 10) || 100));
  const items = newest.slice((page - 1) * size, page * size);
  return { status: 200, body: { success: true, message: '', data: { page, page_size: size, total: newest.length, items } } };
}
