/**
 * The admin web pages' typed reads (part of `CoreApi`; types only): what the chat's admin commands give only as text
 * — usage by member, model and day with the chart's spec, members' budget facts, the audit log in pages — and the
 * member's day-allowance chart spec. Every change still runs the chat's own commands through the dispatcher; these
 * only read. The adapter has already checked that the actor administers the community (as for `AdminApi.admin`).
 */
import type { Period } from '../budget/periods.js';
import type { Micros } from '../money.js';
import type { CumulativeChart, StackedDaysChart } from '../ports/chart-renderer.js';
import type { Actor } from './actor.js';
import type { FailureRefView } from './failure-refs.js';

/** Sums of one line of a usage table. */
export interface UsageSums {
  jobs: number;
  images: number;
  videoSeconds: number;
  tokens: number;
  spentMicros: Micros;
}

/** A member's line: their name as the chart writes it, and how admin commands name them (`platform:id`). */
export interface MemberUsageView extends UsageSums {
  name: string;
  target: string;
}

/** Usage of the community in one period, as the `/usage` report and chart count it (the same ledger entries). */
export interface UsageOverview {
  period: Period;
  /** Window `[since, until)` in epoch ms; `until` null for `total`. */
  since: number;
  until: number | null;
  members: MemberUsageView[];
  /** Per model of the jobs; `model` is `''` for entries without a job. */
  models: (UsageSums & { model: string })[];
  /** Spend per day of the chart's axis (an "earlier" day first when a `total` window has spend before it). */
  days: { label: string; spentMicros: Micros }[];
  totals: UsageSums;
  /** The `/usage` chart: spend per day stacked by member. */
  chart: StackedDaysChart;
  /** The `/usage` CSV, byte for byte. */
  csv: { filename: string; content: string };
}

/** The community's budget settings and each member's own facts. */
export interface BudgetsOverview {
  /** The default allowance per member; null = unlimited. `fromOperator`: no community default, the operator's. */
  defaultAllowance: { micros: Micros | null; period: Period; fromOperator: boolean };
  /** The pool (all members together); null = none. */
  pool: { micros: Micros; period: Period } | null;
  members: {
    name: string;
    target: string;
    /** Their own allowance (null micros = unlimited); null = the default applies. */
    own: { micros: Micros | null; period: Period } | null;
    blocked: boolean;
    /** Spent in the current month (charges − refunds). */
    spentThisMonthMicros: Micros;
  }[];
}

/** One audit entry as the admin page shows it (`before`/`after` as the store's JSON). */
export interface AuditRowView {
  id: string;
  at: number;
  action: string;
  /** Who: the member's name when the store knows them, else the store's actor id (`operator` for the CLI). */
  actor: string;
  before: string;
  after: string;
}

export interface WebAdminApi {
  /** Usage of the actor's community in the current `period` (default month). Admins only (checked by the adapter). */
  webUsage(actor: Actor, period?: Period): Promise<UsageOverview>;
  /** Budget settings and members (most recently seen first, at most 200). Admins only (checked by the adapter). */
  webBudgets(actor: Actor): Promise<BudgetsOverview>;
  /** The community's audit log, newest first: `limit` entries after skipping `offset` (at most 1,000 back). */
  webAudit(actor: Actor, page: { offset: number; limit: number }): Promise<{ rows: AuditRowView[]; more: boolean }>;
  /** The community's failure references, newest first (at most `limit`, default 50), each as `/job <ref>` shows an admin (with the logged detail). */
  webCommunityFailureRefs(actor: Actor, limit?: number): Promise<FailureRefView[]>;
  /** The `/balance` chart's spec for the actor (their spend against their allowance). */
  webBalanceChart(actor: Actor): Promise<CumulativeChart>;
}
