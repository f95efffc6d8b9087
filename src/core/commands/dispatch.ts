import type { Logger } from '../ports/logger.js';
import type { ResolvedActor } from '../api/actor.js';
import type { CoreApi } from '../api/core-api.js';
import { fail, type Failure } from '../failures.js';
import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import { negotiateLocale } from '../i18n/negotiate.js';
import { unknownCommand } from './grammar.js';
import { usageLines } from './help.js';
import { findCommand } from './lookup.js';
import { commandRegistry } from './registry.js';
import { refLine, showsRef } from '../messages/failure-text.js';
import { failureReply } from './reply-kit.js';
import { isOwner, roleAllows } from './roles.js';
import type { CommandContext, CommandDefinition, Invocation, Place, Reply, Role, SubcommandDefinition } from './types.js';
import type { SurfaceRequest } from '../ports/surface.js';
import { validateArgs } from './validate.js';
import { StoreUnavailableError } from '../ports/store-unavailable.js';
import { withPrivateChoice } from '../jobs/private-delivery.js';
import type { SettingsInEffect } from '../api/settings.js';

/** A request with its actor resolved, and the actor's settings read at most once for the command. */
interface LocalizedRequest extends SurfaceRequest {
  settingsInEffect(): Promise<SettingsInEffect>;
}

/** What a {@link CommandDispatcher} needs. */
export interface DispatcherDeps {
  core: CoreApi;
  /** `OWNER_IDS`: `<surface>:<id>` (that surface only) or bare ids (any surface). */
  ownerIds: readonly string[];
  /** Default: {@link commandRegistry}. */
  commands?: readonly CommandDefinition[];
  /** Unexpected exceptions are logged here (without argument values: they may hold a secret). */
  logger?: Logger;
}

/** The command an invocation names, its subcommand, and the role the actor has for it (from {@link CommandDispatcher}'s gate). */
interface Gated {
  readonly def: CommandDefinition;
  readonly sub?: SubcommandDefinition;
  readonly role: Role;
}

/**
 * Runs one {@link Invocation}: finds the command (unknown → "did you mean …?"), checks the place, resolves the role
 * and refuses what it does not allow, applies the channel rules (a silent channel gets a `silent` reply), validates the arguments before any money moves, then runs the piece.
 *
 * Actor and language: the actor is resolved first, once for the command (`core.resolveActor`: the store's ids, set
 * on the actor as `resolved` for the use-cases, and the effective locale: member override > community default >
 * the platform's locale > English) and set on the actor the piece sees (`ctx.actor.locale`), so every reply, refusal
 * and job of this invocation speaks it.
 *
 * Never throws: expected failures come back as a private `tone: 'error'` reply whose `blocks[0]` is
 * `core.explain(failure)` in the surface's command names and whose `failure` is set; an unexpected exception is
 * logged and answered as `internal`.
 *
 * Role: an owner (matched against `ownerIds` by surface and user id) is `owner`. `request.isAdmin()` is asked before
 * running only when the command (or subcommand) needs `admin` (on Telegram it costs a `getChatMember` call); a member
 * command's piece that cares awaits `ctx.role()`, which asks then (once per invocation, whoever asks first).
 *
 * Admin notices (`core.adminAlerts`: the community's gateway credit ran out, its balance is low) ride on the reply as
 * extra blocks (`Admin notice: …`) after the piece's own, each shown once, when the asker is an admin or owner in the
 * community itself (on the surface that serves it: not the operator CLI acting on it) and the reply is private or an
 * error (an ephemeral answer on Discord). Never on a public result the whole channel reads: a notice then waits for
 * the admin's next private answer. Extra blocks rather than a second reply, so every surface shows them without a
 * new rendering path. For a member command the surface is asked "admin?" only when notices are already queued
 * (`core.hasAdminAlerts`, one coordination read), so members never cost a `getChatMember` for nothing.
 */
export class CommandDispatcher {
  readonly commands: readonly CommandDefinition[];
  private readonly core: CoreApi;
  private readonly ownerIds: readonly string[];
  private readonly logger: Logger | undefined;

  constructor(deps: DispatcherDeps) {
    this.core = deps.core;
    this.ownerIds = deps.ownerIds;
    this.commands = deps.commands ?? commandRegistry();
    this.logger = deps.logger;
  }

  async run(inv: Invocation): Promise<Reply> {
    const r = inv.request;
    try {
      return await this.dispatch(inv);
    } catch (e) {
      const unavailable = e instanceof StoreUnavailableError;
      if (unavailable) this.logger?.warn({ err: e, command: inv.command, subcommand: inv.subcommand, surface: r.surface.id }, 'command refused: the database does not answer');
      else this.logger?.error({ err: e, command: inv.command, subcommand: inv.subcommand, surface: r.surface.id }, 'command failed unexpectedly');
      const locale = negotiateLocale(r.actor.locale);
      try {
        return failureReply({ core: this.core, surface: r.surface, actor: r.actor }, fail(unavailable ? 'store_unavailable' : 'internal'));
      } catch {
        return { visibility: 'private', tone: 'error', blocks: [t(locale, 'failure-internal-short')], failure: fail('internal') };
      }
    }
  }

  /**
   * Whether `inv` would get past the place and role checks, without validating arguments or running anything: the
   * refusal `run` would give (`unknown_command`, `not_here`, `not_admin`), or undefined. For surfaces that must
   * answer before the command can run (Discord opens the private modal of `/setup token` only for admins); `run`
   * checks again. Never throws (an unexpected error is logged and answered as `internal`).
   */
  async check(inv: Invocation): Promise<Failure | undefined> {
    try {
      const g = await this.gate(inv, this.adminAsker(inv.request));
      return 'failure' in g ? g.failure : undefined;
    } catch (e) {
      if (e instanceof StoreUnavailableError) return fail('store_unavailable');
      this.logger?.error({ err: e, command: inv.command, subcommand: inv.subcommand, surface: inv.request.surface.id }, 'command check failed unexpectedly');
      return fail('internal');
    }
  }

  /** Whether the request's user is listed in `OWNER_IDS` for this surface. */
  isOwner(request: SurfaceRequest): boolean {
    const id = request.actor.user.externalId;
    return isOwner(this.ownerIds, request.surface.id, id) || isOwner(this.ownerIds, request.actor.user.platform, id);
  }

  /**
   * The request with its actor resolved once for the whole command (`CoreApi.resolveActor`: the store's ids, which
   * every use-case the piece calls reuses, and the effective locale); when the store cannot say, the platform's
   * locale negotiated alone and no ids, so a store hiccup never costs the member their language (the use-case then
   * meets the store's failure itself).
   */
  private async localized(r: SurfaceRequest): Promise<LocalizedRequest> {
    let resolved: ResolvedActor | undefined;
    try {
      // A surface that resolved this actor for the same update already (Telegram's member middleware) gives it.
      resolved = r.actor.resolved ?? (await this.core.resolveActor(r.actor));
    } catch (e) {
      this.logger?.warn({ err: e, surface: r.surface.id }, 'stored language unavailable; using the platform locale');
    }
    const locale = resolved?.locale ?? negotiateLocale(r.actor.locale);
    const reported = r.actor.reportedLocale ?? r.actor.locale;
    const actor = { ...r.actor, locale, ...(reported ? { reportedLocale: reported } : {}), ...(resolved ? { resolved } : {}) };
    // One read of the settings per command: the piece's options and the delivery address's `private` choice agree.
    let settings: Promise<SettingsInEffect> | undefined;
    const settingsInEffect = () => (settings ??= this.core.settingsInEffect(actor));
    return {
      actor,
      surface: r.surface,
      uploadLimitBytes: r.uploadLimitBytes,
      isAdmin: () => r.isAdmin(),
      progress: (p) => r.progress({ ...p, locale }),
      // The member's `private` choice is taken once, when the job asks for its address, and stored with it.
      deliveryAddress: async (use) => withPrivateChoice(await r.deliveryAddress(use), actor, await settingsInEffect()),
      settingsInEffect,
    };
  }

  private async dispatch(inv: Invocation): Promise<Reply> {
    const r = await this.localized(inv.request);
    const refuse = (f: Failure): Reply => ({ ...failureReply({ core: this.core, surface: r.surface, actor: r.actor }, f), locale: r.actor.locale ?? DEFAULT_LOCALE });
    const askAdmin = this.adminAsker(r);
    const g = await this.gate({ ...inv, request: r }, askAdmin);
    if ('failure' in g) return refuse(g.failure);
    const { def, sub, role } = g;
    const channel = await this.channelGate(r, def, sub);
    if (channel === 'silent') return { visibility: 'private', tone: 'info', blocks: [], silent: true, locale: r.actor.locale ?? DEFAULT_LOCALE };
    if (channel) return refuse(channel);
    const usage = usageLines(def, sub, r.surface);
    const valid = validateArgs(this.core, r.actor, sub ? { command: def, sub } : { command: def }, inv.args, usage, r.surface);
    if (!valid.ok) return refuse(valid.failure);
    const run = sub ? sub.run.bind(sub) : def.run?.bind(def);
    if (!run) return refuse(fail('internal', {}, { log: { note: `command ${def.name} has no run` } }));
    const roleNow = this.lazyRole(r, role, askAdmin);
    const reply = await this.adminRefLine(r, roleNow, await run(contextOf(r, this.core, roleNow, this.commands), valid.value));
    return { ...(await this.withNotices(r, role, reply, askAdmin)), locale: r.actor.locale ?? DEFAULT_LOCALE };
  }

  /**
   * A failure of a member command shown to someone who turns out to administer the community (asked only for a
   * failure that carries a reference: rare, so one `getChatMember` at most on Telegram): its reference line points
   * to `/job <ref>` instead of telling an admin to ask an admin.
   */
  private async adminRefLine(r: SurfaceRequest, role: () => Promise<Role>, reply: Reply): Promise<Reply> {
    const f = reply.failure;
    const first = reply.blocks[0];
    if (reply.tone !== 'error' || !f || first === undefined || !showsRef(f.code)) return reply;
    const locale = r.actor.locale ?? DEFAULT_LOCALE;
    const member = refLine(locale, f.ref);
    if (!first.endsWith(member)) return reply;
    try {
      const now = await role();
      // A private chat administers no community: only an owner reads the admin's line there.
      if (now === 'member' || (now === 'admin' && r.actor.scope.kind === 'private')) return reply;
    } catch {
      return reply;
    }
    const hint = (c: string, s?: string) => r.surface.commandHint(c, s);
    return { ...reply, blocks: [first.slice(0, first.length - member.length) + refLine(locale, f.ref, true, hint), ...reply.blocks.slice(1)] };
  }

  /** Finds the command and subcommand, checks the place, and resolves the role; or the refusal. */
  private async gate(inv: Invocation, askAdmin: () => Promise<boolean>): Promise<Gated | { failure: Failure }> {
    const r = inv.request;
    const def = findCommand(this.commands, inv.command);
    if (!def) return { failure: unknownCommand(this.commands, inv.command) };
    const place = placeFailure(def.place, r);
    if (place) return { failure: place };
    let sub: SubcommandDefinition | undefined;
    if (def.subcommands) {
      // The command's own role guards its subcommand list, so a member learns nothing of /budget but "admins only".
      const gate = await this.roleFor(r, def.role, askAdmin);
      if (!roleAllows(gate, def.role)) return { failure: fail('not_admin') };
      if (!inv.subcommand) {
        const usage = def.subcommands.flatMap((s) => usageLines(def, s, r.surface));
        return { failure: fail('missing_argument', { name: 'subcommand', usage }) };
      }
      sub = def.subcommands.find((s) => s.name === inv.subcommand?.toLowerCase());
      if (!sub) return { failure: unknownCommand(this.commands, `${def.name} ${inv.subcommand}`, def) };
    }
    const needed: Role = sub?.role ?? def.role;
    const role = await this.roleFor(r, needed, askAdmin);
    if (!roleAllows(role, needed)) return { failure: fail('not_admin') };
    return sub ? { def, sub, role } : { def, role };
  }

  /**
   * The channel rules (`/setup channel`) for a member command where the surface named a channel: `silent`, a
   * `not_in_channel` refusal naming where it works, or undefined (it may run). Asked after the role and before the
   * arguments, so a refused command costs nothing and reads nothing. Admin and owner commands always pass, so an
   * admin can undo a rule from any channel; `/help` passes everywhere but in a silent channel.
   */
  private async channelGate(r: SurfaceRequest, def: CommandDefinition, sub: SubcommandDefinition | undefined): Promise<'silent' | Failure | undefined> {
    if ((sub?.role ?? def.role) !== 'member' || !r.actor.channel || r.actor.scope.kind === 'private') return undefined;
    const v = await this.core.channelCheck(r.actor, def.name);
    if (v.kind === 'ok') return undefined;
    if (v.kind === 'silent') return 'silent';
    return def.name === 'help' ? undefined : fail('not_in_channel', { command: def.name, where: v.where });
  }

  /** Asks the surface at most once per invocation. */
  private adminAsker(r: SurfaceRequest): () => Promise<boolean> {
    let admin: Promise<boolean> | undefined;
    return () => (admin ??= r.isAdmin());
  }

  /**
   * The piece's `ctx.role()`: the gate's role when it already asked the platform (an owner, or an admin command),
   * else owner-or-admin-or-member asked on first call through the invocation's one admin answer.
   */
  private lazyRole(r: SurfaceRequest, gated: Role, askAdmin: () => Promise<boolean>): () => Promise<Role> {
    if (gated !== 'member') return () => Promise.resolve(gated);
    let role: Promise<Role> | undefined;
    return () => (role ??= this.roleFor(r, 'admin', askAdmin));
  }

  private async roleFor(r: SurfaceRequest, needed: Role, askAdmin: () => Promise<boolean>): Promise<Role> {
    if (this.isOwner(r)) return 'owner';
    if (needed === 'admin' && (await askAdmin())) return 'admin';
    return 'member';
  }

  /** The reply with the community's admin notices appended (see the class comment); the reply itself when none apply. */
  private async withNotices(r: SurfaceRequest, role: Role, reply: Reply, askAdmin: () => Promise<boolean>): Promise<Reply> {
    // In the community itself only (an owner's own notices also in a private chat), never for the operator acting on
    // it from the CLI.
    const isPrivate = r.actor.scope.kind === 'private';
    if ((isPrivate && role !== 'owner') || r.actor.scope.platform !== r.surface.id) return reply;
    if (!isPrivate && reply.visibility !== 'private' && reply.tone !== 'error') return reply;
    try {
      const elevated = role !== 'member' || ((await this.core.hasAdminAlerts(r.actor)) && (await askAdmin()));
      if (!elevated) return reply;
      const notices = await this.core.adminAlerts(r.actor);
      const locale = r.actor.locale ?? DEFAULT_LOCALE;
      return notices.length ? { ...reply, blocks: [...reply.blocks, ...notices.map((text) => t(locale, 'admin-notice', { text }))] } : reply;
    } catch (e) {
      this.logger?.warn({ err: e, surface: r.surface.id }, 'admin notices unavailable');
      return reply;
    }
  }
}

function placeFailure(place: Place, r: SurfaceRequest): Failure | undefined {
  const isPrivate = r.actor.scope.kind === 'private';
  if (place === 'private' && !isPrivate) return fail('not_here', { place: 'private' });
  if (place === 'community' && isPrivate) return fail('not_here', { place: 'community' });
  return undefined;
}

/** The piece's view of the request (methods delegated, so class-based requests keep their `this`). */
function contextOf(r: LocalizedRequest, core: CoreApi, role: () => Promise<Role>, commands: readonly CommandDefinition[]): CommandContext {
  return {
    settingsInEffect: r.settingsInEffect,
    actor: r.actor,
    surface: r.surface,
    uploadLimitBytes: r.uploadLimitBytes,
    progress: (p) => r.progress(p),
    deliveryAddress: (use) => r.deliveryAddress(use),
    core,
    role,
    commands,
  };
}
