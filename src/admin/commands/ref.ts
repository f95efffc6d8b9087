import { isFailureRef } from '../../core/ids.js';
import { expectArity, type ParsedArgs } from '../args.js';
import type { AdminContext } from '../context.js';
import { CliError } from '../errors.js';
import { formatTime } from '../format.js';
import { refText } from '../refs.js';

/** The form of `ref`. */
export const REF_USAGE = 'ref <ref>';

/**
 * Runs `ref <ref>`: the stored failure reference with the community and user it was shown to, its job and the logged
 * detail (scrubbed of secrets when it was stored). Unknown or expired references are an error (exit 1).
 */
export async function refCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  expectArity(args, 1, 1, REF_USAGE);
  const text = args.positional[0]!.trim().toUpperCase();
  const r = isFailureRef(text) ? await ctx.store.refs.get(text) : undefined;
  if (!r) throw new CliError(`no reference ${args.positional[0]!} (unknown, or older than the retention)`);
  const scope = await ctx.store.directory.getScope(r.scopeId);
  const user = await ctx.store.directory.getUser(r.userId);
  const fields: [string, string][] = [
    ['ref', r.ref],
    ['shown', `${formatTime(r.createdAt)} on ${r.surface}`],
    ['scope', scope ? refText(scope.platform, scope.externalId) : r.scopeId],
    ['user', user ? refText(user.platform, user.externalId) : r.userId],
    ['job', r.jobId ?? '-'],
    ['code', r.code],
    ['detail', r.detail],
  ];
  const width = Math.max(...fields.map(([k]) => k.length));
  ctx.print(fields.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
}
