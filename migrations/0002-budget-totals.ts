import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Running budget totals, so a reserve reads one row instead of summing the period's ledger entries.
 * One row per budget: kind 'user' (scope_id, user_id; non-personal tokens), 'pool' (scope_id, user_id = '')
 * and 'personal' (scope_id = '', user_id; personal tokens). Invariant, kept by the triggers below for ANY
 * writer of `ledger_entries`/`holds`: while a row exists, `spent`/`adjusted` equal the sums of the entries
 * with `created_at >= since`, and `held` the sum of the open holds. The application (re)builds a row from the
 * ledger when it is missing or its `since` is not the current window start (new period, changed period or
 * timezone); that is the only range scan left, once per budget per window.
 * Fewer index pages per commit (the main cost of a reserve+settle pair): the two hold indexes become one
 * partial index over open holds (only used to rebuild `held`); the personal-spending index covers only
 * personal entries; the hold_id index covers only refunds and is UNIQUE, so a hold is refunded at most once
 * even if a writer skipped the ledger's check.
 * On PostgreSQL the same table and invariants, kept by plpgsql trigger functions ({@link upPostgres}).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
  await sql`drop index if exists holds_open_user_idx`.execute(db);
  await sql`drop index if exists holds_open_scope_idx`.execute(db);
  await sql`create index holds_open_idx on holds (scope_id, user_id) where status = 'open'`.execute(db);
  await sql`drop index if exists ledger_personal_idx`.execute(db);
  await sql`create index ledger_personal_idx on ledger_entries (user_id, created_at) where token_source = 'personal'`.execute(db);
  await sql`drop index if exists ledger_hold_idx`.execute(db);
  await sql`create unique index ledger_refund_uq on ledger_entries (hold_id) where kind = 'refund'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`create table budget_totals (
    kind text not null,
    scope_id text not null,
    user_id text not null,
    since integer not null,
    spent integer not null,
    adjusted integer not null,
    held integer not null,
    primary key (kind, scope_id, user_id)
  ) without rowid`.execute(db);

  // Journal → spent/adjusted. Refunds subtract; adjustments move only the user's budget, never the pool.
  await sql`create trigger ledger_totals_ai after insert on ledger_entries
    when new.kind in ('charge', 'refund', 'adjustment')
    begin
      update budget_totals
        set spent = spent + (case new.kind when 'charge' then new.amount_micros when 'refund' then -new.amount_micros else 0 end),
            adjusted = adjusted + (case new.kind when 'adjustment' then new.amount_micros else 0 end)
        where new.token_source != 'personal' and kind = 'user' and scope_id = new.scope_id and user_id = new.user_id and since <= new.created_at;
      update budget_totals
        set spent = spent + (case new.kind when 'charge' then new.amount_micros else -new.amount_micros end)
        where new.token_source != 'personal' and new.kind != 'adjustment' and kind = 'pool' and scope_id = new.scope_id and user_id = '' and since <= new.created_at;
      update budget_totals
        set spent = spent + (case new.kind when 'charge' then new.amount_micros else -new.amount_micros end)
        where new.token_source = 'personal' and new.kind != 'adjustment' and kind = 'personal' and scope_id = '' and user_id = new.user_id and since <= new.created_at;
    end`.execute(db);
  // The journal is append-only; should a row ever change or go, drop the affected totals so they are rebuilt.
  for (const ev of ['update', 'delete']) {
    await sql`create trigger ${sql.raw(`ledger_totals_a${ev[0]}`)} after ${sql.raw(ev)} on ledger_entries
      begin
        delete from budget_totals where (kind in ('user', 'pool') and scope_id = old.scope_id) or (kind = 'personal' and user_id = old.user_id);
      end`.execute(db);
  }

  // Holds → held: add when a hold is (or becomes) open, subtract when an open hold is resolved or removed.
  const bump = (rec: 'new' | 'old', sign: '+' | '-') => sql.raw(`
      update budget_totals set held = held ${sign} ${rec}.amount_micros
        where ${rec}.token_source != 'personal' and kind = 'user' and scope_id = ${rec}.scope_id and user_id = ${rec}.user_id;
      update budget_totals set held = held ${sign} ${rec}.amount_micros
        where ${rec}.token_source != 'personal' and kind = 'pool' and scope_id = ${rec}.scope_id and user_id = '';
      update budget_totals set held = held ${sign} ${rec}.amount_micros
        where ${rec}.token_source = 'personal' and kind = 'personal' and scope_id = '' and user_id = ${rec}.user_id;`);
  await sql`create trigger holds_totals_ai after insert on holds when new.status = 'open' begin ${bump('new', '+')} end`.execute(db);
  await sql`create trigger holds_totals_au_old after update on holds when old.status = 'open' begin ${bump('old', '-')} end`.execute(db);
  await sql`create trigger holds_totals_au_new after update on holds when new.status = 'open' begin ${bump('new', '+')} end`.execute(db);
  await sql`create trigger holds_totals_ad after delete on holds when old.status = 'open' begin ${bump('old', '-')} end`.execute(db);
}

/**
 * The PostgreSQL branch: the same table (bigint money and times) and the same invariants, kept by row triggers
 * calling plpgsql functions. Each function updates the budgets of one hold or entry in ONE fixed order — the
 * user's row, then the scope's pool row, then the personal row — the order in which the Postgres ledger locks
 * them before a reserve, so concurrent reserves and settles never wait on each other in a cycle.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create table budget_totals (
    kind text not null,
    scope_id text not null,
    user_id text not null,
    since bigint not null,
    spent bigint not null,
    adjusted bigint not null,
    held bigint not null,
    primary key (kind, scope_id, user_id)
  )`.execute(db);

  // Journal → spent/adjusted. Refunds subtract; adjustments move only the user's budget, never the pool.
  await sql`create function ledger_totals_ai() returns trigger language plpgsql as $$
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
  await sql`create trigger ledger_totals_ai after insert on ledger_entries for each row
    when (new.kind in ('charge', 'refund', 'adjustment')) execute function ledger_totals_ai()`.execute(db);
  // The journal is append-only; should a row ever change or go, drop the affected totals so they are rebuilt.
  await sql`create function ledger_totals_forget() returns trigger language plpgsql as $$
    begin
      delete from budget_totals where (kind in ('user', 'pool') and scope_id = old.scope_id) or (kind = 'personal' and user_id = old.user_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger ledger_totals_aud after update or delete on ledger_entries for each row execute function ledger_totals_forget()`.execute(db);

  // Holds → held: add when a hold is (or becomes) open, subtract when an open hold is resolved or removed.
  await sql`create function holds_totals_apply(p_scope text, p_user text, p_source text, p_delta bigint) returns void language plpgsql as $$
    begin
      if p_source <> 'personal' then
        update budget_totals set held = held + p_delta where kind = 'user' and scope_id = p_scope and user_id = p_user;
        update budget_totals set held = held + p_delta where kind = 'pool' and scope_id = p_scope and user_id = '';
      else
        update budget_totals set held = held + p_delta where kind = 'personal' and scope_id = '' and user_id = p_user;
      end if;
    end $$`.execute(db);
  await sql`create function holds_totals() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        if old.status = 'open' then perform holds_totals_apply(old.scope_id, old.user_id, old.token_source, -old.amount_micros); end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        if new.status = 'open' then perform holds_totals_apply(new.scope_id, new.user_id, new.token_source, new.amount_micros); end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger holds_totals after insert or update or delete on holds for each row execute function holds_totals()`.execute(db);
  await createReserveFunctions(db);
}

/**
 * The PostgreSQL ledger's reserve, run inside the server so the budget rows stay locked only while it executes
 * (no client round trip under the locks; see `PostgresBudgetLedger`). The caller resolves the limits and computes
 * the windows (time zones, periods) in the application from the raw limits it read; `ledger_reserve` locks the rows
 * in the fixed order (the users row when the per-person cap applies, then the totals 'user', 'pool' — the order of
 * the triggers above — or 'personal'), re-reads the raw limits and answers 'stale' when they changed meanwhile (the
 * caller then starts over), rebuilds a totals row whose window moved, checks each limit, and inserts the hold and its
 * journal entry. Outcomes: 'ok', 'stale', 'unknown_scope', 'blocked', 'budget_exhausted', 'pool_exhausted',
 * 'personal_cap_exhausted', 'person_cap_exhausted' (with what is left).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function createReserveFunctions(db: Kysely<any>): Promise<void> {
  // Locks one totals row, creating it first (since = -1: not built for any window) when missing.
  await sql`create function ledger_lock_total(p_kind text, p_scope text, p_user text) returns void language plpgsql as $$
    begin
      perform 1 from budget_totals where kind = p_kind and scope_id = p_scope and user_id = p_user for update;
      if not found then
        insert into budget_totals (kind, scope_id, user_id, since, spent, adjusted, held) values (p_kind, p_scope, p_user, -1, 0, 0, 0) on conflict do nothing;
        perform 1 from budget_totals where kind = p_kind and scope_id = p_scope and user_id = p_user for update;
      end if;
    end $$`.execute(db);
  // What one locked budget has used since p_since (spent + held - adjusted), rebuilding its row when the window moved.
  await sql`create function ledger_used(p_kind text, p_scope text, p_user text, p_since bigint) returns bigint language plpgsql as $$
    declare t budget_totals%rowtype;
    begin
      select * into t from budget_totals where kind = p_kind and scope_id = p_scope and user_id = p_user;
      if t.since is distinct from p_since then
        t.since := p_since;
        if p_kind = 'user' then
          select coalesce(sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end), 0),
                 coalesce(sum(case when kind = 'adjustment' then amount_micros else 0 end), 0)
            into t.spent, t.adjusted
            from ledger_entries where scope_id = p_scope and user_id = p_user and created_at >= p_since and token_source <> 'personal';
          select coalesce(sum(amount_micros), 0) into t.held from holds where scope_id = p_scope and user_id = p_user and status = 'open' and token_source <> 'personal';
        elsif p_kind = 'pool' then
          select coalesce(sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end), 0)
            into t.spent from ledger_entries where scope_id = p_scope and created_at >= p_since and token_source <> 'personal';
          t.adjusted := 0;
          select coalesce(sum(amount_micros), 0) into t.held from holds where scope_id = p_scope and status = 'open' and token_source <> 'personal';
        else
          select coalesce(sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end), 0)
            into t.spent from ledger_entries where user_id = p_user and token_source = 'personal' and created_at >= p_since;
          t.adjusted := 0;
          select coalesce(sum(amount_micros), 0) into t.held from holds where user_id = p_user and status = 'open' and token_source = 'personal';
        end if;
        update budget_totals set since = t.since, spent = t.spent, adjusted = t.adjusted, held = t.held
          where kind = p_kind and scope_id = p_scope and user_id = p_user;
      end if;
      return t.spent + t.held - t.adjusted;
    end $$`.execute(db);
  await sql`create function ledger_reserve(
      p_hold text, p_entry text, p_scope text, p_user text, p_job text, p_cost bigint, p_source text, p_now bigint,
      p_raw text,
      p_user_limit bigint, p_user_since bigint, p_pool_limit bigint, p_pool_since bigint,
      p_personal_limit bigint, p_personal_since bigint, p_person_limit bigint, p_person_since bigint)
    returns table (outcome text, remaining bigint) language plpgsql as $$
    declare
      v_raw text;
      v_blocked integer;
      v_left bigint;
    begin
      perform 1 from scopes where id = p_scope;
      if not found then return query select 'unknown_scope'::text, 0::bigint; return; end if;
      if p_person_limit is not null then perform 1 from users where id = p_user for update; end if;
      if p_source = 'personal' then
        perform ledger_lock_total('personal', '', p_user);
      else
        perform ledger_lock_total('user', p_scope, p_user);
        perform ledger_lock_total('pool', p_scope, '');
      end if;
      select json_build_array(s.timezone, b.default_allowance_micros, b.default_period, b.pool_cap_micros, b.pool_period,
                              bu.allowance_micros, bu.period, bu.blocked, u.personal_allowance_micros, u.personal_period)::text, bu.blocked
        into v_raw, v_blocked
        from scopes s
        left join budgets b on b.scope_id = s.id
        left join budget_users bu on bu.scope_id = s.id and bu.user_id = p_user
        left join users u on u.id = p_user
        where s.id = p_scope;
      if not found then return query select 'unknown_scope'::text, 0::bigint; return; end if;
      if v_raw is distinct from p_raw then return query select 'stale'::text, 0::bigint; return; end if;
      if v_blocked = 1 then return query select 'blocked'::text, 0::bigint; return; end if;
      if p_source = 'personal' then
        if p_personal_limit is not null then
          v_left := p_personal_limit - ledger_used('personal', '', p_user, p_personal_since);
          if p_cost > v_left then return query select 'personal_cap_exhausted'::text, greatest(v_left, 0); return; end if;
        end if;
      else
        if p_user_limit is not null then
          v_left := p_user_limit - ledger_used('user', p_scope, p_user, p_user_since);
          if p_cost > v_left then return query select 'budget_exhausted'::text, greatest(v_left, 0); return; end if;
        end if;
        if p_pool_limit is not null then
          v_left := p_pool_limit - ledger_used('pool', p_scope, '', p_pool_since);
          if p_cost > v_left then return query select 'pool_exhausted'::text, greatest(v_left, 0); return; end if;
        end if;
        if p_person_limit is not null then
          select p_person_limit
                 - coalesce((select sum(case when kind = 'charge' then amount_micros else -amount_micros end) from ledger_entries
                      where user_id = p_user and token_source = 'operator' and created_at >= p_person_since and kind in ('charge', 'refund')), 0)
                 - coalesce((select sum(amount_micros) from holds where user_id = p_user and status = 'open' and token_source = 'operator'), 0)
            into v_left;
          if p_cost > v_left then return query select 'person_cap_exhausted'::text, greatest(v_left, 0); return; end if;
        end if;
      end if;
      insert into holds (id, scope_id, user_id, job_id, amount_micros, charged_micros, token_source, status, created_at, resolved_at)
        values (p_hold, p_scope, p_user, p_job, p_cost, null, p_source, 'open', p_now, null);
      insert into ledger_entries (id, kind, amount_micros, scope_id, user_id, job_id, hold_id, token_source, units, unit, reason, created_at)
        values (p_entry, 'hold', p_cost, p_scope, p_user, p_job, p_hold, p_source, null, null, null, p_now);
      return query select 'ok'::text, null::bigint;
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists holds_totals on holds`.execute(db);
    await sql`drop trigger if exists ledger_totals_aud on ledger_entries`.execute(db);
    await sql`drop trigger if exists ledger_totals_ai on ledger_entries`.execute(db);
    const fns = [
      'ledger_reserve(text, text, text, text, text, bigint, text, bigint, text, bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint)',
      'ledger_used(text, text, text, bigint)',
      'ledger_lock_total(text, text, text)',
      'holds_totals()',
      'holds_totals_apply(text, text, text, bigint)',
      'ledger_totals_forget()',
      'ledger_totals_ai()',
    ];
    for (const f of fns) await sql`drop function if exists ${sql.raw(f)}`.execute(db);
  } else for (const t of ['ledger_totals_ai', 'ledger_totals_au', 'ledger_totals_ad', 'holds_totals_ai', 'holds_totals_au_old', 'holds_totals_au_new', 'holds_totals_ad'])
    await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists budget_totals`.execute(db);
  for (const i of ['holds_open_idx', 'ledger_personal_idx', 'ledger_refund_uq']) await sql`drop index if exists ${sql.raw(i)}`.execute(db);
  await db.schema.createIndex('ledger_personal_idx').ifNotExists().on('ledger_entries').columns(['user_id', 'token_source', 'created_at']).execute();
  await db.schema.createIndex('ledger_hold_idx').ifNotExists().on('ledger_entries').columns(['hold_id']).execute();
  await db.schema.createIndex('holds_open_user_idx').ifNotExists().on('holds').columns(['user_id', 'status', 'scope_id']).execute();
  await db.schema.createIndex('holds_open_scope_idx').ifNotExists().on('holds').columns(['scope_id', 'status']).execute();
}
