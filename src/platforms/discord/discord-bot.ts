import { Client, Events, GatewayIntentBits, Partials, REST, type RESTOptions } from 'discord.js';
import type { Config } from '../../config.js';
import type { CoreApi } from '../../core/api/core-api.js';
import type { Delivery } from '../../core/ports/delivery.js';
import { CommandDispatcher } from '../../core/commands/dispatch.js';
import type { Logger, SecretSet } from '../../log.js';
import { buildCommandDefinitions } from './commands/definitions.js';
import { registerCommands, type KeyValueStore } from './commands/register.js';
import { DiscordDelivery } from './delivery.js';
import { JsonFileKeyValueStore, kvPathNextTo } from './kv-file.js';
import { errorFields } from './render.js';
import { routeInteraction } from './router.js';
import { clientShardOptions, registersCommands, type ShardPlan } from './shards.js';
import type { PendingEdit, SurfaceContext } from './surface.js';

/**
 * discord.js REST through Node's global `fetch` (a strategy @discordjs/rest supports). Its default strategy calls
 * its own undici 6 `request` on the process-wide dispatcher; once undici 7 (the gateway client) is loaded first,
 * that dispatcher is undici 7's, which cannot read the FormData of file uploads ("action is not a function").
 * `fetch` serialises its own FormData before dispatching, so uploads work whatever was imported first.
 */
export const globalFetchRequest: NonNullable<RESTOptions['makeRequest']> = (url, init) =>
  fetch(url, init as RequestInit) as unknown as ReturnType<NonNullable<RESTOptions['makeRequest']>>;

/**
 * Per-request REST timeout. discord.js defaults to 15 s and then retries (3 times): a video upload slower than
 * that failed four times over. Two minutes lets a 25-50 MB upload through a slow link; requests that should be quick
 * still fail within that bound. Channel posts carry a nonce, so a retry after a late success never posts twice.
 */
export const REST_TIMEOUT_MS = 120_000;

/** The Discord settings the surface reads (the shards come apart, as a resolved {@link ShardPlan}). */
export type DiscordSettings = Omit<NonNullable<Config['discord']>, 'shards'>;

/** REST options shared by the gateway client and the connection-free delivery: API base, `fetch`, the upload timeout. */
export function discordRestOptions(apiBase: string | undefined): Partial<RESTOptions> {
  return { ...(apiBase ? { api: apiBase } : {}), makeRequest: globalFetchRequest, timeout: REST_TIMEOUT_MS };
}

/** A REST client with the bot token and no gateway session (a `worker` process posts through it). */
export function discordRest(dc: Pick<DiscordSettings, 'token' | 'apiBase'>): REST {
  return new REST(discordRestOptions(dc.apiBase)).setToken(dc.token);
}

/** What {@link startDiscord} needs. */
export interface StartDiscordOptions {
  /** Needs `discord` (token, applicationId, apiBase, guildId), `ownerIds` and `databasePath` (for the default kv file). */
  config: Pick<Config, 'ownerIds' | 'databasePath'> & { discord: DiscordSettings | undefined };
  /**
   * The shards this client connects. Default: discord.js's default, one shard (0 of 1). Slash commands are
   * registered only by a client that runs shard 0.
   */
  shards?: ShardPlan;
  core: CoreApi;
  /**
   * The command layer every surface shares (the composition root builds one). Default: a dispatcher over `core` with
   * `config.ownerIds` and the whole registry.
   */
  dispatcher?: CommandDispatcher;
  logger: Logger;
  /** Called once with the Discord {@link Delivery} (for the job runner), before login. */
  registerDelivery?: (delivery: Delivery) => void;
  /** Interaction-supplied tokens are added here so logs scrub them. The bot token is added too. */
  secrets?: SecretSet;
  /** Where the command-definition hash is kept; default a JSON file next to the database. */
  kv?: KeyValueStore;
  /** Skip command registration (default false; also skipped when {@link shards} leaves out shard 0). */
  skipRegistration?: boolean;
}

/** A running Discord surface. */
export interface DiscordBot {
  client: Client;
  delivery: DiscordDelivery;
  /** Destroys the client (gateway and REST); safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Logs in with discord.js (REST and gateway discovery at `config.discord.apiBase` when set) on the shards of
 * `shards`, registers the slash commands generated from the dispatcher's registry when they changed (globally, or to
 * `guildId` when set; only from the client running shard 0), and turns interactions into invocations of the
 * dispatcher. Resolves once every shard is ready and registration finished (a failed registration is logged, not
 * fatal: the previous commands stay). Logs the shard ids it runs: a warning when they are a part of the bot's
 * shards, since nothing shared stops a second process from connecting the same ones (each interaction is still
 * answered once: Discord accepts one acknowledgement, see `router.ts`). Intents: Guilds only.
 */
export async function startDiscord(o: StartDiscordOptions): Promise<DiscordBot> {
  const dc = o.config.discord;
  if (!dc) throw new Error('startDiscord: DISCORD_TOKEN is not configured');
  o.secrets?.add(dc.token);
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    partials: [Partials.Channel],
    rest: discordRestOptions(dc.apiBase),
    ...(o.shards ? clientShardOptions(o.shards) : {}),
  });
  const logger = o.logger.child({ platform: 'discord' });
  const dispatcher = o.dispatcher ?? new CommandDispatcher({ core: o.core, ownerIds: o.config.ownerIds, logger });
  const delivery = new DiscordDelivery({ rest: client.rest, logger });
  o.registerDelivery?.(delivery);
  const ctx: SurfaceContext = { dispatcher, core: o.core, logger, ...(o.secrets ? { secrets: o.secrets } : {}), pendingEdits: new Map<string, PendingEdit>() };
  client.on(Events.InteractionCreate, (i) => {
    void routeInteraction(i, ctx);
  });
  client.on(Events.Error, (e) => logger.error({ error: errorFields(e) }, 'discord client error'));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await client.destroy();
  };
  try {
    await client.login(dc.token);
    await ready;
    logShards(client, logger);
    if (!o.skipRegistration && registersCommands(o.shards)) {
      const applicationId = dc.applicationId ?? client.application?.id ?? client.user?.id;
      const kv = o.kv ?? new JsonFileKeyValueStore(kvPathNextTo(o.config.databasePath));
      try {
        const definitions = buildCommandDefinitions(dispatcher.commands);
        const outcome = await registerCommands(client.rest, { applicationId: applicationId!, ...(dc.guildId ? { guildId: dc.guildId } : {}), store: kv, definitions });
        logger.info({ outcome, guildId: dc.guildId ?? 'global' }, 'discord commands');
      } catch (e) {
        logger.error({ error: errorFields(e) }, 'discord command registration failed; keeping the previous commands');
      }
    }
  } catch (e) {
    await stop();
    throw e;
  }
  logger.info({ user: client.user?.tag }, 'discord ready');
  return { client, delivery, stop };
}

/** Logs the shards this client runs; a warning when another process must run the others. */
function logShards(client: Client, logger: Logger): void {
  const shardIds = [...client.ws.shards.keys()].sort((a, b) => a - b);
  const shardCount = client.options.shardCount ?? shardIds.length;
  if (shardIds.length >= shardCount) {
    logger.info({ shardIds, shardCount }, 'discord shards: this process runs every shard');
    return;
  }
  logger.warn(
    { shardIds, shardCount },
    'discord shards: this process runs only these shards; run each other shard id in exactly one other process (a shard connected twice gets its events twice; Discord still takes one answer per interaction)',
  );
}
