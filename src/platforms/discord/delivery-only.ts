import type { Delivery } from '../../core/ports/delivery.js';
import type { Logger, SecretSet } from '../../log.js';
import { discordRest, type DiscordSettings } from './discord-bot.js';
import { DiscordDelivery } from './delivery.js';

/** Input of {@link startDiscordDelivery}. */
export interface StartDiscordDeliveryOptions {
  discord: Pick<DiscordSettings, 'token' | 'apiBase'>;
  logger: Logger;
  secrets: SecretSet;
  registerDelivery: (delivery: Delivery) => void;
}

/**
 * Discord for a `worker` process: the {@link DiscordDelivery} over a REST client with the bot token (interaction
 * webhooks, channel messages, DMs), registered for the poller, with no gateway session (no IDENTIFY, no shard):
 * the `gateway-bot` processes receive the interactions. `stop()` clears the REST client's timers.
 */
export function startDiscordDelivery(o: StartDiscordDeliveryOptions): { stop(): void } {
  o.secrets.add(o.discord.token);
  const rest = discordRest(o.discord);
  const logger = o.logger.child({ platform: 'discord' });
  o.registerDelivery(new DiscordDelivery({ rest, logger }));
  logger.info('discord delivery ready (REST only, no gateway connection)');
  return {
    stop() {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    },
  };
}
