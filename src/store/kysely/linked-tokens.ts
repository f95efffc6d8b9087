import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Who a stored gateway token belongs to, with the owner's platform reference. */
export interface LinkedTokenOwner {
  kind: 'scope' | 'personal';
  /** The store's scope id (kind `scope`) or user id (kind `personal`). */
  ownerId: string;
  /** `<platform>:<external id>` of the community or user. */
  ref: string;
}

/**
 * Every stored token's owner (no secrets read), for warming the model lists at start. The token itself is then
 * opened through the vault's `resolveToken`, one owner at a time.
 */
export async function listLinkedTokenOwners(db: Kysely<Database>): Promise<LinkedTokenOwner[]> {
  const scopes = await db.selectFrom('tokens').innerJoin('scopes', 'scopes.id', 'tokens.owner_id').where('tokens.kind', '=', 'scope').select(['tokens.owner_id', 'scopes.platform', 'scopes.external_id']).execute();
  const users = await db.selectFrom('tokens').innerJoin('users', 'users.id', 'tokens.owner_id').where('tokens.kind', '=', 'personal').select(['tokens.owner_id', 'users.platform', 'users.external_id']).execute();
  return [
    ...scopes.map((r) => ({ kind: 'scope' as const, ownerId: r.owner_id, ref: `${r.platform}:${r.external_id}` })),
    ...users.map((r) => ({ kind: 'personal' as const, ownerId: r.owner_id, ref: `${r.platform}:${r.external_id}` })),
  ];
}
