/**
 * The core contract as a surface (a chat platform, the console, the operator CLI) sees it: the types it names,
 * gathered in one module so a surface depends on this file rather than on the core's internal layout, and
 * {@link SurfaceCore}, the part of the core a surface calls itself (the pieces call the rest, inside the core).
 *
 * Types only: every line is erased at build, so importing this loads nothing. Values a surface uses (`t`,
 * `CommandDispatcher`, `postReply`…) are imported from their own modules, which keeps each surface's load cost
 * what it uses.
 */
import type { AccountApi } from './account.js';
import type { AdminApi } from './admin.js';
import type { FailureRefsApi } from './failure-refs.js';
import type { JobsApi } from './jobs.js';
import type { ModelsApi } from './models.js';
import type { RulesApi } from './rules.js';
import type { VideoApi } from './video.js';

export type { Actor, Attachment, ChannelRef, DeliveryAddress, JobHooks, ScopeRef, UserRef } from './actor.js';
export type { BalanceView, ChartFile } from './account.js';
export type { AdminCommand, AdminResult } from './admin.js';
export type { CoreApi } from './core-api.js';
export type { FailureRefView, ShownAt } from './failure-refs.js';
export type { JobKind, JobStatus, JobView } from './jobs.js';
export type { ModelView } from './models.js';
export type {
  ArgSpec, ArgValue, ArgValues, CommandDefinition, IncomingFile, Invocation, Place, Reply, ReplyAction, ReplyField, ReplyMenu, ReplyFile, Role,
  SubcommandDefinition,
} from '../commands/types.js';
export type { Progress, SurfaceInfo, SurfaceRequest } from '../ports/surface.js';
export type { Failure, FailureCode, Result } from '../failures.js';

/**
 * What a surface calls on the core by itself, outside the commands: failure words for its own refusals and late
 * notices, the actor's language, remembering a member, the report of a posted result, the job a button names, the
 * cached models for autocomplete, a community's new id. A surface that builds a `CommandDispatcher` holds the whole
 * `CoreApi` and gives it to the dispatcher; its own code needs only this.
 */
export type SurfaceCore = Pick<FailureRefsApi, 'explain'> &
  Pick<AccountApi, 'locale' | 'touch'> &
  Pick<JobsApi, 'job' | 'recordDelivery' | 'handOver'> &
  Pick<VideoApi, 'remixOffered'> &
  Pick<ModelsApi, 'cachedModels'> &
  Pick<AdminApi, 'scopeMoved'> &
  Pick<RulesApi, 'channelCheck'>;
