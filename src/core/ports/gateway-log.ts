/**
 * The gateway's own record of what it billed a token: new-api's token log (`GET /api/log/token`). Read by the
 * reconciliation (`npm run admin -- reconcile`, the daily run) and compared with what the bot believes it billed.
 * Implemented in `src/gateway/token-log.ts`.
 */

/** One money row of the token log, in micro-dollars (quota ÷ quota per unit). */
export interface GatewayLogEntry {
  /** The row's id in the gateway's log. */
  id: string;
  /** Epoch milliseconds (the row's `created_at`, seconds, × 1000). */
  at: number;
  /** `charge`: a consume row (a request, a task's pre-charge or extra charge, a fee); `refund`: money given back. */
  kind: 'charge' | 'refund';
  /** Quota units as the gateway wrote them (positive). */
  quota: number;
  micros: number;
  model: string;
  /** `other.task_id`: the video task the row belongs to. */
  taskId?: string;
  /** `other.request_id`, when the gateway keeps it. */
  requestId?: string;
  /** The row's `content` (e.g. "Violation fee charged"), capped to 120 characters. */
  content: string;
}

/** Why a token's log could not be read. */
export type GatewayLogProblem = 'no_route' | 'auth' | 'unreachable' | 'malformed' | 'refused';

/** The token's log since a moment, or why it could not be read (`detail`: one sentence for the operator, no secret). */
export type GatewayLogRead =
  | { ok: true; entries: GatewayLogEntry[]; quotaPerUnit: number }
  | { ok: false; problem: GatewayLogProblem; detail: string };

/** Reads a token's log. Never throws. */
export interface GatewayLog {
  /** Rows created at or after `since` (epoch ms), oldest first. */
  read(token: string, since: number): Promise<GatewayLogRead>;
}
