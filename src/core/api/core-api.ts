/**
 * The core as adapters see it: the composition of the per-feature facades (`./images.ts`, `./video.ts`, `./ask.ts`,
 * `./jobs.ts`, `./models.ts`, `./account.ts`, `./admin.ts`, `./failure-refs.ts`, `./rules.ts`, `./settings.ts`, `./web.ts`, `./web-admin.ts`). Implemented by `BotCore`
 * (`src/core/bot-core.ts`). Plain data in, typed results out: no platform or HTTP types cross this line. A module
 * that needs one feature names that facade (or a `Pick` of it), not the whole of this.
 */
import type { AccountApi } from './account.js';
import type { AdminApi } from './admin.js';
import type { AskApi } from './ask.js';
import type { FailureRefsApi } from './failure-refs.js';
import type { ImagesApi } from './images.js';
import type { JobsApi } from './jobs.js';
import type { ModelsApi } from './models.js';
import type { RulesApi } from './rules.js';
import type { SettingsApi } from './settings.js';
import type { VideoApi } from './video.js';
import type { OwnerApi } from './owner.js';
import type { WebApi } from './web.js';
import type { WebSignInApi } from './web-sign-in.js';
import type { WebAdminApi } from './web-admin.js';

/** Every facade of the core. */
export interface CoreApi extends FailureRefsApi, ImagesApi, VideoApi, AskApi, ModelsApi, JobsApi, AccountApi, AdminApi, RulesApi, SettingsApi, WebApi, OwnerApi, WebSignInApi, WebAdminApi {}
