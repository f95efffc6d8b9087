import { modelCacheKey } from '../models/model-list-cache.js';

/** Who asks, as the index needs it: the community and the user, by platform reference. */
export interface IndexActor {
  scope: { platform: string; externalId: string };
  user: { platform: string; externalId: string };
}

/**
 * Which token would pay for an actor, answered synchronously from memory (autocomplete cannot wait for the
 * database): the user's personal token, else the community's, else the operator's — the same order as the
 * store's `resolveToken`. Filled at start from every stored token and kept current by link/unlink and by each
 * resolved job. Holds the tokens themselves (for background refreshes) in memory only; keys are token hashes.
 */
export class TokenIndex {
  private operator: string | undefined;
  private readonly scopes = new Map<string, string>();
  private readonly users = new Map<string, string>();
  private readonly byKey = new Map<string, string>();

  /** The operator's token (`GATEWAY_TOKEN`), or undefined. */
  setOperator(token: string | undefined): void {
    this.operator = token === undefined ? undefined : this.keep(token);
  }

  /** The community `<platform>:<id>`'s token; null forgets it. */
  setScope(ref: string, token: string | null): void {
    if (token === null) this.scopes.delete(ref);
    else this.scopes.set(ref, this.keep(token));
  }

  /** The community's token now known under a new `<platform>:<id>` (a group that changed id). */
  moveScope(from: string, to: string): void {
    const token = this.scopes.get(from);
    this.scopes.delete(from);
    if (token !== undefined) this.scopes.set(to, token);
  }

  /** The user `<platform>:<id>`'s personal token; null forgets it. */
  setUser(ref: string, token: string | null): void {
    if (token === null) this.users.delete(ref);
    else this.users.set(ref, this.keep(token));
  }

  /** The cache key of the token that would pay for `a`, or undefined when none is known. */
  keyFor(a: IndexActor): string | undefined {
    return this.users.get(`${a.user.platform}:${a.user.externalId}`) ?? this.scopes.get(`${a.scope.platform}:${a.scope.externalId}`) ?? this.operator;
  }

  /** The operator token's cache key, or undefined. */
  get operatorKey(): string | undefined {
    return this.operator;
  }

  /** Every distinct token known (operator, communities, users), for background refreshes. */
  tokens(): string[] {
    const keys = new Set([...(this.operator ? [this.operator] : []), ...this.scopes.values(), ...this.users.values()]);
    return [...keys].flatMap((k) => {
      const t = this.byKey.get(k);
      return t === undefined ? [] : [t];
    });
  }

  private keep(token: string): string {
    const key = modelCacheKey(token);
    this.byKey.set(key, token);
    return key;
  }
}
