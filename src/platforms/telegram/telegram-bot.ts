import { createHmac } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Bot, webhookCallback } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from '../../config.js';
import type { CoreApi } from '../../core/api/core-api.js';
import type { Delivery } from '../../core/ports/delivery.js';
import { MemoryCoordination } from '../../core/coordination/memory-coordination.js';
import { ScopedCoordination } from '../../core/coordination/scoped-coordination.js';
import type { Coordination } from '../../core/ports/coordination.js';
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
import { PollingLeader } from './polling-leader.js';
import { SetupState } from './setup-state.js';
import { TaskTracker } from './tasks.js';
import { tokenFlow } from './token-flow.js';
import { StatusThrottle, type StatusThrottleOptions } from './util/throttle.js';
import { rememberResolved } from './seen-actors.js';

/** Default of {@link TelegramTuning.statusDelayMs}. */
export const DEFAULT_STATUS_DELAY_MS = 1_000;

/** Default of {@link TelegramTuning.chatActionDelayMs}. */
export const DEFAULT_CHAT_ACTION_DELAY_MS = 300;

/** Knobs tests turn down; production uses the defaults. */
export interface TelegramTuning {
  /** Status-edit intervals (defaults: 3 s in groups, 1 s in private chats). */
  throttle?: StatusThrottleOptions;
  /** Quiet time closing an album, ms; default 800. */
  albumQuietMs?: number;
  /** Interval of repeated chat actions, ms; default 4500. */
  chatActionIntervalMs?: number;
  /**
   * How long a command runs before its status message ("Working on it…") is posted, ms; default 1000. A result
   * ready sooner is posted without one, saving two Bot API calls per fast job.
   */
  statusDelayMs?: number;
  /**
   * How long a command runs before its chat action ("sending photo…") is first sent, ms; default 300. Telegram
   * advises the action only for answers that take a noticeable time, and clears it when the answer arrives: an
   * answer within 0.3 s (a text model, a cached image) is posted without the extra call, a slower one shows the
   * indicator before a member notices a wait.
   */
  chatActionDelayMs?: number;
  /** Longest `retry_after` waited out, s; default 30. */
  retryMaxDelaySeconds?: number;
  /** How long a button press waits for a quick answer (shown as an alert) before it is acknowledged; default 1500 ms. */
  quickAnswerMs?: number;
  /** Life of the long-polling lease, ms; default 10 000 (another process polls at most this long after a death). */
  pollingLeaseMs?: number;
  /** How often the long-polling lease is renewed or tried, ms; default 3 000. */
  pollingRenewMs?: number;
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
  /** Hands the Telegram {@link Delivery} to the job runner. */
  registerDelivery: (delivery: Delivery) => void;
  /** The bot token and every pasted gateway token are added here, so logs never show them. */
  secrets: SecretSet;
  /**
   * State shared with the bot's other processes (the app's: Redis with `REDIS_URL`): setup links, albums, the
   * once-only claim on each `update_id`, the long-polling lease. Default: this process's memory.
   */
  coordination?: Coordination;
  /**
   * The database's identity (`BotProcessRegistry.databaseId`), part of each update's once-only claim key, so a run
   * on a new or reset database never takes the claims another database's run left in a shared Redis for its own.
   * Default none (tests that run Telegram alone).
   */
  databaseId?: string;
  /**
   * The bot's own `getMe` answer when the caller already has it (the start-up preflight's), so the adapter's start
   * skips a second `getMe` round trip. Default: asked by `bot.init()`.
   */
  botInfo?: UserFromGetMe;
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
 * command menus by audience generated from the registry, and either long polling (default; by one process at a time
 * under a lease, see {@link PollingLeader}) or a webhook on `webhookPort` when `webhookUrl` is set (with a secret
 * token derived from the bot token, the same in every process, checked on every request). With shared coordination
 * each `update_id` is handled once across processes. Handlers return at
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

  const bot = new Bot(settings.token, { client: { apiRoot: settings.apiRoot }, ...(opts.botInfo ? { botInfo: opts.botInfo } : {}) });
  waitOutFloodControl(bot.api, log, tuning.retryMaxDelaySeconds);
  await bot.init();
  // Every Telegram key is the bot's own (its id is public), so two bots on one Redis prefix never mix updates or leases.
  const coordination = new ScopedCoordination(opts.coordination ?? new MemoryCoordination(), `telegram:${bot.botInfo.id}:`);

  const throttle = new StatusThrottle({ ...tuning.throttle, onError: (err) => log.debug({ err: String(err) }, 'status edit failed') });
  const chatActionIntervalMs = tuning.chatActionIntervalMs ?? 4500;
  const actions = new ActionTable(dispatcher.commands, { coordination, onError: (err) => log.warn({ err }, 'a button could not be shared with the other processes') });
  const delivery = telegramDelivery({ api: bot.api, commands: dispatcher.commands, actions, throttle, settings, logger: log, chatActionIntervalMs });
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
    setup: new SetupState({ coordination }),
    coordination,
    actions,
    inputs: new PendingInputs({ coordination }),
    chatActionIntervalMs,
    chatActionDelayMs: tuning.chatActionDelayMs ?? DEFAULT_CHAT_ACTION_DELAY_MS,
    statusDelayMs: tuning.statusDelayMs ?? DEFAULT_STATUS_DELAY_MS,
    botUsername: () => bot.botInfo.username,
  };

  if (coordination.shared) bot.use(onceAcrossProcesses(coordination, log, opts.databaseId));
  bot.use(chatMigration(core, log));
  bot.use(async (ctx, next) => {
    const actor = ctx.msg && !ctx.callbackQuery ? actorOf(ctx) : undefined;
    if (actor) {
      try {
        // Resolved once here for the whole update: the command this message carries reuses it (seen-actors.ts).
        const resolved = await core.resolveActor(actor);
        if (ctx.msg) rememberResolved(ctx.msg, resolved);
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
  // The menus (one setMyCommands per audience and locale, ~18 calls) are set while receiving starts, not before it:
  // the first poll no longer waits for them (bench: startup). They never reject (a failure is logged), and the start
  // resolves only once they are set, as before.
  const menus = setCommandMenus(bot.api, dispatcher.commands, log);

  let stopReceiving: () => Promise<void>;
  try {
    if (settings.webhookUrl) {
      const hookSecret = webhookSecret(settings.token);
      secrets.add(hookSecret);
      stopReceiving = await startWebhook(bot, settings.webhookUrl, settings.webhookPort, hookSecret, log);
    } else {
      stopReceiving = await startPolling(bot, coordination, log, tuning);
    }
  } finally {
    await menus;
  }
  let stopped: Promise<void> | undefined;
  return {
    bot,
    delivery,
    stop: () =>
      (stopped ??= (async () => {
        await stopReceiving();
        await router.albums.flushAll();
        await deps.tasks.idle();
        delivery.close();
        log.info('telegram adapter stopped');
      })()),
  };
}

/**
 * How long an `update_id` is remembered as handled across processes: as long as Telegram may deliver it again
 * (it keeps an unconfirmed update, and retries an unanswered webhook, for at most 24 hours).
 */
const UPDATE_ONCE_MS = 86_400_000;

/**
 * Lets each update through once across the processes sharing `coordination`: a webhook update retried by Telegram
 * or repeated by a load balancer, or one a new long-polling leader receives again after a failover, is dropped where
 * it was already claimed. The claim comes first, so an update whose process died mid-way is not handled again
 * (the user sends it again) rather than risking a second job and charge. When the shared state does not answer, the
 * update is handled anyway (Telegram sends it once when answered; commands that start jobs are refused meanwhile by
 * the fair-use gate, before any money moves). The claim is keyed with the database's identity (a new or reset
 * database starts with no claims) and every update dropped is logged at warn, since a user's command goes unanswered.
 */
function onceAcrossProcesses(coordination: Coordination, log: Logger, databaseId: string | undefined) {
  const prefix = databaseId ? `update:${databaseId}:` : 'update:';
  return async (ctx: { update: { update_id: number } }, next: () => Promise<void>): Promise<void> => {
    const id = ctx.update.update_id;
    try {
      const leftMs = await coordination.claim(`${prefix}${id}`, UPDATE_ONCE_MS);
      if (leftMs > 0) {
        log.warn(
          { updateId: id, claimedForMs: UPDATE_ONCE_MS - leftMs, ...(databaseId ? { databaseId } : {}) },
          'telegram update dropped: a process on this database already claimed it (a redelivery, or an update sent to several processes)',
        );
        return;
      }
    } catch (err) {
      log.warn({ err, updateId: id }, 'telegram: the once-only claim of an update is unavailable; handling it here');
    }
    await next();
  };
}

/**
 * The webhook's secret token (`X-Telegram-Bot-Api-Secret-Token`), derived from the bot token (HMAC-SHA256, 32
 * characters), so every process behind one load balancer agrees on it without sharing anything, and the secret
 * reveals nothing about the token.
 */
export function webhookSecret(botToken: string): string {
  return createHmac('sha256', botToken).update('mediabot telegram webhook secret').digest('base64url').slice(0, 32);
}

/** Long polling under the {@link PollingLeader} lease; resolves once this process polls or stands by. */
async function startPolling(bot: Bot, coordination: Coordination, log: Logger, tuning: TelegramTuning): Promise<() => Promise<void>> {
  let polling: Promise<void> = Promise.resolve();
  const leader = new PollingLeader({
    coordination,
    logger: log,
    ...(tuning.pollingLeaseMs !== undefined ? { leaseMs: tuning.pollingLeaseMs } : {}),
    ...(tuning.pollingRenewMs !== undefined ? { renewMs: tuning.pollingRenewMs } : {}),
    startPolling: async () => {
      let onStart!: () => void;
      const started = new Promise<void>((resolve) => (onStart = resolve));
      polling = bot.start({ onStart: () => onStart(), allowed_updates: ['message', 'callback_query'] }).catch((err: unknown) => {
        log.error({ err }, 'telegram long polling stopped with an error');
        throw err;
      });
      await Promise.race([started, polling]);
    },
    pollingEnded: () => polling.catch(() => undefined),
    stopPolling: async () => {
      if (bot.isRunning()) await bot.stop();
      await polling.catch(() => undefined);
    },
  });
  const polls = await leader.start();
  if (polls) log.info({ username: bot.botInfo.username }, 'telegram bot started (long polling)');
  else log.info({ username: bot.botInfo.username }, 'telegram bot started: another process long-polls; this one takes over if it stops');
  return () => leader.stop();
}

/** Longest wait in `stop()` for webhook requests still being handled (grammY answers them within 10 s anyway). */
const WEBHOOK_STOP_GRACE_MS = 10_000;

async function startWebhook(bot: Bot, url: string, port: number, secretToken: string, log: Logger): Promise<() => Promise<void>> {
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
