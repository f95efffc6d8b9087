import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Bot, webhookCallback } from 'grammy';
import type { Config } from '../../config.js';
import type { CoreApi, Delivery } from '../../core/api.js';
import { CommandDispatcher } from '../../core/commands/dispatch.js';
import type { Logger, SecretSet } from '../../log.js';
import { ActionTable, PendingInputs } from './actions.js';
import { actorOf } from './actor.js';
import { chatMigration } from './chat-migration.js';
import { buttonHandler } from './callbacks.js';
import { commandRouter } from './command-router.js';
import type { CommandRunner, TelegramDeps } from './deps.js';
import type { TelegramDelivery } from './delivery.js';
import { telegramDelivery, waitOutFloodControl } from './delivery-only.js';
import { FileFetcher, PUBLIC_DOWNLOAD_LIMIT_BYTES } from './files.js';
import { setCommandMenus } from './menus.js';
import { SetupState } from './setup-state.js';
import { TaskTracker } from './tasks.js';
import { tokenFlow } from './token-flow.js';
import { StatusThrottle, type StatusThrottleOptions } from './util/throttle.js';

/** Knobs tests turn down; production uses the defaults. */
export interface TelegramTuning {
  /** Status-edit intervals (defaults: 3 s in groups, 1 s in private chats). */
  throttle?: StatusThrottleOptions;
  /** Quiet time closing an album, ms; default 800. */
  albumQuietMs?: number;
  /** Interval of repeated chat actions, ms; default 4500. */
  chatActionIntervalMs?: number;
  /** Longest `retry_after` waited out, s; default 30. */
  retryMaxDelaySeconds?: number;
  /** How long a button press waits for a quick answer (shown as an alert) before it is acknowledged; default 1500 ms. */
  quickAnswerMs?: number;
}

/** Input of {@link startTelegram}. */
export interface StartTelegramOptions {
  config: Pick<Config, 'telegram' | 'ownerIds'>;
  core: CoreApi;
  /**
   * The command layer (the composition root's `CommandDispatcher`). Default: a dispatcher over `core` with the
   * configured `OWNER_IDS`, for callers that run Telegram alone (tests).
   */
  dispatcher?: CommandRunner;
  logger: Logger;
  /** Hands the Telegram {@link Delivery} to the video poller. */
  registerDelivery: (delivery: Delivery) => void;
  /** The bot token and every pasted gateway token are added here, so logs never show them. */
  secrets: SecretSet;
  tuning?: TelegramTuning;
}

/** A running Telegram adapter. */
export interface TelegramHandle {
  bot: Bot;
  delivery: TelegramDelivery;
  /** Stops receiving updates, lets background jobs finish, and stops chat actions. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts the Telegram surface: a grammY bot on `config.telegram.apiRoot` (a self-hosted Bot API server works the
 * same), 429s waited out on every call, the token flows, ONE command path over the core's dispatcher, the buttons,
 * command menus by audience generated from the registry, and either long polling (default) or a webhook on
 * `webhookPort` when `webhookUrl` is set (with a random secret token checked on every request). Handlers return at
 * once and run commands as tracked background tasks, so a slow job never holds up other chats even though grammY's
 * built-in polling handles updates one by one. Throws when Telegram is not configured or the token is refused by
 * `getMe`.
 */
export async function startTelegram(opts: StartTelegramOptions): Promise<TelegramHandle> {
  const settings = opts.config.telegram;
  if (!settings) throw new Error('Telegram is not configured (TELEGRAM_BOT_TOKEN is unset)');
  const { core, logger, secrets } = opts;
  const log = logger.child({ platform: 'telegram' });
  secrets.add(settings.token);
  const tuning = opts.tuning ?? {};
  const dispatcher = opts.dispatcher ?? new CommandDispatcher({ core, ownerIds: opts.config.ownerIds, logger: log });

  const bot = new Bot(settings.token, { client: { apiRoot: settings.apiRoot } });
  waitOutFloodControl(bot.api, log, tuning.retryMaxDelaySeconds);
  await bot.init();

  const throttle = new StatusThrottle({ ...tuning.throttle, onError: (err) => log.debug({ err: String(err) }, 'status edit failed') });
  const chatActionIntervalMs = tuning.chatActionIntervalMs ?? 4500;
  const actions = new ActionTable(dispatcher.commands);
  const delivery = telegramDelivery({ api: bot.api, core, commands: dispatcher.commands, actions, throttle, settings, logger: log, chatActionIntervalMs });
  const isPublicApi = /^https:\/\/api\.telegram\.org$/i.test(settings.apiRoot);
  const deps: TelegramDeps = {
    core,
    dispatcher,
    api: bot.api,
    settings,
    logger: log,
    secrets,
    tasks: new TaskTracker(log),
    throttle,
    files: new FileFetcher({ api: bot.api, apiRoot: settings.apiRoot, token: settings.token, maxBytes: isPublicApi ? PUBLIC_DOWNLOAD_LIMIT_BYTES : Math.max(PUBLIC_DOWNLOAD_LIMIT_BYTES, settings.uploadLimitBytes) }),
    delivery,
    setup: new SetupState(),
    actions,
    inputs: new PendingInputs(),
    chatActionIntervalMs,
    botUsername: () => bot.botInfo.username,
  };

  bot.use(chatMigration(core, log));
  bot.use(async (ctx, next) => {
    const actor = ctx.msg && !ctx.callbackQuery ? actorOf(ctx) : undefined;
    if (actor) {
      try {
        await core.touch(actor);
      } catch (err) {
        log.warn({ err }, 'could not remember a member');
      }
    }
    await next();
  });
  const router = commandRouter(deps, tuning.albumQuietMs !== undefined ? { albumQuietMs: tuning.albumQuietMs } : {});
  bot.use(tokenFlow(deps), router.composer, buttonHandler(deps, tuning.quickAnswerMs !== undefined ? { quickAnswerMs: tuning.quickAnswerMs } : {}));
  bot.catch((err) => log.error({ err: err.error, updateId: err.ctx.update.update_id }, 'telegram handler failed'));

  opts.registerDelivery(delivery);
  await setCommandMenus(bot.api, dispatcher.commands, log);

  const stopReceiving = settings.webhookUrl ? await startWebhook(bot, settings.webhookUrl, settings.webhookPort, log) : await startPolling(bot, log);
  let stopped: Promise<void> | undefined;
  return {
    bot,
    delivery,
    stop: () =>
      (stopped ??= (async () => {
        await stopReceiving();
        router.albums.flushAll();
        await deps.tasks.idle();
        delivery.close();
        log.info('telegram adapter stopped');
      })()),
  };
}

async function startPolling(bot: Bot, log: Logger): Promise<() => Promise<void>> {
  let onStart!: () => void;
  const started = new Promise<void>((resolve) => (onStart = resolve));
  const polling = bot.start({ onStart: () => onStart(), allowed_updates: ['message', 'callback_query'] });
  const failed = polling.then(
    () => undefined,
    (err: unknown) => {
      log.error({ err }, 'telegram long polling stopped with an error');
      throw err;
    },
  );
  await Promise.race([started, failed]);
  log.info({ username: bot.botInfo.username }, 'telegram bot started (long polling)');
  return async () => {
    if (bot.isRunning()) await bot.stop();
    await failed.catch(() => undefined);
  };
}

/** Longest wait in `stop()` for webhook requests still being handled (grammY answers them within 10 s anyway). */
const WEBHOOK_STOP_GRACE_MS = 10_000;

async function startWebhook(bot: Bot, url: string, port: number, log: Logger): Promise<() => Promise<void>> {
  const secretToken = randomBytes(24).toString('base64url');
  const handle = webhookCallback(bot, 'http', { secretToken, onTimeout: 'return' });
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    open.add(res);
    res.once('close', () => open.delete(res));
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    handle(req, res).catch((err: unknown) => {
      log.error({ err }, 'telegram webhook request failed');
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  await bot.api.setWebhook(url, { secret_token: secretToken, allowed_updates: ['message', 'callback_query'] });
  log.info({ port }, 'telegram bot started (webhook)');
  // Invariant: an update being handled gets its answer before the listener goes away; a reset would make Telegram
  // deliver it again after a restart (a second job, a second charge). The webhook stays registered on purpose, so
  // Telegram keeps new updates until the bot is back.
  return () =>
    new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), WEBHOOK_STOP_GRACE_MS);
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
      server.closeIdleConnections();
    });
}
