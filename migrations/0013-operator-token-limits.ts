import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Who may spend the operator's token (`GATEWAY_TOKEN`):
 * - `OPERATOR_DAILY_CAP` sums, inside every reserve on the operator's token, the day's charges and refunds of that
 *   token and its open holds, across every scope: two partial indexes keep both sums to the rows that count
 *   (`ledger_operator_day_idx`: the operator's charges and refunds by time; `holds_operator_open_idx`: its open holds).
 *   On SQLite, where every reserve runs alone in the write transaction, a running total (`budget_totals` kind
 *   'operator', one row, rebuilt from those sums when the UTC day turned or the row is missing) is kept by triggers,
 *   so a reserve reads one row however many jobs ran today. PostgreSQL sums once per group of reserves instead: a
 *   row every settle updates would make settles of every community queue on it.
 * - `OPERATOR_TOKEN_ACCESS=approved`: a scope an owner approved carries when and by whom (`scopes.operator_approved_at`,
 *   `operator_approved_by`, null = not approved). On the scope row, so a Telegram group upgraded to a supergroup keeps
 *   its approval, and the actor's scope (read on every command) brings it at no extra query.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index ledger_operator_day_idx on ledger_entries (created_at, kind, amount_micros)
    where token_source = 'operator' and kind in ('charge', 'refund')`.execute(db);
  await sql`create index holds_operator_open_idx on holds (amount_micros) where status = 'open' and token_source = 'operator'`.execute(db);
  if (!isPostgres(db)) await operatorTotalsSqlite(db);
  await db.schema.alterTable('scopes').addColumn('operator_approved_at', 'bigint').execute();
  await db.schema.alterTable('scopes').addColumn('operator_approved_by', 'text').execute();
}

/** The SQLite triggers keeping the 'operator' row of `budget_totals` (they do nothing while it does not exist). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function operatorTotalsSqlite(db: Kysely<any>): Promise<void> {
  const row = sql.raw(`kind = 'operator' and scope_id = '' and user_id = ''`);
  await sql`create trigger operator_totals_ledger_ai after insert on ledger_entries
    when new.token_source = 'operator' and new.kind in ('charge', 'refund')
    begin
      update budget_totals set spent = spent + (case new.kind when 'charge' then new.amount_micros else -new.amount_micros end)
        where ${row} and since <= new.created_at;
    end`.execute(db);
  // The journal is append-only; should an operator row ever change or go, the total is rebuilt.
  await sql`create trigger operator_totals_ledger_aud after update on ledger_entries when old.token_source = 'operator' begin delete from budget_totals where ${row}; end`.execute(db);
  await sql`create trigger operator_totals_ledger_ad after delete on ledger_entries when old.token_source = 'operator' begin delete from budget_totals where ${row}; end`.execute(db);
  await sql`create trigger operator_totals_holds_ai after insert on holds when new.status = 'open' and new.token_source = 'operator'
    begin update budget_totals set held = held + new.amount_micros where ${row}; end`.execute(db);
  await sql`create trigger operator_totals_holds_au_old after update on holds when old.status = 'open' and old.token_source = 'operator'
    begin update budget_totals set held = held - old.amount_micros where ${row}; end`.execute(db);
  await sql`create trigger operator_totals_holds_au_new after update on holds when new.status = 'open' and new.token_source = 'operator'
    begin update budget_totals set held = held + new.amount_micros where ${row}; end`.execute(db);
  await sql`create trigger operator_totals_holds_ad after delete on holds when old.status = 'open' and old.token_source = 'operator'
    begin update budget_totals set held = held - old.amount_micros where ${row}; end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const t of ['operator_totals_ledger_ai', 'operator_totals_ledger_aud', 'operator_totals_ledger_ad', 'operator_totals_holds_ai', 'operator_totals_holds_au_old', 'operator_totals_holds_au_new', 'operator_totals_holds_ad'])
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    await sql`delete from budget_totals where kind = 'operator'`.execute(db);
  }
  await db.schema.alterTable('scopes').dropColumn('operator_approved_by').execute();
  await db.schema.alterTable('scopes').dropColumn('operator_approved_at').execute();
  await sql`drop index if exists holds_operator_open_idx`.execute(db);
  await sql`drop index if exists ledger_operator_day_idx`.execute(db);
}
