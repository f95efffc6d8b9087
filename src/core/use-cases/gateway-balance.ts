import type { Actor } from '../api/actor.js';
import type { GatewayBalanceView } from '../api/admin.js';
import { shouldWarnLowBalance } from '../budget/low-balance.js';
import { err, fail, ok, type Result, type TokenSource } from '../failures.js';
import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import { formatMoment, formatMoney } from '../i18n/format.js';
import type { Micros } from '../money.js';
import { actorIds, gatewayFailure, resolveToken, scopeRef, type ActorIds } from './context.js';
import type { CoreDeps } from './deps.js';
import { takeOwnerNotices } from './owner-alerts.js';

/** How a gateway balance is written: the reader's locale, the community's time zone (for the expiry), and now. */
export interface BalanceWords {
  locale: string;
  timeZone: string;
  now: number;
}

/** "The gateway balance of this community's token is $12.40 ($3.10 used so far); it expires …" from the figures. */
export function gatewayBalanceText(source: TokenSource, remaining: Micros | null, used: Micros | null, expiresAt: number | null, w: BalanceWords): string {
  return t(w.locale, 'gateway-balance', {
    source,
    left: remaining === null ? 'unlimited' : formatMoney(w.locale, remaining),
    used: used === null ? 'none' : formatMoney(w.locale, used),
    expires: expiresAt === null ? 'never' : formatMoment(w.locale, expiresAt, w.now, w.timeZone),
  });
}

/** `gatewayBalance`: the gateway's own balance and expiry of the token that pays for `actor` (`not_offered` when the gateway shows none). */
export async function gatewayBalance(d: CoreDeps, actor: Actor): Promise<Result<GatewayBalanceView>> {
  const ids = await actorIds(d, actor);
  const token = await resolveToken(d, actor, ids);
  if (!token.ok) return token;
  const tok = token.value;
  if (!d.gateway.getBalance) return err(fail('not_offered', { what: 'balance' }));
  try {
    const b = await d.gateway.getBalance(tok.token);
    return ok({ tokenSource: tok.source, remainingMicros: b.remainingMicros, usedMicros: b.usedMicros, expiresAt: b.expiresAt, text: gatewayBalanceText(tok.source, b.remainingMicros, b.usedMicros, b.expiresAt, { locale: ids.locale, timeZone: ids.timeZone, now: d.clock.now() }) });
  } catch (e) {
    const f = gatewayFailure(d, e, { model: '', tokenSource: tok.source, stage: 'models' });
    return err(f.code === 'not_offered' ? fail('not_offered', { what: 'balance' }) : f);
  }
}

/**
 * Least time between two low-balance checks of one community's paying token by {@link adminAlerts}: 10 minutes.
 * Admin commands can come in bursts, and each check is a gateway balance request; the low-balance warning is about a
 * budget period (a day at least), so a check every 10 minutes is soon enough. Measured on the core's injected clock.
 */
export const LOW_BALANCE_CHECK_INTERVAL_MS = 10 * 60_000;

/** Where the notices waiting for a community's admins are kept (a list in the coordination port). */
const noticesKey = (ref: string) => `notices:${ref}`;
/** Notices kept per community, newest last; older ones are dropped. */
const MAX_NOTICES = 10;
/** A notice nobody came to read is dropped after 30 days. */
const NOTICE_TTL_MS = 30 * 86_400_000;

/**
 * Queues an admin notice for the community `ref` (shown once by {@link adminAlerts}, in whichever process the admin's
 * next command lands when the coordination is shared).
 */
export async function queueAdminAlert(d: CoreDeps, ref: string, text: string): Promise<void> {
  await d.coordination.append(noticesKey(ref), text, NOTICE_TTL_MS, MAX_NOTICES);
}

/** Whether notices wait for the community `ref` (nothing taken). */
export async function hasAdminAlerts(d: CoreDeps, ref: string): Promise<boolean> {
  return (await d.coordination.listLength(noticesKey(ref))) > 0;
}

/** Moves the notices waiting for `fromRef` to `toRef` (a Telegram group upgraded to a supergroup). */
export async function moveAdminAlerts(d: CoreDeps, fromRef: string, toRef: string): Promise<void> {
  const old = await d.coordination.takeList(noticesKey(fromRef));
  if ('taken' in old) for (const text of old.taken) await queueAdminAlert(d, toRef, text);
}

/** The words admins read when the gateway refused a job for lack of credit, in `locale` (the asker's, default English). */
export function quotaAlertText(source: TokenSource, locale: string = DEFAULT_LOCALE): string {
  return t(locale, 'alert-quota', { source: source === 'operator' ? 'operator' : 'scope' });
}

/**
 * What the community's budgets still allow this period (the pool's remaining amount, else each member's allowance ×
 * members), and the period's key: its reset time (epoch ms), 0 for `total`.
 */
async function allowedThisPeriod(d: CoreDeps, ids: ActorIds): Promise<{ allowed: Micros | null; period: number }> {
  const b = await d.store.budgets.balance(ids.scopeId, ids.userId);
  const period = b.period === 'total' ? 0 : (b.resetsAt ?? 0);
  if (b.pool) return { allowed: Math.max(0, b.pool.remainingMicros), period };
  if (b.limitMicros === null) return { allowed: null, period };
  const members = await d.store.directory.memberCount(ids.scopeId);
  return { allowed: b.limitMicros * Math.max(1, members), period };
}

/**
 * `adminAlerts`: the notices queued for this community (gateway credit exhausted…), plus a low-balance notice when
 * {@link shouldWarnLowBalance} says so for the token that pays here (community or operator; never a personal token),
 * at most once per budget period. The gateway balance is asked at most once per community every
 * {@link LOW_BALANCE_CHECK_INTERVAL_MS} (a failed check counts too, so a gateway that is down is not asked on every
 * admin command). Each notice is returned once. Both "at most once" rules are first-time claims in the coordination
 * port, so with Redis they hold across every process. An owner also gets the notices left for them (the operator's
 * daily cap reached, a reconciliation drift: `owner-alerts.ts`), here or in a private chat.
 */
export async function adminAlerts(d: CoreDeps, actor: Actor): Promise<string[]> {
  const ids = await actorIds(d, actor);
  const owners = await takeOwnerNotices(d, actor, ids.locale);
  // A private chat has no community notices: only an owner's own (see `takeOwnerNotices`).
  if (actor.scope.kind === 'private') return owners;
  const ref = scopeRef(actor);
  const { allowed, period } = await allowedThisPeriod(d, ids);
  const now = d.clock.now();
  const sentKey = `low-balance:sent:${ref}:${period}`;
  if ((await d.coordination.get(sentKey)) === undefined) {
    const r = await d.store.tokens.resolveToken(ids.scopeId, '\u0000none').catch(() => ({ source: 'none' as const }));
    if (r.source !== 'none' && d.gateway.getBalance && (await d.coordination.claim(`low-balance:checked:${ref}`, LOW_BALANCE_CHECK_INTERVAL_MS)) === 0) {
      try {
        const b = await d.gateway.getBalance(r.token);
        // Kept until the period ends (a day past it, for clock differences); a `total` period's for 30 days.
        const sentTtl = period === 0 ? 30 * 86_400_000 : Math.max(60_000, period - now + 86_400_000);
        if (shouldWarnLowBalance({ balanceMicros: b.remainingMicros, allowedMicros: allowed }) && (await d.coordination.claim(sentKey, sentTtl)) === 0) {
          const text = t(ids.locale, 'alert-low-balance', {
            source: r.source === 'scope' ? 'scope' : 'operator',
            left: formatMoney(ids.locale, b.remainingMicros ?? 0),
            allowed: allowed === null ? 'none' : formatMoney(ids.locale, allowed),
          });
          await queueAdminAlert(d, ref, text);
        }
      } catch (e) {
        d.logger.debug({ err: e }, 'gateway balance unavailable for the low-balance check');
      }
    }
  }
  const out = await d.coordination.takeList(noticesKey(ref));
  return [...new Set(['taken' in out ? out.taken : [], owners].flat())];
}
