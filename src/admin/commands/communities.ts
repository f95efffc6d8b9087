import { expectArity, type ParsedArgs } from '../args.js';
import { OPERATOR, type AdminContext } from '../context.js';
import { UsageError } from '../errors.js';
import { formatTime, renderTable } from '../format.js';
import { parseRef, refText, scopeId } from '../refs.js';

/** The forms of `communities`. */
export const COMMUNITIES_USAGE = [
  'communities list                     (communities approved for GATEWAY_TOKEN under OPERATOR_TOKEN_ACCESS=approved)',
  'communities approve <scope>          (e.g. telegram:-1001234567890; a private chat is telegram:<user id>)',
  'communities revoke <scope>',
] as const;

/** Who an approval from the CLI is recorded as (`operator_approved_by`). */
const BY_CLI = 'operator-cli';

/**
 * `communities approve|revoke <scope>` and `communities list`: the approvals of `OPERATOR_TOKEN_ACCESS=approved`
 * (the chat's `/approve`). Approving a community the bot has not seen yet records it, so its first job already runs.
 * Every change is audited with actor `operator`.
 */
export async function communitiesCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  const [sub, ref] = args.positional;
  const mode = ctx.config.operatorTokenAccess;
  const note = mode === 'approved' ? '' : ' (OPERATOR_TOKEN_ACCESS is open: every community may use GATEWAY_TOKEN until it is set to approved)';
  if (sub === 'list') {
    expectArity(args, 1, 1, COMMUNITIES_USAGE[0]);
    const scopes = await ctx.store.directory.approvedScopes();
    ctx.print(`OPERATOR_TOKEN_ACCESS=${mode}`);
    if (scopes.length === 0) {
      ctx.print('No community is approved.');
      return;
    }
    ctx.print(renderTable(['community', 'title', 'approved', 'by'], scopes.map((s) => [refText(s.platform, s.externalId), s.title ?? '-', formatTime(s.approvedAt), s.approvedBy ?? '-'])));
    return;
  }
  if (sub === 'approve' || sub === 'revoke') {
    expectArity(args, 2, 2, sub === 'approve' ? COMMUNITIES_USAGE[1] : COMMUNITIES_USAGE[2]);
    const scope = parseRef(ref, 'scope');
    const id = await scopeId(ctx.store.directory, scope, sub === 'approve');
    const changed = await ctx.store.directory.setApproval(id, sub === 'approve' ? BY_CLI : null, { actor: OPERATOR, action: sub === 'approve' ? 'scope.approve' : 'scope.revoke' });
    const name = refText(scope.platform, scope.externalId);
    if (sub === 'approve') ctx.print(`${changed ? 'approved' : 'already approved'}: ${name} may run jobs on GATEWAY_TOKEN${note}`);
    else ctx.print(`${changed ? 'revoked' : 'was not approved'}: ${name}${mode === 'approved' ? ' gets no jobs on GATEWAY_TOKEN (its own token still works)' : note}`);
    return;
  }
  throw new UsageError(`usage:\n  ${COMMUNITIES_USAGE.join('\n  ')}`);
}
