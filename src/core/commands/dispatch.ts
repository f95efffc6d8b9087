import type { Logger } from '../../log.js';
import type { CoreApi } from '../api.js';
import { fail, type Failure } from '../failures.js';
import { unknownCommand } from './grammar.js';
import { surfaceUsage } from './help.js';
import { findCommand } from './lookup.js';
import { commandRegistry } from './registry.js';
import { failureReply } from './reply-kit.js';
import { isOwner, roleAllows } from './roles.js';
import type { CommandContext, CommandDefinition, Invocation, Place, Reply, Role, SubcommandDefinition, SurfaceRequest } from './types.js';
import { validateArgs } from './validate.js';

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

/**
 * Runs one {@link Invocation}: finds the command (unknown → "did you mean …?"), checks the place, resolves the role
 * and refuses what it does not allow, validates the arguments before any money moves, then runs the piece.
 *
 * Never throws: expected failures come back as a private `tone: 'error'` reply whose `blocks[0]` is
 * `core.explain(failure)` in the surface's command names and whose `failure` is set; an unexpected exception is
 * logged and answered as `internal`.
 *
 * Role: an owner (matched against `ownerIds` by surface and user id) is `owner`. `request.isAdmin()` is asked only
 * when the command (or subcommand) needs `admin` (on Telegram it costs a `getChatMember` call), so member commands
 * see `member` or `owner`; a piece that cares (help) may ask `ctx.isAdmin()` itself.
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
      this.logger?.error({ err: e, command: inv.command, subcommand: inv.subcommand, surface: r.surface.id }, 'command failed unexpectedly');
      try {
        return failureReply({ core: this.core, surface: r.surface }, fail('internal'));
      } catch {
        return { visibility: 'private', tone: 'error', blocks: ['Something went wrong on our side. Try again.'], failure: fail('internal') };
      }
    }
  }

  /** Whether the request's user is listed in `OWNER_IDS` for this surface. */
  isOwner(request: SurfaceRequest): boolean {
    const id = request.actor.user.externalId;
    return isOwner(this.ownerIds, request.surface.id, id) || isOwner(this.ownerIds, request.actor.user.platform, id);
  }

  private async dispatch(inv: Invocation): Promise<Reply> {
    const r = inv.request;
    const refuse = (f: Failure): Reply => failureReply({ core: this.core, surface: r.surface }, f);
    let admin: Promise<boolean> | undefined;
    const askAdmin = () => (admin ??= r.isAdmin());
    const def = findCommand(this.commands, inv.command);
    if (!def) return refuse(unknownCommand(this.commands, inv.command));
    const place = placeFailure(def.place, r);
    if (place) return refuse(place);
    let sub: SubcommandDefinition | undefined;
    if (def.subcommands) {
      // The command's own role guards its subcommand list, so a member learns nothing of /budget but "admins only".
      const gate = await this.roleFor(r, def.role, askAdmin);
      if (!roleAllows(gate, def.role)) return refuse(fail('not_admin'));
      if (!inv.subcommand) {
        const usage = def.subcommands.map((s) => surfaceUsage(s.usage, def, r.surface));
        return refuse(fail('missing_argument', { name: 'subcommand', usage }));
      }
      sub = def.subcommands.find((s) => s.name === inv.subcommand?.toLowerCase());
      if (!sub) return refuse(unknownCommand(this.commands, `${def.name} ${inv.subcommand}`, def));
    }
    const needed: Role = sub?.role ?? def.role;
    const role = await this.roleFor(r, needed, askAdmin);
    if (!roleAllows(role, needed)) return refuse(fail('not_admin'));
    const usage = (sub ? [sub.usage] : def.usage).map((u) => surfaceUsage(u, def, r.surface));
    const valid = validateArgs(this.core, r.actor, (sub ? sub.args : def.args) ?? [], inv.args, usage);
    if (!valid.ok) return refuse(valid.failure);
    const run = sub ? sub.run.bind(sub) : def.run?.bind(def);
    if (!run) return refuse(fail('internal', {}, { log: { note: `command ${def.name} has no run` } }));
    return run(contextOf(r, this.core, role), valid.value);
  }

  /** `askAdmin` asks the surface at most once per invocation. */
  private async roleFor(r: SurfaceRequest, needed: Role, askAdmin: () => Promise<boolean>): Promise<Role> {
    if (this.isOwner(r)) return 'owner';
    if (needed === 'admin' && (await askAdmin())) return 'admin';
    return 'member';
  }
}

function placeFailure(place: Place, r: SurfaceRequest): Failure | undefined {
  const isPrivate = r.actor.scope.kind === 'private';
  if (place === 'private' && !isPrivate) return fail('not_here', { place: 'private' });
  if (place === 'community' && isPrivate) return fail('not_here', { place: 'community' });
  return undefined;
}

/** The piece's view of the request (methods delegated, so class-based requests keep their `this`). */
function contextOf(r: SurfaceRequest, core: CoreApi, role: Role): CommandContext {
  return {
    actor: r.actor,
    surface: r.surface,
    uploadLimitBytes: r.uploadLimitBytes,
    isAdmin: () => r.isAdmin(),
    progress: (p) => r.progress(p),
    deliveryAddress: (use) => r.deliveryAddress(use),
    core,
    role,
  };
}
