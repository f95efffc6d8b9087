import type { Actor, JobHooks, ResolvedActor } from '../api/actor.js';
import type { JobKind } from '../api/jobs.js';
import { newJobId } from '../ids.js';
import { CancelledInLine, type QueueTicket } from '../jobs/queue-board.js';
import type { Lease } from '../fair-use/fair-use-gate.js';
import { err, fail, failureFromGateway, ok, type Failure, type Result, type ReaderHint, type TokenSource } from '../failures.js';
import type { Micros } from '../money.js';
import { isGatewayFailure, type GatewayFailureInfo, type GatewayModel } from '../ports/media-gateway.js';
import type { ReserveResult } from '../budget/types.js';
import { remainingIn } from '../money/remaining.js';
import type { Payer } from '../catalog/price-book.js';
import type { CoreDeps } from './deps.js';
import { effectiveLocale } from '../i18n/negotiate.js';
import { StoreUnavailableError } from '../ports/store-unavailable.js';

/** The store's ids of the actor's scope and user (see {@link ResolvedActor}). */
export type ActorIds = ResolvedActor;

/**
 * The actor's ids: the ones the dispatcher resolved for this command (`Actor.resolved`), else {@link lookUpActor}.
 */
export function actorIds(d: CoreDeps, a: Actor): Promise<ActorIds> {
  return a.resolved ? Promise.resolve(a.resolved) : lookUpActor(d, a);
}

/** Finds or creates the scope and the user and records that the user was seen in the scope (always asks the store). */
export async function lookUpActor(d: CoreDeps, a: Actor): Promise<ActorIds> {
  const scope = await d.store.directory.ensureScope({ platform: a.scope.platform, externalId: a.scope.externalId, ...(a.scope.title ? { title: a.scope.title } : {}) });
  const user = await d.store.directory.ensureUser({
    platform: a.user.platform,
    externalId: a.user.externalId,
    ...(a.user.displayName ? { displayName: a.user.displayName } : {}),
    ...(a.user.username ? { username: a.user.username } : {}),
  });
  await d.store.directory.touchMember(scope.id, user.id);
  return {
    scopeId: scope.id,
    userId: user.id,
    timeZone: scope.timezone,
    locale: effectiveLocale({ member: user.language, community: scope.language, platform: a.reportedLocale ?? a.locale }),
    approved: scope.approvedAt !== null,
  };
}

/** A token ready to use, with where it came from. */
export interface UsableToken {
  token: string;
  source: TokenSource;
  tokenId: string | null;
}

/**
 * Who reads a hint about admin-only set-up (`/setup token`, `/prices set`): `admin` at the console and for an owner
 * (`OWNER_IDS`) in a community, where those commands run for them; `private` in a private chat, where they run for
 * nobody (they are community commands); `member` otherwise (the core does not ask the platform; the words then say
 * what an admin can do, which stays true for an admin reading them).
 */
export function readerHint(d: CoreDeps, a: Actor): ReaderHint {
  if (a.scope.kind === 'private') return 'private';
  return isOwner(d, a) ? 'admin' : 'member';
}

/**
 * The token for the actor: personal, then the scope's, then the operator's; `no_token` otherwise. Under
 * `OPERATOR_TOKEN_ACCESS=approved` the operator's token is only for a community an owner approved (owners and the
 * console always): elsewhere `operator_access_not_approved`, before anything is held or sent.
 */
export async function resolveToken(d: CoreDeps, a: Actor, ids: ActorIds): Promise<Result<UsableToken>> {
  let r;
  try {
    r = await d.store.tokens.resolveToken(ids.scopeId, ids.userId);
  } catch (e) {
    d.logger.error({ err: e }, 'stored gateway token could not be read');
    return err(fail('internal', {}, { log: { note: 'token decrypt failed' } }));
  }
  rememberPayer(d, a, r.source === 'none' ? undefined : r);
  if (r.source === 'none') return err(fail('no_token', { reader: readerHint(d, a) }));
  d.secrets.add(r.token);
  if (r.source === 'operator' && d.settings.operatorTokenAccess === 'approved' && !ids.approved && !isOwner(d, a)) {
    return err(fail('operator_access_not_approved', { community: scopeRef(a), place: a.scope.kind === 'private' ? 'private' : 'community' }));
  }
  return ok({ token: r.token, source: r.source, tokenId: r.tokenId });
}

/** Whose money a job on this token spends (see `Payer`). */
export function payerOf(t: UsableToken): Payer {
  return t.source === 'operator' ? 'operator' : 'own';
}

/**
 * True for a bot owner in the strict sense: listed in `OWNER_IDS` (the operator CLI lists itself), or at the local
 * console. A private chat does not count: anyone can open one.
 */
export function isOwner(d: CoreDeps, a: Actor): boolean {
  if (a.scope.kind === 'console') return true;
  return d.settings.ownerIds.some((id) => id === `${a.user.platform}:${a.user.externalId}` || id === a.user.externalId);
}

/** `<platform>:<external id>` of the actor's community (how admin settings and the token index name it). */
export function scopeRef(a: Actor): string {
  return `${a.scope.platform}:${a.scope.externalId}`;
}

/**
 * Keeps the token index in step with what the store just said pays for `a` (a token linked or unlinked by another
 * process shows up here), so `cachedModels` resolves the same token on the next keystroke.
 */
function rememberPayer(d: CoreDeps, a: Actor, r: { source: TokenSource; token: string } | undefined): void {
  const userRef = `${a.user.platform}:${a.user.externalId}`;
  d.catalog.index.setUser(userRef, r?.source === 'personal' ? r.token : null);
  if (r?.source !== 'personal') d.catalog.index.setScope(scopeRef(a), r?.source === 'scope' ? r.token : null);
}

/**
 * The token's model list through the cache. `auth` failures are returned (the token is refused); any other
 * failure gives `undefined`: the caller goes on without the list and lets the real call decide.
 */
export async function listedModels(d: CoreDeps, t: UsableToken, model: string): Promise<Result<GatewayModel[] | undefined>> {
  try {
    return ok(await d.catalog.list(t.token));
  } catch (e) {
    if (isGatewayFailure(e) && e.kind === 'auth') return err(failureFromGateway(gatewayInfo(e), { model, tokenSource: t.source, stage: 'models' }));
    d.logger.debug({ err: e }, 'model list unavailable; continuing without it');
    return ok(undefined);
  }
}

/**
 * Runs `fn` under a fair-use lease (queue position reported through hooks); the lease is always released. The job is
 * on `d.queue` (what `/queue` lists and cancels) from here until `fn` returns, under the id `fn` must open it with;
 * `fn` gets hooks that also move its board entry and carry the signal that takes its call out of the gateway's
 * waiting line. A job cancelled in the fair-use line fails `job_cancelled` with nothing held; one cancelled in the
 * gateway's line fails `job_cancelled` with whatever its own failure says about the hold (released).
 */
export async function withFairUse<T>(
  d: CoreDeps,
  a: Actor,
  hooks: JobHooks | undefined,
  what: { kind: JobKind; model?: string },
  fn: (jobId: string, hooks: JobHooks) => Promise<Result<T>>,
): Promise<Result<T>> {
  const req = { userKey: `${a.user.platform}:${a.user.externalId}`, scopeKey: `${a.scope.platform}:${a.scope.externalId}` };
  const jobId = newJobId();
  const ticket = d.queue.enter(jobId, { kind: what.kind, model: what.model, userRef: req.userKey, scopeRef: req.scopeKey });
  try {
    let acquired: Result<Lease>;
    try {
      acquired = await d.fairUse.acquire(req, {
        onQueued: (p) => {
          ticket.queued(p);
          hooks?.onQueued?.(p, jobId);
        },
        signal: ticket.queueSignal,
      });
    } catch (e) {
      if (e instanceof CancelledInLine) return err({ ...fail('job_cancelled', { kind: what.kind }, { money: 'none' }), jobId });
      throw e;
    }
    if (!acquired.ok) return acquired;
    const lease: Lease = acquired.value;
    // Cancelled as its turn came (the line had already handed it the lease): it stops here, nothing held or sent.
    if (ticket.queueSignal.aborted) {
      lease.release();
      return err({ ...fail('job_cancelled', { kind: what.kind }, { money: 'none' }), jobId });
    }
    try {
      ticket.started();
      hooks?.onStarted?.();
      const r = await fn(jobId, boardHooks(hooks, ticket));
      if (r.ok || !ticket.cancelled) return r;
      // The row says why it ended (its own failure read "the gateway was busy"; the member cancelled it).
      await d.jobs.update(jobId, ['failed'], { errorCode: 'job_cancelled' }).catch((e: unknown) => d.logger.debug({ jobId, err: e }, 'job: cancel not recorded on its row'));
      return err({ ...fail('job_cancelled', { kind: what.kind }, { money: r.failure.money }), jobId });
    } finally {
      lease.release();
    }
  } finally {
    ticket.end();
  }
}

/** `hooks` that also move the job's board entry, with the signal that takes its call out of the gateway's line. */
function boardHooks(hooks: JobHooks | undefined, ticket: QueueTicket): JobHooks {
  return {
    ...hooks,
    lineSignal: ticket.lineSignal,
    onWaiting: (ahead) => {
      ticket.waiting(ahead);
      hooks?.onWaiting?.(ahead, ticket.jobId);
    },
    onWorking: (ms) => {
      ticket.atGateway();
      hooks?.onWorking?.(ms);
    },
  };
}

/** Turns a refused reserve into the failure the user reads (with the figures and the community's time zone). */
export function refusal(r: Extract<ReserveResult, { ok: false }>, timeZone: string): Failure {
  const figures = { costMicros: r.costMicros, remainingMicros: r.remainingMicros, resetsAt: r.resetsAt, timeZone };
  switch (r.reason) {
    case 'blocked':
      return fail('blocked');
    case 'pool_exhausted':
      return fail('pool_exhausted', figures);
    case 'budget_exhausted':
    case 'personal_cap_exhausted':
      return fail('budget_exhausted', figures);
    case 'person_cap_exhausted':
      return fail('person_cap_exhausted', figures);
    case 'operator_cap_exhausted':
      return fail('operator_cap_exhausted', figures);
  }
}

/**
 * What is left for the actor after a charge: null for personal tokens and unlimited allowances; with a pool,
 * the smaller of the two.
 */
export async function remainingFor(d: CoreDeps, ids: ActorIds, source: TokenSource): Promise<Micros | null> {
  return remainingIn(d.store.budgets, ids, source);
}

/**
 * The failure from a thrown gateway error, `store_unavailable` when the store stopped answering during the call
 * (no money claim: the release the caller meant may not have happened), or `internal` for anything else, logged.
 */
export function gatewayFailure(d: CoreDeps, e: unknown, ctx: Parameters<typeof failureFromGateway>[1]): Failure {
  if (isGatewayFailure(e)) return failureFromGateway(gatewayInfo(e), ctx);
  if (e instanceof StoreUnavailableError) {
    d.logger.warn({ err: e, stage: ctx.stage, model: ctx.model }, 'the database stopped answering during a job');
    return fail('store_unavailable', {}, { log: { stage: ctx.stage, note: e.message } });
  }
  d.logger.error({ err: e, stage: ctx.stage, model: ctx.model }, 'unexpected error during a gateway call');
  return fail('internal', {}, { money: ctx.money ?? 'none', log: { stage: ctx.stage, note: e instanceof Error ? e.message : String(e) } });
}

/** The plain facts of a gateway error (no stack, no class), for failures and logs. */
export function gatewayInfo(e: GatewayFailureInfo): GatewayFailureInfo {
  const info: GatewayFailureInfo = { kind: e.kind, message: e.message };
  if (e.status !== undefined) info.status = e.status;
  if (e.code !== undefined) info.code = e.code;
  if (e.requestId !== undefined) info.requestId = e.requestId;
  if (e.retryAfterMs !== undefined) info.retryAfterMs = e.retryAfterMs;
  if (e.waitedMs !== undefined) info.waitedMs = e.waitedMs;
  return info;
}
