import type { Actor } from '../api/actor.js';
import type { BalanceView } from '../api/account.js';
import { tokenLinkedText, tokenUnlinkedText } from '../admin-text/texts.js';
import { AdminError } from '../admin/admin-service.js';
import type { TokenOwner } from '../ports/token-vault.js';
import { err, fail, ok, type Result } from '../failures.js';
import type { Period } from '../budget/periods.js';
import { describeBalance, type AllowanceView, type BalanceFacts } from '../messages.js';
import { actorIds, gatewayFailure, type ActorIds } from './context.js';
import type { CoreDeps } from './deps.js';

/** `balance`: the user's allowance in the scope, the pool when set, which token pays, and the text of it all. */
export async function balance(d: CoreDeps, actor: Actor): Promise<BalanceView> {
  return balanceOf(d, await actorIds(d, actor));
}

/** Options of {@link balanceOf}. */
export interface BalanceOfOptions {
  /** Speak about the member in the third person under this name (admin views). Default: second person. */
  subject?: string;
}

/**
 * The balance of the user `ids.userId` in scope `ids.scopeId` (also used by admin `show`). The numeric fields are
 * the community allowance (personal-token spending is not counted there); the text also covers the personal cap
 * when the member's own token pays, and the pool when it is the tighter limit.
 */
export async function balanceOf(d: CoreDeps, ids: ActorIds, opts: BalanceOfOptions = {}): Promise<BalanceView> {
  const b = await d.store.budgets.balance(ids.scopeId, ids.userId);
  let source: BalanceView['tokenSource'] = 'none';
  try {
    const r = await d.store.tokens.resolveToken(ids.scopeId, ids.userId);
    source = r.source;
  } catch (e) {
    d.logger.warn({ err: e }, 'stored token unreadable while showing a balance');
  }
  const resetsAt = b.period === 'total' ? null : b.resetsAt;
  const view: BalanceFacts = {
    user: { limitMicros: b.limitMicros, spentMicros: b.spentMicros, heldMicros: b.heldMicros, remainingMicros: b.remainingMicros, resetsAt, adjustedMicros: b.adjustedMicros, ...periodName(b.period) },
    tokenSource: source === 'none' ? null : source,
    blocked: b.blocked,
    ...(opts.subject ? { subject: opts.subject } : {}),
  };
  if (b.pool) {
    view.pool = { limitMicros: b.pool.limitMicros, spentMicros: b.pool.spentMicros, heldMicros: b.pool.heldMicros, remainingMicros: b.pool.remainingMicros, resetsAt: b.pool.period === 'total' ? null : b.pool.resetsAt, ...periodName(b.pool.period) };
  }
  if (source === 'personal') view.personalCap = await personalCap(d, ids.userId);
  const described = describeBalance(view, { now: d.clock.now(), timeZone: ids.timeZone, locale: ids.locale });
  return {
    limitMicros: b.limitMicros,
    period: b.period,
    spentMicros: b.spentMicros,
    heldMicros: b.heldMicros,
    adjustedMicros: b.adjustedMicros,
    remainingMicros: b.remainingMicros,
    resetsAt,
    blocked: b.blocked,
    tokenSource: source,
    text: described.text,
    timeZone: ids.timeZone,
  };
}

function periodName(p: Period): { periodName?: string } {
  return p === 'total' ? {} : { periodName: p };
}

/**
 * The member's own cap on their personal token, as the ledger's reserve computes it (same queries, UTC windows,
 * all scopes), or null when none is set. Read in one snapshot; nothing is written.
 */
async function personalCap(d: CoreDeps, userId: string): Promise<AllowanceView | null> {
  const cap = await d.store.budgets.personalCap(userId);
  if (!cap) return null;
  const { period, limitMicros, spentMicros, heldMicros, remainingMicros, resetsAt } = cap;
  return { limitMicros, spentMicros, heldMicros, remainingMicros, resetsAt, ...periodName(period) };
}

function owner(ids: ActorIds, personal: boolean): TokenOwner {
  return personal ? { kind: 'personal', ownerId: ids.userId } : { kind: 'scope', ownerId: ids.scopeId };
}

/**
 * `linkToken`: registers the token with the log scrubber, validates it with `GET /v1/models` (refused → token_rejected,
 * unreachable → gateway_down/busy/timeout; nothing stored then), stores it encrypted (audited) and answers masked.
 */
export async function linkToken(d: CoreDeps, actor: Actor, token: string, personal: boolean): Promise<Result<{ text: string; last4: string }>> {
  const t = token.trim();
  d.secrets.add(t);
  const source = personal ? 'personal' : 'scope';
  if (!/^[\x21-\x7e]{8,512}$/.test(t)) return err(fail('token_rejected', { source }, { log: { note: 'token text malformed' } }));
  const ids = await actorIds(d, actor);
  let count: number;
  try {
    const list = await d.gateway.listModels(t);
    count = list.length;
    await d.catalog.put(t, list);
  } catch (e) {
    return err(gatewayFailure(d, e, { model: '', tokenSource: source, stage: 'models' }));
  }
  try {
    const info = await d.store.admin.linkToken(actor.user.auditAs ?? ids.userId, owner(ids, personal), t, personal ? null : ids.scopeId);
    d.logger.info({ scopeId: ids.scopeId, userId: ids.userId, kind: source, last4: info.last4 }, 'gateway token linked');
    if (personal) d.catalog.index.setUser(`${actor.user.platform}:${actor.user.externalId}`, t);
    else d.catalog.index.setScope(`${actor.scope.platform}:${actor.scope.externalId}`, t);
    return ok({ text: tokenLinkedText(ids.locale, info.masked, personal, count), last4: info.last4 });
  } catch (e) {
    if (e instanceof AdminError) return err(fail('token_rejected', { source }, { log: { note: e.message } }));
    d.logger.error({ err: e }, 'storing a gateway token failed');
    return err(fail('internal', {}, { log: { note: 'token store failed' } }));
  }
}

/** `unlinkToken`: removes the personal or community token (audited); says which one went, masked. */
export async function unlinkToken(d: CoreDeps, actor: Actor, personal: boolean): Promise<Result<{ text: string }>> {
  const ids = await actorIds(d, actor);
  const removed = await d.store.admin.unlinkToken(actor.user.auditAs ?? ids.userId, owner(ids, personal), personal ? null : ids.scopeId);
  if (personal) d.catalog.index.setUser(`${actor.user.platform}:${actor.user.externalId}`, null);
  else d.catalog.index.setScope(`${actor.scope.platform}:${actor.scope.externalId}`, null);
  return ok({ text: tokenUnlinkedText(ids.locale, removed?.masked ?? null, personal, removed?.runningJobs ?? 0) });
}
