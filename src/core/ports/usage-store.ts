/** Spending per user, summed from the ledger, for usage reports. */
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

/** Reads charges and refunds of a scope by user. */
export interface UsageStore {
  /** Charges minus refunds per user of `scopeId` in `[since, until)` (`until` null = open), biggest spender first. */
  usage(scopeId: string, since: number, until: number | null): Promise<UsageRow[]>;
}
