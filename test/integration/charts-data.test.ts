import { afterEach, describe, expect, it } from 'vitest';
import { usageChartLabels } from '../../src/core/admin-text/texts.js';
import { balanceChartData } from '../../src/core/charts/balance-chart.js';
import { chartDayStarts, dayLabels, TOTAL_CHART_DAYS } from '../../src/core/charts/days.js';
import { memberName, usageChartData } from '../../src/core/charts/usage-chart.js';
import { balanceChartLabels } from '../../src/core/messages/balance-text.js';
import { periodWindow } from '../../src/core/budget/periods.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';

const TZ = 'America/New_York';
const DAY = 86_400_000;
const HOUR = 3_600_000;
let t: TempStore;
afterEach(async () => t?.cleanup());

/** The local day of the month (1-based) of an instant in TZ, computed independently of the code under test. */
const localDay = (ms: number) => Number(new Intl.DateTimeFormat('en-US', { timeZone: TZ, day: 'numeric' }).format(ms));

/**
 * A seeded ledger: ten members spending on several days of June 2024 in New York time (some entries late in the
 * evening, after midnight UTC), a refund made on a later day, a personal-token charge and spend from an earlier month.
 * Returns the expected net spend per member and per local day, kept by the test itself.
 */
async function seed() {
  t = await makeTempStore({ allowance: 50_000_000, period: 'month', now: Date.parse('2024-06-01T05:00:00Z') });
  const { store, scopeId, clock } = t;
  await store.admin.setTimezone('u_admin', scopeId, TZ);
  const users = [t.userId];
  for (let j = 1; j < 10; j++) users.push((await store.directory.ensureUser({ platform: 'discord', externalId: `30${j}`, displayName: `member ${j}`, username: `m${j}` })).id);
  const expected = new Map<string, Map<number, number>>();
  const note = (user: string, at: number, micros: number) => {
    const days = expected.get(user) ?? new Map<number, number>();
    days.set(localDay(at), (days.get(localDay(at)) ?? 0) + micros);
    expected.set(user, days);
  };
  let n = 0;
  const spend = async (user: string, micros: number, at: number, tokenSource: 'scope' | 'personal' = 'scope') => {
    clock.set(at);
    const r = await store.budgets.reserve({ scopeId, userId: user, amountMicros: micros, jobId: `j_${n++}`, tokenSource });
    if (!r.ok) throw new Error(`refused: ${r.reason}`);
    await store.budgets.settle(r.holdId, micros, { units: 1, unit: 'image' });
    note(user, at, micros);
    return r.holdId;
  };
  const june1 = Date.parse('2024-06-01T04:00:00Z'); // local midnight in New York (UTC−4)
  for (let k = 0; k < 10; k++) {
    for (let j = 0; j < users.length; j++) {
      if ((j + k) % 3 === 0) continue; // not everyone every day
      await spend(users[j]!, (j + 1) * 7_000 + k * 1_000, june1 + k * DAY + (9 + j) * HOUR);
    }
  }
  // 23:30 on June 2 in New York is 03:30 on June 3 in UTC: it belongs to June 2.
  const late = Date.parse('2024-06-03T03:30:00Z');
  await spend(users[3]!, 123_456, late);
  // A refund made on a later day counts on the day of the charge it gives back (as in the report and the allowance).
  const refunded = await spend(users[5]!, 40_000, june1 + 4 * DAY + 2 * HOUR);
  clock.set(june1 + 6 * DAY + 11 * HOUR);
  await store.budgets.refund(refunded, 'test');
  note(users[5]!, june1 + 4 * DAY + 2 * HOUR, -40_000);
  // Paid by the member's own token: in the usage report, not in the community allowance.
  const personal = await spend(users[0]!, 55_000, june1 + 8 * DAY + 15 * HOUR, 'personal');
  // Spend of an earlier month: only in a `total` report.
  clock.set(june1 - 20 * DAY);
  const r = await store.budgets.reserve({ scopeId, userId: users[1]!, amountMicros: 9_000, jobId: 'j_may', tokenSource: 'scope' });
  if (r.ok) await store.budgets.settle(r.holdId, 9_000, { units: 1, unit: 'image' });
  clock.set(Date.parse('2024-06-12T16:00:00Z'));
  return { store, scopeId, users, expected, late, personal, june1 };
}

describe('chart data matches the usage report', () => {
  it('spend per day stacked by member: top 8 + others, per-day values on New York days, sums equal the report', async () => {
    const { store, scopeId, users, expected, late, june1 } = await seed();
    const report = await store.admin.usageReport(scopeId, 'month');
    expect(report.rows).toHaveLength(10);
    const starts = chartDayStarts({ start: report.since, end: report.until }, TZ, t.clock.now());
    expect(starts).toHaveLength(30);
    expect(starts[0]).toBe(june1);
    expect(starts[29]).toBe(june1 + 29 * DAY);
    const daily = await store.admin.dailySpend(scopeId, { since: report.since, until: report.until, dayStarts: starts });
    const chart = usageChartData({ rows: report.rows, daily, days: dayLabels(starts, TZ), labels: usageChartLabels('en', 'month', TOTAL_CHART_DAYS) });

    expect(chart.days).toHaveLength(30);
    expect(chart.days[0]).toBe('Jun 1');
    expect(chart.series).toHaveLength(9);
    const sum = (v: readonly number[]) => v.reduce((a, b) => a + b, 0);
    const top = report.rows.slice(0, 8);
    top.forEach((row, i) => {
      const s = chart.series[i]!;
      expect(s.name).toBe(memberName(row));
      expect(sum(s.values), `${s.name}: sum of the days = the report's spent`).toBe(row.spentMicros);
      // every day, independently computed from what was spent when
      const days = expected.get(row.userId)!;
      s.values.forEach((v, d) => expect(v, `${s.name} on June ${d + 1}`).toBe(days.get(d + 1) ?? 0));
    });
    const others = chart.series[8]!;
    expect(others).toMatchObject({ name: 'others', folded: true });
    expect(sum(others.values)).toBe(sum(report.rows.slice(8).map((r) => r.spentMicros)));
    expect(sum(chart.series.map((s) => sum(s.values)))).toBe(report.totals.spentMicros);
    // the late entry sits on June 2 (index 1), not June 3 (the UTC date)
    expect(localDay(late)).toBe(2);
    const lateDay = daily.find((r) => r.userId === users[3] && r.day === 1)!;
    expect(lateDay.spentMicros).toBe(expected.get(users[3]!)!.get(2));
    expect(lateDay.spentMicros).toBeGreaterThanOrEqual(123_456);
  });

  it('one member only (`/usage month @x`): one series, equal to that member\'s row', async () => {
    const { store, scopeId, users, expected } = await seed();
    const report = await store.admin.usageReport(scopeId, 'month');
    const row = report.rows.find((r) => r.userId === users[5])!;
    const starts = chartDayStarts({ start: report.since, end: report.until }, TZ, t.clock.now());
    const daily = await store.admin.dailySpend(scopeId, { since: report.since, until: report.until, dayStarts: starts, userId: users[5]! });
    const chart = usageChartData({ rows: [row], daily, days: dayLabels(starts, TZ), labels: usageChartLabels('en', 'month', TOTAL_CHART_DAYS) });
    expect(chart.series.map((s) => s.name)).toEqual([memberName(row)]);
    expect(chart.series[0]!.values.reduce((a, b) => a + b, 0)).toBe(row.spentMicros);
    expect(chart.series[0]!.values[6]).toBe(48_000); // the day the refund was made keeps its own spend: the refund nets out on its charge's day
    chart.series[0]!.values.forEach((v, d) => expect(v).toBe(expected.get(users[5]!)!.get(d + 1) ?? 0));
  });

  it('a total report: the last 30 days plus one "earlier" bar, still summing to the report', async () => {
    const { store, scopeId } = await seed();
    const report = await store.admin.usageReport(scopeId, 'total');
    const starts = chartDayStarts({ start: report.since, end: report.until }, TZ, t.clock.now());
    expect(starts).toHaveLength(TOTAL_CHART_DAYS);
    const daily = await store.admin.dailySpend(scopeId, { since: report.since, until: report.until, dayStarts: starts });
    const chart = usageChartData({ rows: report.rows, daily, days: dayLabels(starts, TZ), labels: usageChartLabels('en', 'total', TOTAL_CHART_DAYS) });
    expect(chart.days[0]).toBe('earlier');
    expect(chart.days).toHaveLength(TOTAL_CHART_DAYS + 1);
    const total = chart.series.reduce((a, s) => a + s.values.reduce((x, y) => x + y, 0), 0);
    expect(total).toBe(report.totals.spentMicros);
    expect(chart.series.reduce((a, s) => a + s.values[0]!, 0)).toBe(9_000);
  });

  it("the member chart ends at what /balance calls spent (personal-token spend left out) and stops at today", async () => {
    const { store, scopeId, users, june1 } = await seed();
    const b = await store.budgets.balance(scopeId, users[0]!);
    const w = periodWindow(b.period, TZ, t.clock.now());
    const starts = chartDayStarts(w, TZ, t.clock.now());
    const daily = await store.admin.dailySpend(scopeId, { since: w.start, until: null, dayStarts: starts, userId: users[0]!, communityOnly: true });
    const chart = balanceChartData({ daily, dayStarts: starts, days: dayLabels(starts, TZ), now: t.clock.now(), allowanceMicros: b.limitMicros! + b.adjustedMicros, labels: balanceChartLabels('en', b.period, TOTAL_CHART_DAYS) });
    expect(starts[0]).toBe(june1);
    const today = 11; // June 12
    expect(chart.cumulative[today]).toBe(b.spentMicros);
    expect(chart.cumulative.slice(today + 1).every((v) => v === null)).toBe(true);
    const points = chart.cumulative.slice(0, today + 1) as number[];
    expect(points.every((v, i) => i === 0 || v >= points[i - 1]!)).toBe(true);
    expect(chart.allowance).toEqual({ name: 'allowance', micros: 50_000_000 });
    const report = await store.admin.usageReport(scopeId, 'month');
    expect(report.rows.find((r) => r.userId === users[0])!.spentMicros - b.spentMicros).toBe(55_000);
  });
});
