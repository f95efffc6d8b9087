import type { JobRequestView } from '../../api/jobs.js';
import { fail, type Failure } from '../../failures.js';
import { roleAllows } from '../roles.js';
import type { CommandContext, Role } from '../types.js';

/**
 * The one rule for commands that reuse an earlier job (its buttons: Reroll, V, U, and their typed forms): only the
 * member who started it, or an admin where it was made, may; whoever may, pays. Anyone else gets `job_not_yours`
 * before anything is held. A member command's role is not looked up in advance (it costs the platform a call): it is
 * asked only for another member's job.
 */
export async function othersJobRefusal(ctx: CommandContext, req: JobRequestView, id: string): Promise<Failure | undefined> {
  if (req.mine || roleAllows(await ctx.role().catch((): Role => 'member'), 'admin')) return undefined;
  return fail('job_not_yours', { id });
}
