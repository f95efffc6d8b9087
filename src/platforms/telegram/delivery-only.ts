import { Api } from 'grammy';
import type { Config } from '../../config.js';
import type { Delivery } from '../../core/ports/delivery.js';
import { findCommand } from '../../core/commands/lookup.js';
import { refreshAction } from '../../core/commands/reply-kit.js';
import type { CommandDefinition } from '../../core/commands/types.js';
import type { Logger, SecretSet } from '../../log.js';
import { ScopedCoordination } from '../../core/coordination/scoped-coordination.js';
import type { Coordination } from '../../core/ports/coordination.js';
import { ActionTable } from './actions.js';
import type { TelegramSettings } from './deps.js';
import { TelegramDelivery } from './delivery.js';
import { keyboardOf } from './render.js';
import { TELEGRAM_SURFACE } from './surface.js';
import { retryAfterTransformer } from './util/retry-after.js';
import { StatusThrottle } from './util/throttle.js';

/** Installs the 429 wait on `api` (every call of the surface and of its delivery goes through it). */
export function waitOutFloodControl(api: Api, log: Logger, maxDelaySeconds = 30): void {
  api.config.use(retryAfterTransformer({ maxDelaySeconds, onRetry: (info) => log.warn(info, 'telegram flood control: waiting before retrying') }));
}

/** What {@link telegramDelivery} builds on. */
export interface TelegramDeliveryParts {
  api: Api;
  /** The registry the buttons of a result are made from (only commands present here get a button). */
  commands: readonly CommandDefinition[];
  actions: ActionTable;
  throttle: StatusThrottle;
  settings: Pick<TelegramSettings, 'uploadLimitBytes'>;
  logger: Logger;
  chatActionIntervalMs: number;
}

/**
 * The Telegram {@link Delivery} over a Bot API client, with the buttons of a finished job (the core's
 * `finishedJobActions`, compact callback data that any process of the bot understands) and Refresh under a running
 * video's status. Needs no update intake: the surface and a `worker` process build it the same way.
 */
export function telegramDelivery(p: TelegramDeliveryParts): TelegramDelivery {
  const { actions, commands } = p;
  return new TelegramDelivery({
    api: p.api,
    hint: TELEGRAM_SURFACE.commandHint,
    throttle: p.throttle,
    logger: p.logger,
    uploadLimitBytes: p.settings.uploadLimitBytes,
    chatActionIntervalMs: p.chatActionIntervalMs,
    resultKeyboard: (shown) => keyboardOf({ actions }, shown.filter((a) => findCommand(commands, a.command))),
    statusKeyboard: (jobId) => keyboardOf({ actions }, [refreshAction(jobId)].filter((a) => findCommand(commands, a.command))),
  });
}

/** Input of {@link startTelegramDelivery}. */
export interface StartTelegramDeliveryOptions {
  config: Pick<Config, 'telegram'>;
  commands: readonly CommandDefinition[];
  logger: Logger;
  secrets: SecretSet;
  registerDelivery: (delivery: Delivery) => void;
  /** The app's coordination: buttons under results this worker posts must resolve in whichever process gets the click. */
  coordination: Coordination;
}

/**
 * Telegram for a `worker` process: the {@link Delivery} over a plain Bot API client (grammY's `Api`), registered for
 * the poller, with neither `getUpdates` nor a webhook (the `gateway-bot` processes receive updates). `stop()` ends its
 * chat actions.
 */
export function startTelegramDelivery(o: StartTelegramDeliveryOptions): { stop(): void } {
  const settings = o.config.telegram;
  if (!settings) throw new Error('Telegram is not configured (TELEGRAM_BOT_TOKEN is unset)');
  o.secrets.add(settings.token);
  const log = o.logger.child({ platform: 'telegram' });
  const api = new Api(settings.token, { apiRoot: settings.apiRoot });
  waitOutFloodControl(api, log);
  const throttle = new StatusThrottle({ onError: (err) => log.debug({ err: String(err) }, 'status edit failed') });
  // The same key space as the chat-connected processes (`telegram:<bot id>:`); the bot id is the token's public prefix.
  const coordination = new ScopedCoordination(o.coordination, `telegram:${settings.token.split(':')[0]}:`);
  const actions = new ActionTable(o.commands, { coordination, onError: (err) => log.warn({ err }, 'a button could not be shared with the other processes') });
  const delivery = telegramDelivery({ api, commands: o.commands, actions, throttle, settings, logger: log, chatActionIntervalMs: 4500 });
  o.registerDelivery(delivery);
  log.info('telegram delivery ready (Bot API only, no update intake)');
  return { stop: () => delivery.close() };
}
