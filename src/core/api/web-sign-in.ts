/**
 * Real sign-in for public deployments (the Telegram Login Widget, Discord OAuth2): once a surface has verified who
 * the person is, the core lists the communities they were seen in and opens a session for one of them, with the
 * same identity (`UserRef`) the chat uses. Part of `CoreApi`; types only.
 */
import type { Actor, ScopeRef, UserRef } from './actor.js';

export interface WebSignInApi {
  /** The communities (never private chats) the person was seen in, most recently seen first; at most 50. */
  webCommunities(user: Pick<UserRef, 'platform' | 'externalId'>): Promise<ScopeRef[]>;
  /**
   * Opens a session for `actor` (a verified identity in one of its {@link webCommunities}), as a `/web` link would:
   * a new random id (only its hash stored), 7 days. `admin` is what the surface's own admin check answered.
   */
  webOpenSession(actor: Actor, admin: boolean): Promise<{ sessionId: string; expiresAt: number }>;
}
