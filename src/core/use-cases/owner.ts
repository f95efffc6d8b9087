import type { Actor, ScopeRef } from '../api/actor.js';
import type { OwnerCommunityView, OwnerOverview } from '../api/owner.js';
import { periodWindow } from '../budget/periods.js';
import { err, fail, ok, type Result } from '../failures.js';
import type { Scope } from '../ports/directory.js';
import { isOwner } from './context.js';
import type { CoreDeps } from './deps.js';
import { gatewayBalance } from './gateway-balance.js';

/**
 * A stored scope's kind, from how each surface names its scopes: Discord DMs are `dm:<user>`, Telegram private chats
 * have the user's (positive) id and groups a negative one, the console is `console`.
 */
export function scopeKindOf(s: Pick<Scope, 'platform' | 'externalId'>): ScopeRef['kind'] {
  if (s.platform === 'console') return 'console';
  if (s.platform === 'discord') return s.externalId.startsWith('dm:') ? 'private' : 'guild';
  if (s.platform === 'telegram') return s.externalId.startsWith('-') ? 'group' : 'private';
  return 'group';
}

/** The chat's reference of a stored scope. */
export function scopeRefOf(s: Scope): ScopeRef {
  return { platform: s.platform, externalId: s.externalId, kind: scopeKindOf(s), ...(s.title ? { title: s.title } : {}) };
}

/** `ownerOverview`: every community's spend from the usage report of each period, the operator's day, the balance. */
export async function ownerOverview(d: CoreDeps, actor: Actor): Promise<Result<OwnerOverview>> {
  if (!isOwner(d, actor)) return err(fail('not_admin'));
  const now = d.clock.now();
  const scopes = await d.store.directory.allScopes();
  const communities: OwnerCommunityView[] = [];
  for (const s of scopes) {
    const [day, week, month] = await Promise.all((['day', 'week', 'month'] as const).map(async (p) => (await d.store.admin.usageReport(s.id, p)).totals.spentMicros));
    communities.push({ scope: scopeRefOf(s), spent: { day: day!, week: week!, month: month! }, approved: s.approvedAt !== null });
  }
  const today = periodWindow('day', 'UTC', now);
  const use = await d.store.budgets.operatorUse(today.start);
  return ok({
    communities,
    operatorDay: { capMicros: d.settings.operatorDailyCapMicros ?? null, spentMicros: use.spentMicros, heldMicros: use.heldMicros, resetsAt: today.end ?? today.start + 86_400_000 },
    operatorTokenAccess: d.settings.operatorTokenAccess ?? 'open',
    gatewayBalance: await gatewayBalance(d, actor),
  });
}
