import type { Generated } from 'kysely';
import type { TokenSource } from '../../core/failures.js';

/**
 * Row types of every table, as created by `migrations/`. Times are epoch milliseconds, money is integer
 * micro-dollars, JSON lives in TEXT columns. The jobs table is owned by the job repository.
 */

export interface ScopesTable {
  id: string;
  platform: string;
  external_id: string;
  title: string | null;
  settings: Generated<string>;
  timezone: Generated<string>;
  /** The community's default language (migration 0008); null = none. */
  language: string | null;
  /** When an owner approved the scope for the operator's token (migration 0013); null = not approved. */
  operator_approved_at: Generated<number | null>;
  /** Who approved it (`telegram:123`, `operator-cli`); null = not approved. */
  operator_approved_by: Generated<string | null>;
  created_at: number;
}
export interface UsersTable {
  id: string;
  platform: string;
  external_id: string;
  display_name: string | null;
  username: string | null;
  personal_allowance_micros: number | null;
  personal_period: string | null;
  /** The member's own language choice (migration 0008); null = none. */
  language: string | null;
  created_at: number;
}
export interface ScopeMembersTable {
  scope_id: string;
  user_id: string;
  last_seen_at: number;
}
export interface BudgetsTable {
  scope_id: string;
  default_allowance_micros: number | null;
  default_period: string | null;
  pool_cap_micros: number | null;
  pool_period: string | null;
  updated_at: number;
}
export interface BudgetUsersTable {
  scope_id: string;
  user_id: string;
  allowance_micros: number | null;
  period: string | null;
  blocked: Generated<number>;
  updated_at: number;
}
export interface TokensTable {
  id: string;
  kind: 'scope' | 'personal';
  owner_id: string;
  ciphertext: string;
  nonce: string;
  tag: string;
  last4: string;
  key_id: string;
  key_version: Generated<number>;
  created_by: string;
  created_at: number;
}
/** A token unlinked or replaced while jobs still ran on it (migration 0006); gone once they end. */
export interface RetiredTokensTable extends TokensTable {
  retired_at: number;
}
export interface HoldsTable {
  id: string;
  scope_id: string;
  user_id: string;
  job_id: string | null;
  amount_micros: number;
  charged_micros: number | null;
  token_source: TokenSource;
  status: 'open' | 'settled' | 'released';
  created_at: number;
  resolved_at: number | null;
}
/** Kinds of journal entries. */
export type LedgerKind = 'hold' | 'charge' | 'release' | 'refund' | 'adjustment';
/** Units recorded on charges. */
export type LedgerUnit = 'image' | 'second' | 'token';
export interface LedgerEntriesTable {
  id: string;
  kind: LedgerKind;
  amount_micros: number;
  scope_id: string;
  user_id: string;
  job_id: string | null;
  hold_id: string | null;
  token_source: TokenSource;
  units: number | null;
  unit: LedgerUnit | null;
  reason: string | null;
  created_at: number;
}
export interface JobsTable {
  id: string;
  kind: 'imagine' | 'edit' | 'video' | 'ask';
  status: string;
  scope_id: string;
  user_id: string;
  model: string;
  prompt: string;
  params: Generated<string>;
  token_source: TokenSource;
  token_id: string | null;
  hold_id: string | null;
  estimate_micros: number;
  charged_micros: number | null;
  remote_task_id: string | null;
  progress: Generated<number>;
  delivery: Generated<string>;
  delivered: string | null;
  output_path: string | null;
  output_expires_at: number | null;
  error_code: string | null;
  error_detail: string | null;
  lease_owner: string | null;
  lease_expires_at: number | null;
  next_poll_at: number | null;
  poll_interval_ms: number | null;
  deadline_at: number | null;
  attempts: Generated<number>;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** The language the job's member was answered in when it started (migration 0008); null for older jobs. */
  locale: string | null;
  /** What the bot believes the gateway billed for the job (migration 0014); null when nothing known. */
  gateway_billed_micros: number | null;
  /** When the web gallery stops keeping the job's files (migration 0019); null: it keeps none. */
  gallery_expires_at: number | null;
  /** Bytes of the files the gallery keeps for the job (migration 0019), for its disk cap. */
  gallery_bytes: number | null;
}
/** What the gateway billed that no member was charged for (migration 0005). */
export interface GatewayLossesTable {
  id: string;
  job_id: string;
  scope_id: string;
  user_id: string;
  token_source: TokenSource;
  amount_micros: number;
  certain: number;
  reason: string;
  created_at: number;
}
export interface AuditLogTable {
  id: string;
  actor: string;
  scope_id: string | null;
  action: string;
  before: string | null;
  after: string | null;
  created_at: number;
}

/** A failure reference shown to a user (migration 0007); `detail` is scrubbed JSON. */
export interface FailureRefsTable {
  ref: string;
  created_at: number;
  scope_id: string;
  user_id: string;
  job_id: string | null;
  code: string;
  detail: string;
  surface: string;
}

/** Bot processes running on this database, with their heartbeats (migration 0009). */
export interface BotProcessesTable {
  id: string;
  role: string;
  host: string;
  pid: number;
  /** `memory` or `redis <host:port> <prefix>`. */
  coordination: string;
  started_at: number;
  seen_at: number;
}

/** The random id of this database (migration 0010); the oldest row wins. */
export interface DatabaseIdentityTable {
  id: string;
  created_at: number;
}

/** A one-time web sign-in link (migration 0018); only the token's SHA-256 is stored. */
export interface WebLinksTable {
  token_hash: string;
  scope_id: string;
  user_id: string;
  actor: string;
  admin: number;
  locale: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A web session (migration 0018); only the session id's SHA-256 is stored. */
export interface WebSessionsTable {
  id_hash: string;
  scope_id: string;
  user_id: string;
  actor: string;
  admin: number;
  locale: string;
  created_at: number;
  expires_at: number;
}

/** The whole database, for `Kysely<Database>`. */
export interface Database {
  scopes: ScopesTable;
  users: UsersTable;
  scope_members: ScopeMembersTable;
  budgets: BudgetsTable;
  budget_users: BudgetUsersTable;
  tokens: TokensTable;
  retired_tokens: RetiredTokensTable;
  holds: HoldsTable;
  ledger_entries: LedgerEntriesTable;
  gateway_losses: GatewayLossesTable;
  jobs: JobsTable;
  audit_log: AuditLogTable;
  failure_refs: FailureRefsTable;
  bot_processes: BotProcessesTable;
  database_identity: DatabaseIdentityTable;
  web_links: WebLinksTable;
  web_sessions: WebSessionsTable;
}
