import type { Kysely } from 'kysely';
import type { Platform } from '../core/api.js';
import type { Database } from '../store/schema.js';
import type { DirectoryRepo } from '../store/directory-repo.js';
import { CliError, UsageError } from './errors.js';

const PLATFORMS: readonly Platform[] = ['discord', 'telegram', 'console'];

/** A `platform:id` reference as typed by the operator. */
export interface PlatformRef {
  platform: Platform;
  externalId: string;
}

/**
 * Parses `discord:<id>`, `telegram:<id>`, `console:<id>` (the id may itself contain a colon, e.g. `discord:dm:42`).
 * @param what "scope" or "user", for the error message.
 * @throws UsageError naming the expected form.
 */
export function parseRef(text: string | undefined, what: 'scope' | 'user'): PlatformRef {
  const m = /^([a-z]+):([A-Za-z0-9_:@.-]+)$/.exec(text ?? '');
  const platform = m?.[1] as Platform | undefined;
  if (!m || !platform || !PLATFORMS.includes(platform)) {
    const example = what === 'scope' ? 'discord:<guild id>, telegram:<chat id> or console:local' : 'discord:<user id>, telegram:<user id> or console:<name>';
    throw new UsageError(`"${text ?? ''}" is not a ${what}; write ${example}`);
  }
  return { platform, externalId: m[2] ?? '' };
}

/** Formats a reference back as `platform:id`. */
export function refText(platform: string, externalId: string): string {
  return `${platform}:${externalId}`;
}

/** The internal id of a scope, creating the row when `create` (writes), or failing with a clear message (reads). */
export async function scopeId(db: Kysely<Database>, dir: DirectoryRepo, ref: PlatformRef, create: boolean): Promise<string> {
  if (create) return (await dir.ensureScope(ref)).id;
  const row = await db.selectFrom('scopes').select('id').where('platform', '=', ref.platform).where('external_id', '=', ref.externalId).executeTakeFirst();
  if (!row) throw new CliError(`no scope ${refText(ref.platform, ref.externalId)} is known to the bot yet`);
  return row.id;
}

/** The internal id of a user, creating the row when `create`, or failing with a clear message. */
export async function userId(db: Kysely<Database>, dir: DirectoryRepo, ref: PlatformRef, create: boolean): Promise<string> {
  if (create) return (await dir.ensureUser(ref)).id;
  const row = await db.selectFrom('users').select('id').where('platform', '=', ref.platform).where('external_id', '=', ref.externalId).executeTakeFirst();
  if (!row) throw new CliError(`no user ${refText(ref.platform, ref.externalId)} is known to the bot yet`);
  return row.id;
}
