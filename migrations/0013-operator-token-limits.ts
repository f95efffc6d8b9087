import { sql, type Kysely } from 'kysely';

/**
 * Who may spend the operator's token (`GATEWAY_TOKEN`):
 * - `OPERATOR_DAILY_CAP` sums, inside every reserve on the operator's token, the day's charges and refunds of that
 *   token and its open holds, across every scope: two partial indexes keep both sums to the rows that count
 *   (`ledger_operator_day_idx`: the operator's charges and refunds by time; `holds_operator_open_idx`: its open holds).
 * - `OPERATOR_TOKEN_ACCESS=approved`: a scope an owner approved carries when and by whom (`scopes.operator_approved_at`,
 *   `operator_approved_by`, null = not approved). On the scope row, so a Telegram group upgraded to a supergroup keeps
 *   its approval, and the actor's scope (read on every command) brings it at no extra query.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index ledger_operator_day_idx on ledger_entries (created_at, kind, amount_micros)
    where token_source = 'operator' and kind in ('charge', 'refund')`.execute(db);
  await sql`create index holds_operator_open_idx on holds (amount_micros) where status = 'open' and token_source = 'operator'`.execute(db);
  await db.schema.alterTable('scopes').addColumn('operator_approved_at', 'bigint').execute();
  await db.schema.alterTable('scopes').addColumn('operator_approved_by', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scopes').dropColumn('operator_approved_by').execute();
  await db.schema.alterTable('scopes').dropColumn('operator_approved_at').execute();
  await sql`drop index if exists holds_operator_open_idx`.execute(db);
  await sql`drop index if exists ledger_operator_day_idx`.execute(db);
}
