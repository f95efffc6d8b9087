import type { Actor } from '../api/actor.js';
import type { ReserveResult } from '../budget/types.js';
import { periodWindow } from '../budget/periods.js';
import { err, fail, ok, type Result } from '../failures.js';
import { t } from '../i18n/catalog.js';
import { actorIds, isOwner } from './context.js';
import type { CoreDeps } from './deps.js';
import { leaveOwnerNotice } from './owner-alerts.js';

/**
 * Who may spend the operator's token (`GATEWAY_TOKEN`) beyond the community budgets:
 * - `OPERATOR_TOKEN_ACCESS=approved`: only a community an owner approved (checked where the paying token is resolved,
 *   `resolveToken`, so every job kind and the model list see it); owners and the console always may.
 *   A private chat is a community of its own: it needs an approval too (from the operator CLI: an owner is never in
 *   someone else's private chat).
 * - `OPERATOR_DAILY_CAP`: the ledger refuses the hold that would pass it (the reserve rule); here the owners are told,
 *   once per UTC day (a first-time claim in the coordination port: once per process without Redis, once in all with
 *   it): a warning in the log and a notice waiting for each owner's next command, in any chat
 *   (`takeOwnerNotices` in owner-alerts.ts).
 */

/**
 * `/approve [on|off]` (owners, in the community): approves the community for the operator's token, or revokes the
 * approval. Audited with the owner as actor. Says so when `OPERATOR_TOKEN_ACCESS` is `open` (the approval is kept for
 * when it changes).
 */
export async function approveCommunity(d: CoreDeps, actor: Actor, approve: boolean): Promise<Result<{ text: string }>> {
  if (!isOwner(d, actor)) return err(fail('not_admin'));
  const ids = await actorIds(d, actor);
  const changed = await d.store.directory.setApproval(ids.scopeId, approve ? `${actor.user.platform}:${actor.user.externalId}` : null, { actor: ids.userId, action: approve ? 'scope.approve' : 'scope.revoke' });
  const id = approve ? (changed ? 'approve-done' : 'approve-already') : changed ? 'approve-revoked' : 'approve-not-approved';
  const mode = d.settings.operatorTokenAccess === 'approved' ? 'approved' : 'open';
  return ok({ text: t(ids.locale, id, { mode }) });
}

/**
 * A hold on the operator's token was refused by `OPERATOR_DAILY_CAP`: the first time this UTC day (see above),
 * logs a warning and leaves each owner a notice. Never throws: the member's refusal is already decided.
 */
export async function operatorCapReached(d: CoreDeps, r: Extract<ReserveResult, { ok: false }>): Promise<void> {
  const capMicros = d.settings.operatorDailyCapMicros ?? 0;
  try {
    const now = d.clock.now();
    const day = periodWindow('day', 'UTC', now);
    const resetsAt = r.resetsAt ?? day.start + 86_400_000;
    // Kept a day past the reset, for clocks that differ between processes.
    if ((await d.coordination.claim(`operator-cap:told:${day.start}`, resetsAt - now + 86_400_000)) !== 0) return;
    d.logger.warn(
      { capMicros, resetsAt: new Date(resetsAt).toISOString() },
      'OPERATOR_DAILY_CAP reached: jobs paid by GATEWAY_TOKEN are refused until the next UTC day (raise it, or set it to off, to change that)',
    );
    await leaveOwnerNotice(d.coordination, d.settings.ownerIds, { kind: 'operator-cap', capMicros, resetsAt });
  } catch (e) {
    d.logger.warn({ err: e }, 'owners could not be told that OPERATOR_DAILY_CAP was reached');
  }
}
