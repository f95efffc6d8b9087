import type { BudgetDefaults } from '../budget/types.js';
import { isPeriod, isValidTimeZone, periodWindow, type Period } from '../budget/periods.js';
import { isMicros, MAX_USD_MICROS, type Micros } from '../money.js';
import { phrase, say, type Phrase } from '../i18n/phrase.js';
import type { AdminStore, MemberBudgetRow } from '../ports/admin-store.js';
import type { AuditActor, AuditEntry } from '../ports/audit-log.js';
import type { Clock } from '../ports/clock.js';
import type { TokenInfo, TokenOwner } from '../ports/token-vault.js';
import type { DailySpendQuery, DailySpendRow, ModelUsageRow, UsageRow } from '../ports/usage-store.js';
import { graphemePrefix } from '../text-cut.js';

/**
 * An admin request that cannot be applied. `problem` is what a member reads (in their language); `message` is its
 * English text (the operator CLI, logs). Both are safe to show.
 */
export class AdminError extends Error {
  constructor(
    readonly code: 'invalid_period' | 'invalid_amount' | 'invalid_timezone' | 'invalid_token' | 'invalid_note',
    readonly problem: Phrase,
  ) {
    super(say('en', problem));
    this.name = 'AdminError';
  }
}

/** The default allowance in force for a scope and where it comes from. */
export interface DefaultAllowance {
  allowanceMicros: Micros | null;
  period: Period;
  source: 'scope' | 'operator';
}

/** A usage report for one period: one row per user plus totals. */
export interface UsageReport {
  scopeId: string;
  period: Period;
  since: number;
  until: number | null;
  rows: UsageRow[];
  totals: Omit<UsageRow, 'userId' | 'displayName' | 'username'>;
}

function period(p: string): Period {
  if (!isPeriod(p)) throw new AdminError('invalid_period', phrase('input-period', { given: graphemePrefix(p, 40) }));
  return p;
}
function amount(m: Micros | null, signed = false): Micros | null {
  if (m === null) return null;
  if (!isMicros(m, !signed) || Math.abs(m) > MAX_USD_MICROS) throw new AdminError('invalid_amount', phrase('input-amount-range', { min: { usdMicros: 0 }, max: { usdMicros: MAX_USD_MICROS } }));
  return m;
}

/**
 * Platform-neutral admin operations. Authorization is the adapters' job; every change here is audited
 * (actor, before, after) by the store in the same transaction as the change.
 */
export class AdminService {
  constructor(
    private readonly store: AdminStore,
    private readonly defaults: BudgetDefaults,
    private readonly clock: Clock,
  ) {}

  /** The default per-user allowance of the scope (falls back to the operator's). */
  async showDefault(scopeId: string): Promise<DefaultAllowance> {
    const b = await this.store.getScopeBudget(scopeId);
    if (b.defaultPeriod) return { allowanceMicros: b.defaultAllowanceMicros, period: b.defaultPeriod, source: 'scope' };
    return { allowanceMicros: this.defaults.defaultAllowanceMicros, period: this.defaults.defaultPeriod, source: 'operator' };
  }

  /** Sets the scope's default per-user allowance; `allowanceMicros` null = unlimited. */
  async setDefault(actor: AuditActor, scopeId: string, allowanceMicros: Micros | null, p: string) {
    return this.store.updateScopeBudget(scopeId, { defaultAllowanceMicros: amount(allowanceMicros), defaultPeriod: period(p) }, { actor, action: 'budget.default.set' });
  }

  /** The member's own allowance in the scope (`allowanceMicros` null = unlimited), or null when they have none. */
  async userOverride(scopeId: string, userId: string): Promise<{ allowanceMicros: Micros | null; period: Period } | null> {
    const r = await this.store.getUserBudget(scopeId, userId);
    return r.period ? { allowanceMicros: r.allowanceMicros, period: r.period } : null;
  }

  /** Gives one user their own allowance in the scope; null = unlimited. */
  async setUserOverride(actor: AuditActor, scopeId: string, userId: string, allowanceMicros: Micros | null, p: string) {
    return this.store.updateUserBudget(scopeId, userId, { allowanceMicros: amount(allowanceMicros), period: period(p) }, { actor, action: 'budget.user.set' });
  }

  /** Returns the user to the scope default. */
  async clearUserOverride(actor: AuditActor, scopeId: string, userId: string) {
    return this.store.updateUserBudget(scopeId, userId, { allowanceMicros: null, period: null }, { actor, action: 'budget.user.clear' });
  }

  /** Caps the whole scope's spending (all users, scope and operator tokens) per period. */
  async setPool(actor: AuditActor, scopeId: string, capMicros: Micros, p: string) {
    if (capMicros === null) throw new AdminError('invalid_amount', phrase('input-pool-needs-amount'));
    return this.store.updateScopeBudget(scopeId, { poolCapMicros: amount(capMicros), poolPeriod: period(p) }, { actor, action: 'budget.pool.set' });
  }

  async clearPool(actor: AuditActor, scopeId: string) {
    return this.store.updateScopeBudget(scopeId, { poolCapMicros: null, poolPeriod: null }, { actor, action: 'budget.pool.clear' });
  }

  async block(actor: AuditActor, scopeId: string, userId: string) {
    return this.store.updateUserBudget(scopeId, userId, { blocked: true }, { actor, action: 'user.block' });
  }

  async unblock(actor: AuditActor, scopeId: string, userId: string) {
    return this.store.updateUserBudget(scopeId, userId, { blocked: false }, { actor, action: 'user.unblock' });
  }

  /**
   * A one-off signed adjustment for the current period (+ gives more room, − takes some away). Refused (nothing
   * written) when the allowance in force plus the period's adjustments would pass ±{@link MAX_USD_MICROS}; the store
   * checks that inside the adjustment's own write transaction, so parallel adjustments cannot stack past it.
   */
  async adjust(actor: AuditActor, scopeId: string, userId: string, amountMicros: Micros, note: string): Promise<{ entryId: string }> {
    const n = note.trim();
    if (n === '' || n.length > 500) throw new AdminError('invalid_note', phrase('input-note-length', { min: 1, max: 500 }));
    if (amountMicros === 0) throw new AdminError('invalid_amount', phrase('input-zero-adjustment', { amount: { usdMicros: 0 } }));
    const r = await this.store.addAdjustment(scopeId, userId, amount(amountMicros, true)!, n, { actor, action: 'budget.adjust' }, { maxMicros: MAX_USD_MICROS, defaults: this.defaults });
    if (!r.ok) throw new AdminError('invalid_amount', phrase('input-adjust-ceiling', { max: { usdMicros: MAX_USD_MICROS }, after: { usdMicros: r.afterMicros } }));
    return { entryId: r.entryId };
  }

  /** Sets the IANA timezone budgets of this scope are computed in (e.g. "Europe/Berlin"). */
  async setTimezone(actor: AuditActor, scopeId: string, timezone: string) {
    const tz = timezone.trim();
    if (!isValidTimeZone(tz)) throw new AdminError('invalid_timezone', phrase('input-timezone', { given: graphemePrefix(tz, 64) }));
    return this.store.setTimezone(scopeId, tz, { actor, action: 'scope.timezone.set' });
  }

  /** Sets the community's default language (a shipped locale code, already checked; null clears it). Audited. */
  async setLanguage(actor: AuditActor, scopeId: string, language: string | null) {
    return this.store.setLanguage(scopeId, language, { actor, action: 'scope.language.set' });
  }

  /** A user's own cap on their personal-token spending (UTC periods); null allowance removes it. */
  async setPersonalCap(actor: AuditActor, userId: string, allowanceMicros: Micros | null, p: string | null) {
    return this.store.setPersonalCap(userId, amount(allowanceMicros), allowanceMicros === null ? null : period(p ?? 'month'), { actor, action: 'personal.cap.set' });
  }

  /** Stores a gateway token (community or personal) encrypted; returns masked facts only. */
  async linkToken(actor: AuditActor, owner: TokenOwner, token: string, scopeId: string | null): Promise<TokenInfo> {
    const t = token.trim();
    if (!/^[\x21-\x7e]{8,512}$/.test(t)) throw new AdminError('invalid_token', phrase('input-token-shape'));
    return (await this.store.linkToken(owner, t, scopeId, { actor, action: `token.${owner.kind}.link` })).after;
  }

  /** Removes a stored token; returns what was removed (masked) or null. */
  async unlinkToken(actor: AuditActor, owner: TokenOwner, scopeId: string | null): Promise<(TokenInfo & { runningJobs: number }) | null> {
    return this.store.unlinkToken(owner, scopeId, { actor, action: `token.${owner.kind}.unlink` });
  }

  async showToken(owner: TokenOwner): Promise<TokenInfo | null> {
    return this.store.showToken(owner);
  }

  /** Usage in the current `period` (in the scope's timezone): per user and totals. */
  async usageReport(scopeId: string, p: string): Promise<UsageReport> {
    const per = period(p);
    const w = periodWindow(per, await this.store.scopeTimezone(scopeId), this.clock.now());
    const rows = await this.store.usage(scopeId, w.start, w.end);
    const totals = { jobs: 0, images: 0, videoSeconds: 0, tokens: 0, spentMicros: 0 };
    for (const r of rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
    return { scopeId, period: per, since: w.start, until: w.end, rows, totals };
  }

  /** Charges minus refunds per user and per day (see `UsageStore.dailySpend`); the same sums as {@link usageReport}. */
  async dailySpend(scopeId: string, q: DailySpendQuery): Promise<DailySpendRow[]> {
    return this.store.dailySpend(scopeId, q);
  }

  /** The same sums as {@link usageReport}'s rows, per model of the jobs (see `UsageStore.usageByModel`). */
  async usageByModel(scopeId: string, since: number, until: number | null): Promise<ModelUsageRow[]> {
    return this.store.usageByModel(scopeId, since, until);
  }

  /** The scope's members with their own budget facts, most recently seen first; default at most 200. */
  async memberBudgets(scopeId: string, limit = 200): Promise<MemberBudgetRow[]> {
    return this.store.memberBudgets(scopeId, Math.min(Math.max(1, limit), 1000));
  }

  /** Most recent audit entries of a scope (or all when `scopeId` is null), newest first; default 50. */
  async auditEntries(scopeId: string | null, limit = 50): Promise<AuditEntry[]> {
    return this.store.auditEntries(scopeId, Math.min(Math.max(1, limit), 1000));
  }
}
