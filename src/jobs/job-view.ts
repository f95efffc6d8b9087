import type { JobView } from '../core/api/jobs.js';
import type { JobRecord } from '../core/ports/job-store.js';
import { toJobView } from '../core/jobs/job-view.js';
import type { RunnerContext } from './runner-context.js';

/**
 * The {@link JobView} the runner words a late post from (and a `Delivery` shows progress with): the requester's id on
 * their surface comes from the directory ('' when the user row is gone), the money from the ledger.
 */
export async function deliveryView(ctx: RunnerContext, job: JobRecord): Promise<JobView> {
  const user = await ctx.deps.users.getUser(job.userId);
  const money = (await ctx.deps.budgets.jobMoney([job.id])).get(job.id);
  return toJobView(job, user?.externalId ?? '', money);
}
