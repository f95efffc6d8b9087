import type { Actor } from '../core/api/surface.js';
import type { AdminCheck } from '../platforms/platform.js';

/** How long one platform answer about a session's admin right is reused: one lookup per admin and half minute. */
export const ADMIN_RECHECK_TTL_MS = 30_000;

/**
 * Whether a session whose `/web` link granted admin rights still has them: asked of the session's platform (the
 * chat's own admin check), so rights taken away in the chat end in the web within {@link ADMIN_RECHECK_TTL_MS}.
 * Resolves undefined for a platform that cannot be asked (its sessions keep what the link granted). A lookup that
 * fails counts as no for that request (fail closed: the admin pages move money), is told to `onError`, and is not
 * remembered: the next request asks again.
 */
export type AdminRecheck = (actor: Pick<Actor, 'scope' | 'user'>) => Promise<boolean | undefined>;

/** {@link AdminRecheck} over the configured platforms' lookups, each answer reused for `ttlMs` per community and user. */
export function adminRecheck(checks: ReadonlyMap<string, AdminCheck>, o: { ttlMs?: number; now?: () => number; onError?: (e: unknown) => void } = {}): AdminRecheck {
  const ttlMs = o.ttlMs ?? ADMIN_RECHECK_TTL_MS;
  const now = o.now ?? Date.now;
  const answers = new Map<string, { admin: boolean; until: number }>();
  return async ({ scope, user }) => {
    const check = checks.get(user.platform);
    if (!check || scope.platform !== user.platform) return undefined;
    const key = `${user.platform}\u0000${scope.externalId}\u0000${user.externalId}`;
    const at = now();
    const kept = answers.get(key);
    if (kept && kept.until > at) return kept.admin;
    let admin: boolean;
    try {
      admin = await check(scope.externalId, user.externalId);
    } catch (e) {
      o.onError?.(e);
      return false;
    }
    // Expired answers go when a new one is stored: the map holds at most the admins of the last ttlMs.
    for (const [k, v] of answers) if (v.until <= at) answers.delete(k);
    if (ttlMs > 0) answers.set(key, { admin, until: at + ttlMs });
    return admin;
  };
}
