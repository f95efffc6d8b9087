import type { BudgetLedger } from '../core/ports/budget-ledger.js';
import type { BotMetrics } from './metrics.js';

/**
 * A {@link BudgetLedger} that counts money movements in micro-dollars and forwards every call to `ledger`: `held` on
 * a granted reserve, `charged` on a first settle, `released` on a first release, `refunded` on a first refund.
 * Repeated calls (`repeated: true`) move no money and are not counted. A new object (the ledger is not touched):
 * the composition root hands this one to the core, the poller and the admin alike, so they are all measured.
 */
export function meteredLedger(ledger: BudgetLedger, metrics: Pick<BotMetrics, 'money'>): BudgetLedger {
  return {
    async reserve(req) {
      const r = await ledger.reserve(req);
      if (r.ok) metrics.money.inc({ movement: 'held' }, req.amountMicros);
      return r;
    },
    async settle(holdId, actual, usage) {
      const r = await ledger.settle(holdId, actual, usage);
      if (r.ok && !r.repeated) metrics.money.inc({ movement: 'charged' }, r.chargedMicros);
      return r;
    },
    async release(holdId, reason) {
      const r = await ledger.release(holdId, reason);
      if (r.ok && !r.repeated) metrics.money.inc({ movement: 'released' }, r.releasedMicros);
      return r;
    },
    async refund(holdId, reason) {
      const r = await ledger.refund(holdId, reason);
      if (r.ok && !r.repeated) metrics.money.inc({ movement: 'refunded' }, r.refundedMicros);
      return r;
    },
    balance: (scopeId, userId) => ledger.balance(scopeId, userId),
    personalCap: (userId) => ledger.personalCap(userId),
    recordGatewayLoss: (loss) => ledger.recordGatewayLoss(loss),
    gatewayLosses: (scopeId, since) => ledger.gatewayLosses(scopeId, since),
    operatorUse: (since) => ledger.operatorUse(since),
    jobMoney: (jobIds) => ledger.jobMoney(jobIds),
    openHoldsOfJob: (jobId) => ledger.openHoldsOfJob(jobId),
  };
}
