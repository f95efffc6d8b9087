import { sql, type Kysely } from 'kysely';
import { createReserveFunctions } from './0002-budget-totals.js';
import { isPostgres } from './dialect.js';

/**
 * The reserve rule moves out of the database: both engines run the one TypeScript rule (`src/store/kysely/
 * reserve-rule.ts`), so PostgreSQL's `ledger_reserve` and its helpers (migration 0002) are dropped.
 *
 * A scope's pool row in `budget_totals` now exists only while the scope has a pool cap: without one, nothing reads it,
 * and keeping it up to date made every hold and charge in the scope queue on that one row. Rows of scopes without a cap
 * are deleted here (and when a cap is cleared); the first reserve after a cap is set creates the row again.
 *
 * On PostgreSQL a budget row created while writers are in flight could miss a writer whose trigger ran before the row
 * existed. So the totals triggers now take a SHARED transaction-level advisory lock on the budget they update (the
 * scope for 'user' and 'pool' rows, the user for 'personal' rows) before updating it — shared locks never wait on each
 * other — and whoever creates a missing row takes the same lock EXCLUSIVELY first: it waits until every writer in
 * flight committed (their effects are then visible to the rebuild) and later writers wait until the row exists.
 */
const SCOPE_LOCK = 20201;
const PERSONAL_LOCK = 20202;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from budget_totals where kind = 'pool'
    and scope_id not in (select scope_id from budgets where pool_cap_micros is not null and pool_period is not null)`.execute(db);
  if (!isPostgres(db)) return;
  for (const f of [
    'ledger_reserve(text, text, text, text, text, bigint, text, bigint, text, bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint)',
    'ledger_used(text, text, text, bigint)',
    'ledger_lock_total(text, text, text)',
  ])
    await sql`drop function if exists ${sql.raw(f)}`.execute(db);
  await sql`create or replace function ledger_totals_ai() returns trigger language plpgsql as $$
    begin
      if new.token_source <> 'personal' then
        perform pg_advisory_xact_lock_shared(${sql.lit(SCOPE_LOCK)}, hashtext(new.scope_id));
        update budget_totals
          set spent = spent + (case new.kind when 'charge' then new.amount_micros when 'refund' then -new.amount_micros else 0 end),
              adjusted = adjusted + (case new.kind when 'adjustment' then new.amount_micros else 0 end)
          where kind = 'user' and scope_id = new.scope_id and user_id = new.user_id and since <= new.created_at;
        if new.kind <> 'adjustment' then
          update budget_totals set spent = spent + (case new.kind when 'charge' then new.amount_micros else -new.amount_micros end)
            where kind = 'pool' and scope_id = new.scope_id and user_id = '' and since <= new.created_at;
        end if;
      elsif new.kind <> 'adjustment' then
        perform pg_advisory_xact_lock_shared(${sql.lit(PERSONAL_LOCK)}, hashtext(new.user_id));
        update budget_totals set spent = spent + (case new.kind when 'charge' then new.amount_micros else -new.amount_micros end)
          where kind = 'personal' and scope_id = '' and user_id = new.user_id and since <= new.created_at;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create or replace function holds_totals_apply(p_scope text, p_user text, p_source text, p_delta bigint) returns void language plpgsql as $$
    begin
      if p_source <> 'personal' then
        perform pg_advisory_xact_lock_shared(${sql.lit(SCOPE_LOCK)}, hashtext(p_scope));
        update budget_totals set held = held + p_delta where kind = 'user' and scope_id = p_scope and user_id = p_user;
        update budget_totals set held = held + p_delta where kind = 'pool' and scope_id = p_scope and user_id = '';
      else
        perform pg_advisory_xact_lock_shared(${sql.lit(PERSONAL_LOCK)}, hashtext(p_user));
        update budget_totals set held = held + p_delta where kind = 'personal' and scope_id = '' and user_id = p_user;
      end if;
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function ledger_totals_ai() returns trigger language plpgsql as $$
    begin
      if new.token_source <> 'personal' then
        update budget_totals
          set spent = spent + (case new.kind when 'charge' then new.amount_micros when 'refund' then -new.amount_micros else 0 end),
              adjusted = adjusted + (case new.kind when 'adjustment' then new.amount_micros else 0 end)
          where kind = 'user' and scope_id = new.scope_id and user_id = new.user_id and since <= new.created_at;
        if new.kind <> 'adjustment' then
          update budget_totals set spent = spent + (case new.kind when 'charge' then new.amount_micros else -new.amount_micros end)
            where kind = 'pool' and scope_id = new.scope_id and user_id = '' and since <= new.created_at;
        end if;
      elsif new.kind <> 'adjustment' then
        update budget_totals set spent = spent + (case new.kind when 'charge' then new.amount_micros else -new.amount_micros end)
          where kind = 'personal' and scope_id = '' and user_id = new.user_id and since <= new.created_at;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create or replace function holds_totals_apply(p_scope text, p_user text, p_source text, p_delta bigint) returns void language plpgsql as $$
    begin
      if p_source <> 'personal' then
        update budget_totals set held = held + p_delta where kind = 'user' and scope_id = p_scope and user_id = p_user;
        update budget_totals set held = held + p_delta where kind = 'pool' and scope_id = p_scope and user_id = '';
      else
        update budget_totals set held = held + p_delta where kind = 'personal' and scope_id = '' and user_id = p_user;
      end if;
    end $$`.execute(db);
  await createReserveFunctions(db);
}

/** The advisory lock class and key of the budget rows of `scopeId` ('user' and 'pool'), as the triggers take it. */
export const SCOPE_TOTALS_LOCK = SCOPE_LOCK;
/** The advisory lock class of a user's 'personal' row (key: `hashtext(user_id)`). */
export const PERSONAL_TOTALS_LOCK = PERSONAL_LOCK;
