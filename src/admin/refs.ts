import type { Directory, ExternalRef } from '../core/ports/directory.js';
import { PLATFORMS } from '../platforms/registry.js';
import { CliError, UsageError } from './errors.js';

/**
 * The surfaces the operator can name. Scope and user rows of any surface id work in the store; this list only
 * catches typos (`discrod:1`) as malformed usage before anything is created.
 */
const SURFACES: readonly string[] = PLATFORMS.map((m) => m.id);

/** A `surface:id` reference as typed by the operator. */
export type PlatformRef = ExternalRef;

/**
 * Parses `discord:<id>`, `telegram:<id>`, `console:<id>` (the id may itself contain a colon, e.g. `discord:dm:42`).
 * @param what "scope" or "user", for the error message.
 * @throws UsageError naming the expected form.
 */
export function parseRef(text: string | undefined, what: 'scope' | 'user'): PlatformRef {
  const m = /^([a-z]+):([A-Za-z0-9_:@.-]+)$/.exec(text ?? '');
  const platform = m?.[1];
  if (!m || !platform || !SURFACES.includes(platform)) {
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
export async function scopeId(dir: Directory, ref: PlatformRef, create: boolean): Promise<string> {
  if (create) return (await dir.ensureScope(ref)).id;
  const scope = await dir.findScope(ref);
  if (!scope) throw new CliError(`no scope ${refText(ref.platform, ref.externalId)} is known to the bot yet`);
  return scope.id;
}

/** The internal id of a user, creating the row when `create`, or failing with a clear message. */
export async function userId(dir: Directory, ref: PlatformRef, create: boolean): Promise<string> {
  if (create) return (await dir.ensureUser(ref)).id;
  const user = await dir.findUser(ref);
  if (!user) throw new CliError(`no user ${refText(ref.platform, ref.externalId)} is known to the bot yet`);
  return user.id;
}
