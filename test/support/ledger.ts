import type { Store as AnyStore } from '../../src/store/open-store.js';

/** Any opened store (the helpers read its database only). */
type Store = Pick<AnyStore, 'db'>;

/** Net money the ledger charged (charges − refunds), optionally for one token source. */
export async function ledgerNetCharged(store: Store, source?: 'personal' | 'scope' | 'operator'): Promise<number> {
  let q = store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros']).where('kind', 'in', ['charge', 'refund']);
  if (source) q = q.where('token_source', '=', source);
  const rows = await q.execute();
  return rows.reduce((sum, r) => sum + (r.kind === 'charge' ? r.amount_micros : -r.amount_micros), 0);
}

/** Holds still open (should be 0 once every job ended). */
export async function openHolds(store: Store): Promise<number> {
  const r = await store.db.selectFrom('holds').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Every ledger entry of a job, oldest first (kind and amount). */
export async function ledgerOfJob(store: Store, jobId: string): Promise<{ kind: string; amount: number }[]> {
  const rows = await store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros']).where('job_id', '=', jobId).orderBy('id').execute();
  return rows.map((r) => ({ kind: r.kind, amount: r.amount_micros }));
}

/** What the recorded gateway losses add up to (certain and possible), optionally for one token source. */
export async function gatewayLosses(store: Store, source?: 'personal' | 'scope' | 'operator'): Promise<number> {
  let q = store.db.selectFrom('gateway_losses').select('amount_micros');
  if (source) q = q.where('token_source', '=', source);
  const rows = await q.execute();
  return rows.reduce((sum, r) => sum + Number(r.amount_micros), 0);
}
