import type { Actor } from '../api.js';
import { formatMoney } from '../i18n/format.js';
import { t } from '../i18n/catalog.js';
import type { Coordination } from '../ports/coordination.js';
import type { CoreDeps } from './deps.js';

/** The notices waiting for the bot's owners (`OWNER_IDS`), whatever community they are in. */
const KEY = 'notices:owners';
const MAX = 20;
const TTL_MS = 30 * 86_400_000;

/** A day whose reconciliation drift passed the threshold (amounts in micro-dollars; drift = gateway − bot). */
export interface DriftAlert {
  day: string;
  /** `operator` or `…abcd`. */
  token: string;
  driftMicros: number;
  botMicros: number;
  gatewayMicros: number;
}

/** Queues a drift notice for the owners; kept as data and worded in the reading owner's language. */
export async function queueDriftAlert(c: Coordination, a: DriftAlert): Promise<void> {
  await c.append(KEY, JSON.stringify(a), TTL_MS, MAX);
}

function isOwner(d: CoreDeps, a: Actor): boolean {
  return d.settings.ownerIds.some((id) => id === `${a.user.platform}:${a.user.externalId}` || id === a.user.externalId);
}

/**
 * The owners' notices, worded in `locale`, taken once: for an actor listed in `OWNER_IDS` (the first owner to come
 * reads them; the warn log keeps them for the others), nothing for anyone else.
 */
export async function ownerAlerts(d: CoreDeps, actor: Actor, locale: string): Promise<string[]> {
  if (!isOwner(d, actor) || (await d.coordination.listLength(KEY)) === 0) return [];
  const out = await d.coordination.takeList(KEY);
  if (!('taken' in out)) return [];
  const texts: string[] = [];
  for (const raw of out.taken) {
    try {
      const a = JSON.parse(raw) as DriftAlert;
      texts.push(t(locale, 'alert-reconcile-drift', { day: a.day, token: a.token, drift: formatMoney(locale, a.driftMicros), bot: formatMoney(locale, a.botMicros), gateway: formatMoney(locale, a.gatewayMicros) }));
    } catch {
      // A malformed entry (written by another version) is dropped.
    }
  }
  return texts;
}
