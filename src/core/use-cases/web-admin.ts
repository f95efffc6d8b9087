/**
 * The admin web pages' typed reads (`WebAdminApi`): the same store queries as `/usage`, `/budget show` and the audit
 * log, as data instead of text. Nothing here writes; changes go through the chat's commands.
 */
import type { Actor } from '../api/actor.js';
import type { AuditRowView, BudgetsOverview, UsageOverview } from '../api/web-admin.js';
import { renderUsageCsv } from '../admin/usage-csv.js';
import type { Period } from '../budget/periods.js';
import { memberName } from '../charts/usage-chart.js';
import type { CumulativeChart } from '../ports/chart-renderer.js';
import { balanceChartSpec, usageChartSpec } from './charts.js';
import { actorIds } from './context.js';
import { lookUpRef } from './failure-refs.js';
import type { FailureRefView } from '../api/failure-refs.js';
import type { CoreDeps } from './deps.js';

/** Most members the budgets page lists. */
const MEMBERS_SHOWN = 200;
/** Furthest back the audit pages reach (the store's own cap on one read). */
const AUDIT_MAX = 1_000;

const target = (r: { platform: string; externalId: string }) => `${r.platform}:${r.externalId}`;

/** `webUsage`: the report, its per-model and per-day split, the chart spec and the CSV of one period. */
export async function webUsage(d: CoreDeps, actor: Actor, period: Period = 'month'): Promise<UsageOverview> {
  const ids = await actorIds(d, actor);
  const report = await d.store.admin.usageReport(ids.scopeId, period);
  const [{ spec, daily, days }, models, members] = await Promise.all([
    usageChartSpec(d, ids, report),
    d.store.admin.usageByModel(ids.scopeId, report.since, report.until),
    d.store.admin.memberBudgets(ids.scopeId, 1_000),
  ]);
  const refs = new Map(members.map((m) => [m.userId, target(m)]));
  // The chart's axis: "earlier" first when it has one, then one entry per day (the same buckets as the bars).
  const offset = spec.days.length - days.length;
  const perDay = spec.days.map((label) => ({ label, spentMicros: 0 }));
  for (const r of daily) if (r.day + offset >= 0 && r.day + offset < perDay.length) perDay[r.day + offset]!.spentMicros += r.spentMicros;
  const date = new Date(d.clock.now()).toISOString().slice(0, 10);
  return {
    period,
    since: report.since,
    until: report.until,
    members: report.rows.map((r) => ({ name: memberName(r), target: refs.get(r.userId) ?? r.userId, jobs: r.jobs, images: r.images, videoSeconds: r.videoSeconds, tokens: r.tokens, spentMicros: r.spentMicros })),
    models,
    days: perDay,
    totals: report.totals,
    chart: spec,
    csv: { filename: `usage-${period}-${date}.csv`, content: renderUsageCsv(report) },
  };
}

/** `webBudgets`: the default allowance and pool as `/budget show` reads them, and each member's own facts. */
export async function webBudgets(d: CoreDeps, actor: Actor): Promise<BudgetsOverview> {
  const ids = await actorIds(d, actor);
  const [def, b, members, month] = await Promise.all([
    d.store.admin.showDefault(ids.scopeId),
    d.store.budgets.balance(ids.scopeId, ids.userId),
    d.store.admin.memberBudgets(ids.scopeId, MEMBERS_SHOWN),
    d.store.admin.usageReport(ids.scopeId, 'month'),
  ]);
  const spent = new Map(month.rows.map((r) => [r.userId, r.spentMicros]));
  return {
    defaultAllowance: { micros: def.allowanceMicros, period: def.period, fromOperator: def.source === 'operator' },
    pool: b.pool ? { micros: b.pool.limitMicros, period: b.pool.period } : null,
    members: members.map((m) => ({
      name: memberName(m),
      target: target(m),
      own: m.period ? { micros: m.allowanceMicros, period: m.period } : null,
      blocked: m.blocked,
      spentThisMonthMicros: spent.get(m.userId) ?? 0,
    })),
  };
}

/** `webAudit`: one page of the community's audit log, newest first, actors named where the community knows them. */
export async function webAudit(d: CoreDeps, actor: Actor, page: { offset: number; limit: number }): Promise<{ rows: AuditRowView[]; more: boolean }> {
  const ids = await actorIds(d, actor);
  const offset = Math.max(0, Math.min(Math.floor(page.offset), AUDIT_MAX));
  const limit = Math.max(1, Math.min(Math.floor(page.limit), 200));
  const [entries, members] = await Promise.all([d.store.admin.auditEntries(ids.scopeId, Math.min(offset + limit + 1, AUDIT_MAX)), d.store.admin.memberBudgets(ids.scopeId, 1_000)]);
  const names = new Map(members.map((m) => [m.userId, memberName(m)]));
  const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  const rows = entries.slice(offset, offset + limit).map((e) => ({ id: e.id, at: e.at, action: e.action, actor: names.get(e.actor) ?? e.actor, before: json(e.before), after: json(e.after) }));
  return { rows, more: entries.length > offset + limit };
}

/** `webCommunityFailureRefs`: the community's latest references, each read as `/job <ref>` reads it for an admin. */
export async function webCommunityFailureRefs(d: CoreDeps, actor: Actor, limit = 50): Promise<FailureRefView[]> {
  const ids = await actorIds(d, actor);
  const refs = await d.store.refs.recent(ids.scopeId, Math.max(1, Math.min(Math.floor(limit), 200)));
  const views: FailureRefView[] = [];
  for (const ref of refs) {
    const r = await lookUpRef(d, { ...actor, resolved: ids }, ref, true);
    if (r.ok) views.push(r.value);
  }
  return views;
}

/** `webBalanceChart`: the `/balance` chart's spec. */
export async function webBalanceChart(d: CoreDeps, actor: Actor): Promise<CumulativeChart> {
  return (await balanceChartSpec(d, actor)).spec;
}
