import type { REST } from 'discord.js';
import type { SurfaceStarter } from '../../app/compose.js';
import { hostOf, withStartupTimeout } from '../../startup-errors.js';
import type { PlatformModule } from '../platform.js';
import { discordSettings, discordShape, type DiscordConfig } from './config.js';
import { fetchGatewayBot, identifyWaitMs, resolveShardPlan } from './shard-plan.js';
import type { ShardPlan } from './shards.js';
import { explainDiscordStartError } from './startup-errors.js';

/**
 * Discord (discord.js, slash commands over the gateway). Preflight: `GET /users/@me`, then, for the chat surface,
 * `GET /gateway/bot` for the recommended shard count and the identify concurrency, which resolve the
 * {@link ShardPlan}; its start is bounded by `STARTUP_TIMEOUT_MS` plus the waits discord.js keeps between identifies
 * of its shards. Readiness: the gateway websocket is ready.
 */
export const discordPlatform: PlatformModule<'discord', typeof discordShape, DiscordConfig> = {
  id: 'discord',
  config: { group: 'Discord', shape: discordShape, enabledBy: 'DISCORD_TOKEN', settings: discordSettings },
  ownerIds: { pattern: /^[A-Za-z0-9_-]+$/, example: '1234' },
  scopeKind: 'guild',
  secrets: (dc) => [dc.token],
  surface(config, dc) {
    let sharding: Promise<{ plan: ShardPlan; startMs: number }> | undefined;
    // The shards to run and how long their start may take: STARTUP_TIMEOUT_MS plus the waits between identifies.
    const shards = () =>
      (sharding ??= fetchGatewayBot(dc.token, dc.apiBase, config.startupTimeoutMs).then((info) => {
        const plan = resolveShardPlan(dc.shards, info.shards);
        return { plan, startMs: config.startupTimeoutMs + identifyWaitMs(plan.ids, info.maxConcurrency) };
      }));
    const start: SurfaceStarter = async ({ app, dispatcher, logger, secrets, registerDelivery }) => {
      const { plan, startMs } = await shards();
      const { startDiscord } = await import('./discord-bot.js');
      const { trackDiscord } = await import('./connection.js');
      const host = hostOf(dc.apiBase ?? 'https://discord.com/api');
      const d = await withStartupTimeout(startDiscord({ config, shards: plan, core: app.core, dispatcher, logger, secrets, registerDelivery }), startMs, 'Discord', `${host} (or its gateway)`).catch(
        (e: unknown) => {
          throw explainDiscordStartError(e, dc.apiBase);
        },
      );
      return {
        name: 'discord',
        stop: () => d.stop(),
        // The client stays logged in (the poller may still deliver through its REST client); interactions are ignored.
        stopIntake: () => void d.client.removeAllListeners('interactionCreate'),
        stopPhase: 'after-poller',
        connection: trackDiscord(d.client),
      };
    };
    start.preflight = async () => {
      const { discordPreflight } = await import('./preflight.js');
      await discordPreflight(dc.token, dc.apiBase, config.startupTimeoutMs);
      await shards();
    };
    return start;
  },
  deliveryOnly(config, dc) {
    const start: SurfaceStarter = async ({ logger, secrets, registerDelivery }) => {
      const { startDiscordDelivery } = await import('./delivery-only.js');
      const d = startDiscordDelivery({ discord: dc, logger, secrets, registerDelivery });
      return { name: 'discord (delivery only)', stop: async () => d.stop(), stopPhase: 'after-poller' };
    };
    start.preflight = async () => {
      const { discordPreflight } = await import('./preflight.js');
      await discordPreflight(dc.token, dc.apiBase, config.startupTimeoutMs);
    };
    return start;
  },
  adminCheck(dc) {
    let rest: Promise<REST> | undefined;
    return async (guildId, userId) => {
      rest ??= import('./discord-bot.js').then(({ discordRest }) => discordRest(dc));
      const { managesGuildNow } = await import('./admin-check.js');
      return managesGuildNow(await rest, guildId, userId);
    };
  },
};
