import type { Period } from '../core/budget/periods.js';
import type { BudgetDefaults } from '../core/budget/types.js';
import type { Micros } from '../core/money.js';
import type { Clock } from '../core/ports/clock.js';

/** What the composition root passes to a store factory (`openStore` in `open-store.ts`); the SQLite file's options. */
export interface OpenStoreOptions {
  /** SQLite file (directory created). Default `./data/bot.sqlite`. ':memory:' works for throwaway runs. */
  path?: string;
  /** `BOT_ENCRYPTION_KEY` text (base64 or hex) or its 32 bytes. Without it tokens cannot be linked or read. */
  encryptionKey?: string | Buffer;
  /** The operator's `GATEWAY_TOKEN`, used when neither the user nor the scope linked one. */
  operatorToken?: string;
  /** `PERSON_CAP`: per-person cap across scopes on the operator's token. */
  personCap?: { limitMicros: Micros; period: Period };
  /** `OPERATOR_DAILY_CAP` in micro-dollars per UTC day across every scope on the operator's token; absent = off. */
  operatorDailyCapMicros?: Micros;
  /** Called with every gateway token the vault decrypts (the composition root registers it with the scrubber). */
  onTokenOpened?: (token: string) => void;
  /** Allowance for scopes nobody configured (null = unlimited), e.g. 1_000_000 ($1). */
  defaultAllowanceMicros: Micros | null;
  /** Period of that default, e.g. 'day'. */
  defaultPeriod: Period;
  /** Every date the store writes, except lease expiry (the database's clock: see `JobStore.claimDue`). */
  clock: Clock;
  /**
   * Tests only: added to the database's clock in lease statements, so a fake `clock` moved by hand moves lease
   * expiry with it (e.g. `() => clock.now() - start`). Default: none.
   */
  leaseClockOffsetMs?: () => number;
}

/** The budget defaults of {@link OpenStoreOptions} (the ledger's, and the composition root's `AdminService`'s). */
export function budgetDefaults(o: Pick<OpenStoreOptions, 'defaultAllowanceMicros' | 'defaultPeriod' | 'personCap' | 'operatorDailyCapMicros'>): BudgetDefaults {
  return {
    defaultAllowanceMicros: o.defaultAllowanceMicros,
    defaultPeriod: o.defaultPeriod,
    ...(o.personCap ? { personCap: o.personCap } : {}),
    ...(o.operatorDailyCapMicros !== undefined ? { operatorDailyCapMicros: o.operatorDailyCapMicros } : {}),
  };
}
