/** Spending per user, summed from the ledger, for usage reports and charts. */
import type { Micros } from '../money.js';

/** One user's line in a usage report. */
export interface UsageRow {
  userId: string;
  displayName: string | null;
  username: string | null;
  jobs: number;
  images: number;
  videoSeconds: number;
  tokens: number;
  spentMicros: Micros;
}

/** One model's line in a usage report (charges − refunds of its jobs; entries of no job under model `''`). */
export interface ModelUsageRow {
  model: string;
  jobs: number;
  images: number;
  videoSeconds: number;
  tokens: number;
  spentMicros: Micros;
}

/** What one user spent (charges − refunds) in one day of a {@link DailySpendQuery}. */
export interface DailySpendRow {
  userId: string;
  /** Index into `dayStarts`; −1 for entries before the first day (a `total` window charted over its last days). */
  day: number;
  spentMicros: Micros;
}

/** Which ledger entries {@link UsageStore.dailySpend} sums and how it buckets them. */
export interface DailySpendQuery {
  /** Window `[since, until)` in epoch ms, as for {@link UsageStore.usage}; `until` null = open. */
  since: number;
  until: number | null;
  /** Ascending day starts (epoch ms, the community's local midnights), all ≥ `since`; day i is `[dayStarts[i], dayStarts[i+1])`, the last one runs to `until`. */
  dayStarts: readonly number[];
  /** Only this user. Default: every user of the scope. */
  userId?: string;
  /** Leave out entries paid by the member's own token, as the community allowance does. Default false (as the usage report). */
  communityOnly?: boolean;
}

/** Reads charges and refunds of a scope by user. */
export interface UsageStore {
  /** Charges minus refunds per user of `scopeId` in `[since, until)` (`until` null = open), biggest spender first. */
  usage(scopeId: string, since: number, until: number | null): Promise<UsageRow[]>;
  /**
   * The same sums as {@link usage}, split per user and per day (rows only where entries exist). Summing a user's rows
   * gives their `spentMicros` in {@link usage} over the same window (with `communityOnly` false).
   */
  dailySpend(scopeId: string, q: DailySpendQuery): Promise<DailySpendRow[]>;
  /** The same sums as {@link usage}, per model of the entries' jobs instead of per user, biggest first. */
  usageByModel(scopeId: string, since: number, until: number | null): Promise<ModelUsageRow[]>;
}
