import type { Actor } from './api/actor.js';
import type { AdminCommand, AdminResult } from './api/admin.js';
import * as T from './admin-text/texts.js';
import { AdminError } from './admin/admin-service.js';
import { renderUsageCsv } from './admin/usage-csv.js';
import { isPeriod, type Period } from './budget/periods.js';
import { err, fail, ok, type Failure, type Result } from './failures.js';
import { badAmount, MoneyError, parseSignedUsd, parseUsd, type Micros } from './money.js';
import { actorIds, type ActorIds } from './use-cases/context.js';
import type { CoreDeps } from './use-cases/deps.js';
import { balanceOf } from './use-cases/account.js';
import { usageChart } from './use-cases/charts.js';
import { languageName, shippedLocale } from './use-cases/language.js';
import { supportedLocales, t } from './i18n/catalog.js';
import { phrase, say, type Phrase } from './i18n/phrase.js';
import { graphemePrefix } from './text-cut.js';

/** A failure raised while parsing an admin command; caught once in {@link runAdmin}. */
class AdminInputError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.code);
  }
}

/** Words that mean "no limit" where an allowance is expected. */
const UNLIMITED = /^(none|unlimited|off|no limit|∞)$/i;

function amount(text: string, allowUnlimited: boolean): Micros | null {
  if (allowUnlimited && UNLIMITED.test(text.trim())) return null;
  try {
    return parseUsd(text);
  } catch (e) {
    if (e instanceof MoneyError) throw new AdminInputError(fail('bad_amount', badAmount(e, text)));
    throw e;
  }
}

function signedAmount(text: string): Micros {
  try {
    return parseSignedUsd(text);
  } catch (e) {
    if (e instanceof MoneyError) throw new AdminInputError(fail('bad_amount', badAmount(e, text)));
    throw e;
  }
}

function period(text: string | undefined, fallback: Period): Period {
  const p = (text ?? '').trim().toLowerCase();
  if (p === '') return fallback;
  if (!isPeriod(p)) throw new AdminInputError(adminProblem(phrase('input-period', { given: graphemePrefix((text ?? '').trim(), 40) })));
  return p;
}

/** A target resolved to the store's user id and a name to show. */
interface Target {
  userId: string;
  name: string;
}

/** A platform's own number for a person (Discord and Telegram ids are numbers): the one bare form that may name someone never seen. */
const PLATFORM_ID = /^\d{1,25}$/;

/**
 * Resolves `target` to a member, never inventing one: `me` (the actor, when they act on their own platform),
 * `@username` or a bare username of a member seen in this scope, a mention `<@id>`, `<surface>:<id>` or a bare id
 * of a user the store knows (the platform vouched for them: they spoke, were picked in a user option or replied
 * to). A numeric platform id not seen yet is created, so a budget can be set before someone speaks (not in the
 * console, whose only person is its user). Anything else (`root`, `nobodyxyz`) is `unknown_user` and nothing is stored.
 */
async function resolveTarget(d: CoreDeps, actor: Actor, ids: ActorIds, target: string): Promise<Target> {
  const t = target.trim();
  const unknown = () => new AdminInputError(fail('unknown_user', { given: graphemePrefix(t, 64) }));
  const named = (u: { id: string; displayName: string | null; username: string | null; externalId: string }): Target => ({
    userId: u.id,
    name: u.displayName ?? (u.username ? `@${u.username}` : u.externalId),
  });
  if (/^me$/i.test(t)) {
    // The operator CLI's actor is no member of the scope it acts on: `me` names nobody there.
    if (actor.user.platform !== actor.scope.platform) throw unknown();
    const me = await d.store.directory.getUser(ids.userId);
    if (!me) throw unknown();
    return named(me);
  }
  if (t.startsWith('@')) {
    const u = await d.store.directory.findMemberByUsername(ids.scopeId, t);
    if (!u) throw unknown();
    return { userId: u.id, name: `@${u.username ?? t.slice(1)}` };
  }
  const m = /^(?:<@!?(\d{5,25})>|([a-z][a-z0-9_-]{1,31}):([A-Za-z0-9_-]{1,64})|([A-Za-z0-9_-]{1,64}))$/.exec(t);
  if (!m) throw unknown();
  const platform = m[2] ?? actor.scope.platform;
  const externalId = m[1] ?? m[3] ?? m[4]!;
  const known = await d.store.directory.findUser({ platform, externalId });
  if (known) return named(known);
  if (m[4] !== undefined) {
    const byName = await d.store.directory.findMemberByUsername(ids.scopeId, m[4]);
    if (byName) return { userId: byName.id, name: `@${byName.username ?? m[4]}` };
  }
  if (!PLATFORM_ID.test(externalId) || actor.scope.kind === 'console') throw unknown();
  return named(await d.store.directory.ensureUser({ platform, externalId }));
}

async function defaults(d: CoreDeps, ids: ActorIds): Promise<Period> {
  return (await d.store.admin.showDefault(ids.scopeId)).period;
}

/** Runs one admin command (the adapter has already checked the actor is an admin). Every change is audited by the store. */
export async function runAdmin(d: CoreDeps, actor: Actor, cmd: AdminCommand): Promise<Result<AdminResult>> {
  const ids = await actorIds(d, actor);
  const by = actor.user.auditAs ?? ids.userId;
  try {
    switch (cmd.op) {
      case 'default': {
        const m = amount(cmd.amount, true);
        const p = period(cmd.period, await defaults(d, ids));
        await d.store.admin.setDefault(by, ids.scopeId, m, p);
        return ok({ text: T.defaultSetText(ids.locale, m, p) });
      }
      case 'set': {
        const target = await resolveTarget(d, actor, ids, cmd.target);
        const m = amount(cmd.amount, true);
        const p = period(cmd.period, await defaults(d, ids));
        await d.store.admin.setUserOverride(by, ids.scopeId, target.userId, m, p);
        return ok({ text: T.userSetText(ids.locale, target.name, m, p) });
      }
      case 'clear': {
        const target = await resolveTarget(d, actor, ids, cmd.target);
        await d.store.admin.clearUserOverride(by, ids.scopeId, target.userId);
        return ok({ text: T.userClearedText(ids.locale, target.name) });
      }
      case 'pool': {
        const m = amount(cmd.amount, true);
        const p = period(cmd.period, 'month');
        if (m === null) await d.store.admin.clearPool(by, ids.scopeId);
        else await d.store.admin.setPool(by, ids.scopeId, m, p);
        return ok({ text: T.poolSetText(ids.locale, m, p) });
      }
      case 'block':
      case 'unblock': {
        const target = await resolveTarget(d, actor, ids, cmd.target);
        if (cmd.op === 'block') await d.store.admin.block(by, ids.scopeId, target.userId);
        else await d.store.admin.unblock(by, ids.scopeId, target.userId);
        return ok({ text: T.blockedText(ids.locale, target.name, cmd.op === 'block') });
      }
      case 'adjust': {
        const target = await resolveTarget(d, actor, ids, cmd.target);
        const m = signedAmount(cmd.amount);
        // The ceiling (docs/budgets.md) is checked by the store inside the adjustment's own transaction.
        await d.store.admin.adjust(by, ids.scopeId, target.userId, m, cmd.note?.trim() || `adjusted by ${actor.user.displayName ?? actor.user.externalId}`);
        return ok({ text: T.adjustedText(ids.locale, target.name, m) });
      }
      case 'show':
        return ok({ text: await show(d, actor, ids, cmd.target) });
      case 'timezone': {
        const r = await d.store.admin.setTimezone(by, ids.scopeId, cmd.timeZone);
        return ok({ text: T.timezoneText(ids.locale, r.after) });
      }
      case 'language': {
        const code = cmd.code.trim();
        const reset = /^(reset|none|clear|auto|default)$/i.test(code);
        const chosen = reset ? null : shippedLocale(code);
        if (chosen === undefined) return err(fail('unknown_language', { given: code, available: supportedLocales().join(', ') }));
        const r = await d.store.admin.setLanguage(by, ids.scopeId, chosen);
        const now = r.after ?? ids.locale;
        return ok({ text: r.after ? t(now, 'language-community-set', { name: languageName(now, now), code: now }) : t(ids.locale, 'language-community-reset') });
      }
      case 'usage':
        return ok(await usage(d, actor, ids, cmd.period, cmd.target, cmd.chart === true));
      case 'token_show': {
        const info = await d.store.admin.showToken({ kind: 'scope', ownerId: ids.scopeId });
        return ok({ text: T.tokenShowText(ids.locale, info, d.clock.now(), ids.timeZone) });
      }
      case 'token_unlink': {
        const removed = await d.store.admin.unlinkToken(by, { kind: 'scope', ownerId: ids.scopeId }, ids.scopeId);
        return ok({ text: T.tokenUnlinkedText(ids.locale, removed?.masked ?? null, false, removed?.runningJobs ?? 0) });
      }
    }
  } catch (e) {
    if (e instanceof AdminInputError) return err(e.failure);
    if (e instanceof AdminError) return err(adminFailure(e, cmd));
    throw e;
  }
}

function adminFailure(e: AdminError, cmd: AdminCommand): Failure {
  if (e.code === 'invalid_timezone') return fail('bad_timezone', { given: cmd.op === 'timezone' ? graphemePrefix(cmd.timeZone, 64) : '' });
  return adminProblem(e.problem);
}

/** A `bad_amount` failure for a broken admin rule: `problem` in the member's words, its English text for logs. */
function adminProblem(problem: Phrase): Failure {
  return fail('bad_amount', { message: say('en', problem), problem });
}

async function show(d: CoreDeps, actor: Actor, ids: ActorIds, target: string | undefined): Promise<string> {
  if (target?.trim()) {
    const t = await resolveTarget(d, actor, ids, target);
    const view = await balanceOf(d, { ...ids, userId: t.userId }, { subject: t.name });
    return T.memberShowText(ids.locale, t.name, view.text, await allowanceSource(d, ids, t.userId), view.blocked);
  }
  const def = await d.store.admin.showDefault(ids.scopeId);
  const b = await d.store.budgets.balance(ids.scopeId, ids.userId);
  const pool = b.pool ? { micros: b.pool.limitMicros, period: b.pool.period } : null;
  return T.scopeSettingsText(ids.locale, { micros: def.allowanceMicros, period: def.period, fromOperator: def.source === 'operator' }, pool);
}

/** The member's override in the scope when they have one, else the scope's (or the operator's) default. */
async function allowanceSource(d: CoreDeps, ids: ActorIds, userId: string): Promise<T.AllowanceSource> {
  const own = await d.store.admin.userOverride(ids.scopeId, userId);
  if (own) return { kind: 'override', micros: own.allowanceMicros, period: own.period };
  const def = await d.store.admin.showDefault(ids.scopeId);
  return { kind: 'default', micros: def.allowanceMicros, period: def.period, fromOperator: def.source === 'operator' };
}

async function usage(d: CoreDeps, actor: Actor, ids: ActorIds, p: string | undefined, target: string | undefined, withChart: boolean): Promise<AdminResult> {
  const per = period(p, 'month');
  const report = await d.store.admin.usageReport(ids.scopeId, per);
  let only: string | undefined;
  if (target?.trim()) {
    const t = await resolveTarget(d, actor, ids, target);
    only = t.userId;
    report.rows = report.rows.filter((r) => r.userId === t.userId);
    const totals = { jobs: 0, images: 0, videoSeconds: 0, tokens: 0, spentMicros: 0 };
    for (const r of report.rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
    report.totals = totals;
  }
  const date = new Date(d.clock.now()).toISOString().slice(0, 10);
  const chart = withChart ? await usageChart(d, ids, report, only) : null;
  const text = T.usageText(ids.locale, per, report.totals.jobs, report.totals.spentMicros, report.rows.length);
  return {
    text: withChart && !chart ? `${t(ids.locale, 'chart-failed')} ${text}` : text,
    csv: { filename: `usage-${per}-${date}.csv`, content: renderUsageCsv(report) },
    ...(chart ? { chart } : {}),
  };
}
