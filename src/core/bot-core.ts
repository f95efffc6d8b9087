import { runAdmin } from './admin-commands.js';
import type { AbandonOutcome, CancelledJob, JobRequestView, JobView, QueueView } from './api/jobs.js';
import type { Actor, JobHooks, ResolvedActor } from './api/actor.js';
import type { AdminCommand, AdminResult, GatewayBalanceView, PriceCommand } from './api/admin.js';
import type { AskRequest, AskResult } from './api/ask.js';
import type { BalanceView, ChartFile } from './api/account.js';
import type { CoreApi } from './api/core-api.js';
import type { EditRequest, ImageJobResult, ImagineRequest } from './api/images.js';
import type { FailureRefView, ShownAt } from './api/failure-refs.js';
import type { ModelView, ModelsReport } from './api/models.js';
import type { RemixRequest, VideoRequest, VideoStarted } from './api/video.js';
import type { Failure, Result } from './failures.js';
import { describeFailure, type CommandHint } from './messages.js';
import { refLine, showsRef } from './messages/failure-text.js';
import { DEFAULT_LOCALE } from './i18n/catalog.js';
import { language } from './use-cases/language.js';
import { communityDefaults, settings, settingsInEffect } from './use-cases/settings.js';
import type { SettingsAnswer, SettingsInEffect, SettingsRequest } from './api/settings.js';
import type { ModelKind } from './pricing.js';
import { balance, linkToken, unlinkToken } from './use-cases/account.js';
import { balanceChart } from './use-cases/charts.js';
import { ask } from './use-cases/ask.js';
import { lookUpRef, ownRefs, recordShownRef } from './use-cases/failure-refs.js';
import { actorIds, lookUpActor, scopeRef } from './use-cases/context.js';
import { referenceLimitBytes } from './use-cases/model-check.js';
import type { CoreDeps } from './use-cases/deps.js';
import { runImageJob } from './use-cases/images.js';
import { getJob, handOver, jobRequest, listJobs, recordDelivery } from './use-cases/job-queries.js';
import { cancelJob, queueView } from './use-cases/queue.js';
import { JobMoney } from './money/job-money.js';
import { noteGatewayHint } from './use-cases/gateway-hints.js';
import { approveCommunity, operatorCapReached } from './use-cases/operator-token.js';
import { adminAlerts, gatewayBalance, hasAdminAlerts, moveAdminAlerts, queueAdminAlert, quotaAlertText } from './use-cases/gateway-balance.js';
import { cachedModels, models, modelsReport } from './use-cases/models.js';
import { prices } from './use-cases/prices.js';
import { startRemix } from './use-cases/remix.js';
import { remixCapable } from './catalog/remix-models.js';
import { abandonVideos } from './use-cases/abandon-videos.js';
import { startVideo } from './use-cases/video.js';
import { changeChannelRule, channelCheck, channelRules, wordsCommand } from './use-cases/rules.js';
import type { ChannelRuleChange, ChannelRuleView, ChannelVerdict, WordsCommand } from './api/rules.js';
import type { GalleryPage, GalleryQuery, WebFileView, WebJobOrigin, WebLinkView, WebSessionView } from './api/web.js';
import { webFile, webGallery, webJobOrigin, webLink, webSession, webSignIn, webSignOut } from './use-cases/web.js';
import type { OwnerOverview } from './api/owner.js';
import type { ScopeRef, UserRef } from './api/actor.js';
import { ownerOverview } from './use-cases/owner.js';
import { webCommunities, webOpenSession } from './use-cases/web-sign-in.js';
import { isOwner } from './use-cases/context.js';
import type { AuditRowView, BudgetsOverview, UsageOverview } from './api/web-admin.js';
import { webAudit, webBalanceChart, webBudgets, webCommunityFailureRefs, webUsage } from './use-cases/web-admin.js';
import type { Period } from './budget/periods.js';
import type { CumulativeChart } from './ports/chart-renderer.js';

/**
 * The core service: every use-case of {@link CoreApi}, over explicit dependencies (no globals). Each method
 * validates fully before money moves; expected failures come back as values (`Result`), never thrown.
 * The use-cases live in `./use-cases/` (one file per concern); this class only wires them.
 */
export class BotCore implements CoreApi {
  private readonly d: CoreDeps;
  /** Set once the gateway answered a remix with "no such route": Remix is no longer offered. */
  private remixMissing = false;
  /** References being stored (`explain` does not wait); a lookup in this process waits for them first. */
  private readonly refWrites = new Set<Promise<void>>();

  constructor(deps: Omit<CoreDeps, 'money'>) {
    const d: CoreDeps = { ...deps, money: new JobMoney(deps.store.budgets, deps.logger, (r) => (r.reason === 'operator_cap_exhausted' ? operatorCapReached(d, r) : Promise.resolve())) };
    this.d = d;
  }

  /** Stops renewing the leases of jobs in flight (shutdown): the poller of the next process takes them over. */
  close(): void {
    this.d.leases.close();
  }

  imagine(req: ImagineRequest, hooks?: JobHooks): Promise<Result<ImageJobResult>> {
    return this.noted(req, runImageJob(this.d, req, 'imagine', hooks));
  }

  edit(req: EditRequest, hooks?: JobHooks): Promise<Result<ImageJobResult>> {
    return this.noted(req, runImageJob(this.d, req, 'edit', hooks));
  }

  startVideo(req: VideoRequest, hooks?: JobHooks): Promise<Result<VideoStarted>> {
    return this.noted(req, startVideo(this.d, req, hooks));
  }

  async startRemix(req: RemixRequest, hooks?: JobHooks): Promise<Result<VideoStarted>> {
    const r = await this.noted(req, startRemix(this.d, req, hooks));
    // Only the gateway's own "no such route" turns Remix off for every model (a model that offers none is refused before).
    if (!r.ok && r.failure.code === 'not_offered' && r.failure.details.what === 'remix' && r.failure.log?.gateway) this.remixMissing = true;
    return r;
  }

  abandonVideos(ids: readonly string[], note: string): Promise<AbandonOutcome[]> {
    return abandonVideos(this.d, ids, note);
  }

  remixOffered(model?: string): boolean {
    if (typeof this.d.gateway.remixVideo !== 'function' || this.remixMissing) return false;
    const listed = this.d.settings.remixModels ?? [];
    return model === undefined ? listed.length > 0 : remixCapable(model, listed);
  }

  ask(req: AskRequest, hooks?: JobHooks): Promise<Result<AskResult>> {
    return this.noted(req, ask(this.d, req, hooks));
  }

  modelsReport(actor: Actor, kind?: ModelKind): Promise<Result<ModelsReport>> {
    return this.noted(actor, modelsReport(this.d, actor, kind));
  }

  prices(actor: Actor, cmd: PriceCommand): Promise<Result<{ text: string }>> {
    return prices(this.d, actor, cmd);
  }

  gatewayBalance(actor: Actor): Promise<Result<GatewayBalanceView>> {
    return gatewayBalance(this.d, actor);
  }

  adminAlerts(actor: Actor): Promise<string[]> {
    return adminAlerts(this.d, actor);
  }

  approveCommunity(actor: Actor, approve: boolean): Promise<Result<{ text: string }>> {
    return approveCommunity(this.d, actor, approve);
  }

  hasAdminAlerts(actor: Actor): Promise<boolean> {
    return hasAdminAlerts(this.d, scopeRef(actor));
  }

  /**
   * Queues the admin notice a job's failure calls for: gateway credit exhausted on a community or operator token, or
   * a gateway set-up problem only the operator can fix (once per period, see `noteGatewayHint`).
   */
  private async noted<T>(actor: Actor, p: Promise<Result<T>>): Promise<Result<T>> {
    const r = await p;
    if (!r.ok) await noteGatewayHint(this.d, actor, r.failure);
    if (!r.ok && r.failure.code === 'quota_exhausted' && r.failure.details.source && r.failure.details.source !== 'personal') {
      await queueAdminAlert(this.d, scopeRef(actor), quotaAlertText(r.failure.details.source, actor.locale)).catch((e: unknown) => this.d.logger.warn({ err: e }, 'admin notice not queued'));
    }
    return r;
  }

  recordDelivery(jobId: string, messageIds: string[]): Promise<void> {
    return recordDelivery(this.d, jobId, messageIds);
  }

  handOver(jobId: string, opts?: { retryAfterMs?: number; reason?: string }): Promise<void> {
    return handOver(this.d, jobId, opts);
  }

  models(actor: Actor, kind?: ModelKind): Promise<Result<ModelView[]>> {
    return models(this.d, actor, kind);
  }

  cachedModels(actor: Actor, kind?: ModelKind): ModelView[] {
    return cachedModels(this.d, actor, kind);
  }

  balance(actor: Actor): Promise<BalanceView> {
    return balance(this.d, actor);
  }

  balanceChart(actor: Actor): Promise<{ balance: BalanceView; chart: ChartFile | null }> {
    return balanceChart(this.d, actor);
  }

  jobs(actor: Actor, limit?: number): Promise<JobView[]> {
    return listJobs(this.d, actor, limit);
  }

  job(actor: Actor, id: string): Promise<Result<JobView>> {
    return getJob(this.d, actor, id);
  }

  jobRequest(actor: Actor, id: string): Promise<Result<JobRequestView>> {
    return jobRequest(this.d, actor, id);
  }

  queue(actor: Actor, all: boolean): Promise<QueueView> {
    return queueView(this.d, actor, all);
  }

  cancelJob(actor: Actor, id: string, admin: boolean): Promise<Result<CancelledJob>> {
    return cancelJob(this.d, actor, id, admin);
  }

  referenceLimitBytes(kind: 'image' | 'video', model?: string): number {
    return referenceLimitBytes(this.d, kind, model);
  }

  admin(actor: Actor, cmd: AdminCommand): Promise<Result<AdminResult>> {
    return runAdmin(this.d, actor, cmd);
  }

  linkToken(actor: Actor, token: string, personal: boolean): Promise<Result<{ text: string; last4: string }>> {
    return linkToken(this.d, actor, token, personal);
  }

  unlinkToken(actor: Actor, personal: boolean): Promise<Result<{ text: string }>> {
    return unlinkToken(this.d, actor, personal);
  }

  /**
   * The failure's words, then a line giving its reference ("Reference X: … give them this code"); the failure's log
   * facts are written at warn under the same ref. The text goes through the
   * same scrubber as the logs: every token this process opened (any job's, the operator's, bot tokens) and every
   * token-shaped string is redacted, whatever detail a failure carries. With `at`, the reference and its scrubbed
   * detail are stored in the background for `/job <ref>` and `admin ref`.
   */
  explain(failure: Failure, hint?: CommandHint, at?: ShownAt, locale?: string): string {
    const lang = locale ?? DEFAULT_LOCALE;
    const m = describeFailure(failure, { now: this.d.clock.now(), locale: lang, ...(hint ? { hint } : {}), ...(at?.surface ? { surface: at.surface } : {}) });
    this.d.logger.warn({ ref: failure.ref, code: failure.code, money: failure.money, details: failure.details, ...(failure.log ? { failure: failure.log } : {}) }, 'failure shown to a user');
    if (!showsRef(failure.code)) return this.d.secrets.scrub(m.text);
    if (at) {
      const w = recordShownRef(this.d, failure, at).finally(() => this.refWrites.delete(w));
      this.refWrites.add(w);
    }
    return this.d.secrets.scrub(`${m.text}\n${refLine(lang, failure.ref, at?.admin === true, hint)}`);
  }

  async locale(actor: Actor): Promise<string> {
    return (await actorIds(this.d, actor)).locale;
  }

  resolveActor(actor: Actor): Promise<ResolvedActor> {
    return lookUpActor(this.d, actor);
  }

  channelCheck(actor: Actor, command: string): Promise<ChannelVerdict> {
    return channelCheck(this.d, actor, command);
  }

  channelRules(actor: Actor): Promise<ChannelRuleView[]> {
    return channelRules(this.d, actor);
  }

  changeChannelRule(actor: Actor, change: ChannelRuleChange): Promise<Result<ChannelRuleView[]>> {
    return changeChannelRule(this.d, actor, change);
  }

  wordsCommand(actor: Actor, command: WordsCommand): Promise<Result<{ text: string }>> {
    return wordsCommand(this.d, actor, command);
  }

  language(actor: Actor, code?: string): Promise<Result<{ text: string; locale: string }>> {
    return language(this.d, actor, code);
  }

  settingsInEffect(actor: Actor): Promise<SettingsInEffect> {
    return settingsInEffect(this.d, actor);
  }

  settings(actor: Actor, req: SettingsRequest): Promise<Result<SettingsAnswer>> {
    return settings(this.d, actor, req);
  }

  communityDefaults(actor: Actor, req: Omit<SettingsRequest, 'where'>): Promise<Result<SettingsAnswer>> {
    return communityDefaults(this.d, actor, req);
  }

  async failureRef(actor: Actor, ref: string, admin: boolean): Promise<Result<FailureRefView>> {
    await Promise.all([...this.refWrites]);
    return lookUpRef(this.d, actor, ref, admin);
  }

  async scopeMoved(from: { platform: string; externalId: string }, toExternalId: string): Promise<'moved' | 'already' | 'none' | 'conflict'> {
    const r = await this.d.store.directory.moveScope({ platform: from.platform, externalId: from.externalId }, toExternalId);
    const oldRef = `${from.platform}:${from.externalId}`;
    const newRef = `${from.platform}:${toExternalId}`;
    if (r === 'moved') {
      this.d.catalog.index.moveScope(oldRef, newRef);
      // The low-balance claims stay with the old id: at worst the new id's admins read that warning once more.
      await moveAdminAlerts(this.d, oldRef, newRef).catch((e: unknown) => this.d.logger.warn({ err: e }, 'admin notices not moved'));
    }
    const log = r === 'conflict' ? this.d.logger.warn.bind(this.d.logger) : this.d.logger.info.bind(this.d.logger);
    log({ from: oldRef, to: newRef, outcome: r }, r === 'conflict' ? 'community moved to a new id, but the new id already has its own data: kept apart' : 'community moved to a new id');
    return r;
  }

  async touch(actor: Actor): Promise<void> {
    await lookUpActor(this.d, actor);
  }

  webLink(actor: Actor, admin: boolean): Promise<WebLinkView | null> {
    return webLink(this.d, actor, admin);
  }

  webSignIn(token: string): Promise<{ sessionId: string; expiresAt: number } | null> {
    return webSignIn(this.d, token);
  }

  webSession(sessionId: string): Promise<WebSessionView | null> {
    return webSession(this.d, sessionId);
  }

  webSignOut(sessionId: string): Promise<void> {
    return webSignOut(this.d, sessionId);
  }

  webGallery(actor: Actor, q?: GalleryQuery): Promise<GalleryPage> {
    return webGallery(this.d, actor, q);
  }

  webJobOrigin(actor: Actor, jobId: string): Promise<WebJobOrigin | null> {
    return webJobOrigin(this.d, actor, jobId);
  }

  async webFailureRefs(actor: Actor, limit = 50): Promise<FailureRefView[]> {
    await Promise.all([...this.refWrites]);
    return ownRefs(this.d, actor, Math.min(Math.max(1, limit), 200));
  }

  webFile(actor: Actor, jobId: string, index: number): Promise<WebFileView | null> {
    return webFile(this.d, actor, jobId, index);
  }

  ownerOverview(actor: Actor): Promise<Result<OwnerOverview>> {
    return ownerOverview(this.d, actor);
  }

  isOwner(actor: Actor): boolean {
    return isOwner(this.d, actor);
  }

  webCommunities(user: Pick<UserRef, 'platform' | 'externalId'>): Promise<ScopeRef[]> {
    return webCommunities(this.d, user);
  }

  webOpenSession(actor: Actor, admin: boolean): Promise<{ sessionId: string; expiresAt: number }> {
    return webOpenSession(this.d, actor, admin);
  }

  webUsage(actor: Actor, period?: Period): Promise<UsageOverview> {
    return webUsage(this.d, actor, period);
  }

  webBudgets(actor: Actor): Promise<BudgetsOverview> {
    return webBudgets(this.d, actor);
  }

  webAudit(actor: Actor, page: { offset: number; limit: number }): Promise<{ rows: AuditRowView[]; more: boolean }> {
    return webAudit(this.d, actor, page);
  }

  webCommunityFailureRefs(actor: Actor, limit?: number): Promise<FailureRefView[]> {
    return webCommunityFailureRefs(this.d, actor, limit);
  }

  webBalanceChart(actor: Actor): Promise<CumulativeChart> {
    return webBalanceChart(this.d, actor);
  }
}
