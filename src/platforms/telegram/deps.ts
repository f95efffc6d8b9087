import type { Api } from 'grammy';
import type { Config } from '../../config.js';
import type { CommandDefinition, Invocation, Reply, SurfaceCore } from '../../core/api/surface.js';
import type { Coordination } from '../../core/ports/coordination.js';
import type { Logger, SecretSet } from '../../log.js';
import type { ActionTable, PendingInputs } from './actions.js';
import type { TelegramDelivery } from './delivery.js';
import type { FileFetcher } from './files.js';
import type { SetupState } from './setup-state.js';
import type { TaskTracker } from './tasks.js';
import type { StatusThrottle } from './util/throttle.js';

/** The Telegram part of the configuration (present whenever the adapter runs). */
export type TelegramSettings = NonNullable<Config['telegram']>;

/** The command layer as the surface uses it (`CommandDispatcher` from `src/core/commands/dispatch.ts`). */
export interface CommandRunner {
  readonly commands: readonly CommandDefinition[];
  run(inv: Invocation): Promise<Reply>;
}

/** What the handlers need, built once by `startTelegram` and passed down explicitly. */
export interface TelegramDeps {
  core: SurfaceCore;
  dispatcher: CommandRunner;
  api: Api;
  settings: TelegramSettings;
  logger: Logger;
  secrets: SecretSet;
  tasks: TaskTracker;
  throttle: StatusThrottle;
  files: FileFetcher;
  delivery: TelegramDelivery;
  setup: SetupState;
  /** State shared with the bot's other processes (Redis), or this process's memory: setup links, albums. */
  coordination: Coordination;
  actions: ActionTable;
  inputs: PendingInputs;
  /** Interval of repeated chat actions, ms (4500 by default; tests shorten it). */
  chatActionIntervalMs: number;
  /** How long a command runs before its first chat action, ms (300 by default; tests set 0). */
  chatActionDelayMs: number;
  /** How long a command runs before its status message is posted, ms (1000 by default; tests set 0). */
  statusDelayMs: number;
  /** The bot's @username without the @ (known after `bot.init()`). */
  botUsername: () => string;
}
