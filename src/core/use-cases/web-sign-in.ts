import { createHash, randomBytes } from 'node:crypto';
import type { Actor, ScopeRef, UserRef } from '../api/actor.js';
import { actorIds } from './context.js';
import type { CoreDeps } from './deps.js';
import { scopeRefOf } from './owner.js';
import { WEB_SESSION_MS } from './web.js';

const MAX_COMMUNITIES = 50;

/** `webCommunities`: the scopes the person was seen in, without private chats (a session is for a community). */
export async function webCommunities(d: CoreDeps, user: Pick<UserRef, 'platform' | 'externalId'>): Promise<ScopeRef[]> {
  const u = await d.store.directory.findUser(user);
  if (!u) return [];
  const scopes = await d.store.directory.memberScopes(u.id, MAX_COMMUNITIES);
  return scopes.map(scopeRefOf).filter((s) => s.kind === 'guild' || s.kind === 'group');
}

/** `webOpenSession`: the session a used `/web` link would open, for an identity a sign-in provider verified. */
export async function webOpenSession(d: CoreDeps, actor: Actor, admin: boolean): Promise<{ sessionId: string; expiresAt: number }> {
  const ids = await actorIds(d, actor);
  const now = d.clock.now();
  await d.store.web.purge(now);
  const refs = { scope: actor.scope, user: { platform: actor.user.platform, externalId: actor.user.externalId, ...(actor.user.displayName ? { displayName: actor.user.displayName } : {}), ...(actor.user.username ? { username: actor.user.username } : {}) } };
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = now + WEB_SESSION_MS;
  await d.store.web.addSession(createHash('sha256').update(sessionId).digest('hex'), { scopeId: ids.scopeId, userId: ids.userId, actor: JSON.stringify(refs), admin, locale: ids.locale }, now, expiresAt);
  return { sessionId, expiresAt };
}
