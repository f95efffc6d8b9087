import type { JobRecord } from '../core/ports/job-store.js';
import type { TokenVault } from '../core/ports/token-vault.js';

/** An owner id no scope or user has (store ids are `sc_…` / `u_…`), used to ask for one source only. */
const NOBODY = '\u0000none';

/**
 * The gateway token a job was created with, resolved again from the store (the jobs table never holds it):
 * `personal` → the user's linked token, `scope` → the community's, `operator` → the configured operator token.
 * Asking the vault with the other owner set to an id nobody has returns exactly that source, even when a
 * token of higher priority was linked since. Returns null when that token is gone (unlinked).
 * A replaced token (same source, new id) is used as is: the gateway decides whether it still sees the task.
 * @throws (from the vault) when a stored token does not open: a configuration problem, not the job's.
 */
export async function tokenForJob(tokens: TokenVault, job: Pick<JobRecord, 'scopeId' | 'userId' | 'tokenSource'>): Promise<string | null> {
  const scopeId = job.tokenSource === 'scope' ? job.scopeId : NOBODY;
  const userId = job.tokenSource === 'personal' ? job.userId : NOBODY;
  const r = await tokens.resolveToken(scopeId, userId);
  return r.source === job.tokenSource ? r.token : null;
}
