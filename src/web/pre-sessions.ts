/**
 * A sign-in in progress with a provider (Telegram's widget, Discord OAuth2): a random id in an HttpOnly cookie
 * (`mediabot_presign`, 10 minutes) naming, in this process's memory, the OAuth `state` it expects and, once the
 * provider vouched for the person, who they are and where they may sign in. Not a session: it opens no page, it only
 * lets the person pick a community. In memory: behind several processes the provider's callback must reach the one
 * that started the sign-in (sticky sessions), or the person starts again.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ScopeRef, UserRef } from '../core/api/actor.js';

/** The pre-session cookie's name. */
export const PRESIGN_COOKIE = 'mediabot_presign';
/** A sign-in in progress lives 10 minutes. */
export const PRESIGN_MS = 10 * 60_000;
const MAX_PENDING = 10_000;

/** A community the person may sign in to, and whether they administer it (Discord: from the OAuth guild list). */
export interface PickableScope {
  scope: ScopeRef;
  /** Known from the provider (Discord's guild permissions); `undefined`: ask the chat's own check at pick time. */
  admin?: boolean;
}

export interface PreSession {
  expiresAt: number;
  /** Discord: the `state` the callback must bring back (used once). */
  state?: string;
  user?: Pick<UserRef, 'platform' | 'externalId' | 'username' | 'displayName'>;
  scopes?: PickableScope[];
}

/** Pre-sessions by id, in memory, expiring after {@link PRESIGN_MS}. */
export class PreSessions {
  private readonly all = new Map<string, PreSession>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new pre-session; returns its id (the cookie's value). */
  open(p: Omit<PreSession, 'expiresAt'>): string {
    this.sweep();
    const id = randomBytes(32).toString('base64url');
    this.all.set(id, { ...p, expiresAt: this.now() + PRESIGN_MS });
    return id;
  }

  get(id: string | undefined): PreSession | undefined {
    if (!id) return undefined;
    const p = this.all.get(id);
    if (!p || p.expiresAt <= this.now()) return undefined;
    return p;
  }

  /** True once when `state` is the one the pre-session expects; the state is then forgotten (no second callback). */
  takeState(id: string | undefined, state: string | undefined): boolean {
    const p = this.get(id);
    if (!p?.state || state === undefined) return false;
    const a = Buffer.from(p.state);
    const b = Buffer.from(state);
    const same = a.length === b.length && timingSafeEqual(a, b);
    if (same) delete p.state;
    return same;
  }

  end(id: string | undefined): void {
    if (id) this.all.delete(id);
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, p] of this.all) if (p.expiresAt <= now) this.all.delete(k);
    while (this.all.size >= MAX_PENDING) {
      const oldest = this.all.keys().next();
      if (oldest.done) break;
      this.all.delete(oldest.value);
    }
  }
}

/** The form token of a pre-session's community picker (derived from its secret id). */
export function presignCsrf(id: string): string {
  return createHash('sha256').update(`presign\u0000${id}`).digest('base64url');
}
