/** Failure words and their references (`/job <ref>`). */
import type { Failure, Result } from '../failures.js';
import type { Actor } from './actor.js';

/**
 * Where a failure reference is being shown, so it can be looked up later (`/job <ref>`): the actor who sees it, or
 * the job it belongs to (a late delivery knows only the job), and the surface id (default: the actor's platform).
 * Without an actor or a job the reference is shown but not stored.
 */
export interface ShownAt {
  actor?: Actor;
  jobId?: string;
  surface?: string;
  /**
   * The reader administers this community (known to the surface or the dispatcher): their reference line points to
   * `/job <ref>` instead of telling them to ask an admin. Absent: not known, the member's line.
   */
  admin?: boolean;
}

/** A stored failure reference as `/job <ref>` shows it. `detail` (the scrubbed logged failure) only for admins. */
export interface FailureRefView {
  ref: string;
  createdAt: number;
  code: string;
  /** The failure's plain words, as the user read them (without the ref). */
  outcome: string;
  /** Who was shown it, on their surface. */
  userExternalId: string;
  surface: string;
  jobId?: string;
  detail?: string;
}

/** Failure words and their references (`/job <ref>`). */
export interface FailureRefsApi {
  /**
   * Renders a failure for users in `locale` (default English), followed by its reference explained once
   * ("Reference K7Q2XM: … give them this code"; for an admin reader, `at.admin`: "… /job K7Q2XM shows what went
   * wrong"); logs the detail under the ref. A mistake in what was typed (an unknown command, a malformed argument,
   * an unknown member…) carries no reference: its words already say everything an admin could learn. `hint` names commands the way the
   * asking surface writes them (`SurfaceInfo.commandHint`); default `/command subcommand`. With `at` (who sees it, or
   * the job), the reference and its scrubbed detail are stored in the background for `/job <ref>` and `admin ref`.
   */
  explain(failure: Failure, hint?: (command: string, subcommand?: string) => string, at?: ShownAt, locale?: string): string;
  /**
   * `/job <ref>`: a failure reference shown in the actor's community. `admin` (admin or owner) reads any of the
   * community's references with the logged detail; a member only the plain outcome of their own; else `job_not_found`.
   * The outcome is written in the actor's effective locale.
   */
  failureRef(actor: Actor, ref: string, admin: boolean): Promise<Result<FailureRefView>>;
}
