import type { Actor } from '../api/actor.js';
import { formatMoney, formatReset } from '../i18n/format.js';
import { t } from '../i18n/catalog.js';
import type { Coordination } from '../ports/coordination.js';
import type { Micros } from '../money.js';
import { isOwner } from './context.js';
import type { CoreDeps } from './deps.js';

/**
 * Notices for the bot's owners (`OWNER_IDS`), whatever chat they are in: each owner has a list in the coordination
 * port (shared by every process with Redis), read once under their next command ({@link takeOwnerNotices}). Kept as
 * data and worded in the reading owner's language. An owner who never comes back does not keep them forever.
 */
export type OwnerNotice =
  /** `OPERATOR_DAILY_CAP` was reached this UTC day (see operator-token.ts). */
  | { kind: 'operator-cap'; capMicros: Micros; resetsAt: number }
  /** A day whose reconciliation drift passed the threshold (drift = gateway − bot; `token` is `operator` or `…abcd`). */
  | { kind: 'reconcile-drift'; day: string; token: string; driftMicros: Micros; botMicros: Micros; gatewayMicros: Micros };

const noticesKey = (owner: string) => `owner-notices:${owner}`;
const NOTICE_TTL_MS = 7 * 86_400_000;
const MAX_NOTICES = 20;

/** Leaves `notice` for every owner in `ownerIds` (each reads it once). */
export async function leaveOwnerNotice(c: Coordination, ownerIds: readonly string[], notice: OwnerNotice): Promise<void> {
  for (const owner of new Set(ownerIds)) await c.append(noticesKey(owner), JSON.stringify(notice), NOTICE_TTL_MS, MAX_NOTICES);
}

/** The notices waiting for the owner `actor` (none for anyone else), each returned once, in `locale`. */
export async function takeOwnerNotices(d: CoreDeps, actor: Actor, locale: string): Promise<string[]> {
  if (!isOwner(d, actor)) return [];
  const out: string[] = [];
  const now = d.clock.now();
  // Who an actor is in `OWNER_IDS` terms: `telegram:123`, or the bare id.
  for (const key of [`${actor.user.platform}:${actor.user.externalId}`, actor.user.externalId]) {
    const taken = await d.coordination.takeList(noticesKey(key));
    if (!('taken' in taken)) continue;
    for (const raw of taken.taken) {
      const text = wordNotice(parseNotice(raw), locale, now);
      if (text) out.push(text);
    }
  }
  return [...new Set(out)];
}

function wordNotice(n: OwnerNotice | undefined, locale: string, now: number): string | undefined {
  if (n?.kind === 'operator-cap') {
    return n.resetsAt > now ? t(locale, 'alert-operator-cap', { cap: formatMoney(locale, n.capMicros), when: formatReset(locale, n.resetsAt, now, 'UTC') }) : undefined;
  }
  if (n?.kind === 'reconcile-drift') {
    return t(locale, 'alert-reconcile-drift', { day: n.day, token: n.token, drift: formatMoney(locale, n.driftMicros), bot: formatMoney(locale, n.botMicros), gateway: formatMoney(locale, n.gatewayMicros) });
  }
  return undefined;
}

/** A notice written by this or another version; anything unreadable is dropped. */
function parseNotice(raw: string): OwnerNotice | undefined {
  try {
    const v = JSON.parse(raw) as Partial<Record<string, unknown>>;
    if (v.kind === 'operator-cap' && typeof v.capMicros === 'number' && typeof v.resetsAt === 'number') return v as OwnerNotice;
    if (v.kind === 'reconcile-drift' && typeof v.day === 'string' && typeof v.token === 'string' && typeof v.driftMicros === 'number') return v as OwnerNotice;
  } catch {
    // fall through
  }
  return undefined;
}
