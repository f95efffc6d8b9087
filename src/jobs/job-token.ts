import type { JobRecord } from '../core/ports/job-store.js';
import type { TokenVault } from '../core/ports/token-vault.js';

/** An owner id no scope or user has (store ids are `sc_…` / `u_…`), used to ask for one source only. */
const NOBODY = '\u0000none';

/**
 * The gateway token a job was created with, resolved again from the store (the jobs table never holds it):
 * `personal` → the user's linked token, `scope` → the community's, `operator` → the configured operator token.
 * Asking the vault with the other owner set to an id nobody has returns exactly that source, even when a
 * token of higher priority was linked since. Returns null when that token is gone (unlinked).
 * A job that recorded its token id gets exactly that token (the vault keeps an unlinked or replaced token until the
 * jobs started on it end); older rows without an id fall back to the source's current token.
 * @throws (from the vault) when a stored token does not open: a configuration problem, not the job's.
 */
export async function tokenForJob(tokens: TokenVault, job: Pick<JobRecord, 'scopeId' | 'userId' | 'tokenSource' | 'tokenId'>): Promise<string | null> {
  // A job keeps the token it started with until it ends, even when that token was unlinked or replaced since.
  if (job.tokenId && job.tokenSource !== 'operator') return tokens.tokenById(job.tokenId);
  const scopeId = job.tokenSource === 'scope' ? job.scopeId : NOBODY;
  const userId = job.tokenSource === 'personal' ? job.userId : NOBODY;
  const r = await tokens.resolveToken(scopeId, userId);
  return r.source === job.tokenSource ? r.token : null;
}
