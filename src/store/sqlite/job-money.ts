import type { Kysely } from 'kysely';
import type { JobLedgerFacts } from '../../core/budget/types.js';
import type { Database } from './schema.js';

/**
 * What the ledger says of each job: open holds, charges (settled holds), released holds and refunds, summed per job
 * (`BudgetLedger.jobMoney`). Portable Kysely, shared by the SQLite and PostgreSQL ledgers. Jobs without rows are absent.
 */
export async function jobLedgerFacts(db: Kysely<Database>, jobIds: readonly string[]): Promise<Map<string, JobLedgerFacts>> {
  const out = new Map<string, JobLedgerFacts>();
  if (jobIds.length === 0) return out;
  const facts = (id: string): JobLedgerFacts => {
    let f = out.get(id);
    if (!f) out.set(id, (f = { heldMicros: 0, chargedMicros: 0, releasedMicros: 0, refundedMicros: 0 }));
    return f;
  };
  const holds = await db
    .selectFrom('holds')
    .select((eb) => ['job_id', 'status', eb.fn.sum<number>('amount_micros').as('amount'), eb.fn.sum<number>(eb.fn.coalesce('charged_micros', eb.val(0))).as('charged')])
    .where('job_id', 'in', [...jobIds])
    .groupBy(['job_id', 'status'])
    .execute();
  for (const h of holds) {
    if (h.job_id === null) continue;
    const f = facts(h.job_id);
    if (h.status === 'open') f.heldMicros += Number(h.amount);
    else if (h.status === 'settled') f.chargedMicros += Number(h.charged);
    else f.releasedMicros += Number(h.amount);
  }
  const refunds = await db
    .selectFrom('ledger_entries')
    .select((eb) => ['job_id', eb.fn.sum<number>('amount_micros').as('amount')])
    .where('job_id', 'in', [...jobIds])
    .where('kind', '=', 'refund')
    .groupBy('job_id')
    .execute();
  for (const r of refunds) if (r.job_id !== null) facts(r.job_id).refundedMicros += Number(r.amount);
  return out;
}
