import type { BudgetLedger } from '../core/ports/budget-ledger.js';
import type { BotMetrics } from './metrics.js';

/**
 * Decorates a {@link BudgetLedger} IN PLACE (its methods are wrapped on the instance, so every holder of the object,
 * core, poller and admin alike, is measured without knowing it) to count money movements in micro-dollars:
 * `held` on a granted reserve, `charged` on a first settle, `released` on a first release, `refunded` on a first
 * refund. Repeated calls (`repeated: true`) move no money and are not counted. Returns the same object.
 */
export function meterLedger<T extends BudgetLedger>(ledger: T, metrics: Pick<BotMetrics, 'money'>): T {
  const reserve = ledger.reserve.bind(ledger);
  const settle = ledger.settle.bind(ledger);
  const release = ledger.release.bind(ledger);
  const refund = ledger.refund.bind(ledger);
  ledger.reserve = async (req) => {
    const r = await reserve(req);
    if (r.ok) metrics.money.inc({ movement: 'held' }, req.amountMicros);
    return r;
  };
  ledger.settle = async (holdId, actual, usage) => {
    const r = await settle(holdId, actual, usage);
    if (r.ok && !r.repeated) metrics.money.inc({ movement: 'charged' }, r.chargedMicros);
    return r;
  };
  ledger.release = async (holdId, reason) => {
    const r = await release(holdId, reason);
    if (r.ok && !r.repeated) metrics.money.inc({ movement: 'released' }, r.releasedMicros);
    return r;
  };
  ledger.refund = async (holdId, reason) => {
    const r = await refund(holdId, reason);
    if (r.ok && !r.repeated) metrics.money.inc({ movement: 'refunded' }, r.refundedMicros);
    return r;
  };
  return ledger;
}
