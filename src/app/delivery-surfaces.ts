import type { Config } from '../config.js';
import type { SurfaceStarter } from './compose.js';

/**
 * The surfaces of a `ROLE=worker` process: each configured platform's `Delivery` only, posting through the platform's
 * HTTP API (discord.js REST, grammY's `Api`) for the video poller and the result-delivery step. No Discord gateway
 * session and no Telegram `getUpdates` or webhook, so no platform readiness check either: the preflight (the token
 * is accepted, the host answers) is what this role can check.
 */
export function deliverySurfaces(config: Config): SurfaceStarter[] {
  const starters: SurfaceStarter[] = [];
  const dc = config.discord;
  if (dc) {
    const startDiscord: SurfaceStarter = async ({ app, logger, secrets, registerDelivery }) => {
      const { startDiscordDelivery } = await import('../platforms/discord/delivery-only.js');
      const d = startDiscordDelivery({ discord: dc, core: app.core, logger, secrets, registerDelivery });
      return { name: 'discord (delivery only)', stop: async () => d.stop(), stopPhase: 'after-poller' };
    };
    startDiscord.preflight = async () => {
      const { discordPreflight } = await import('./discord-preflight.js');
      await discordPreflight(dc.token, dc.apiBase, config.startupTimeoutMs);
    };
    starters.push(startDiscord);
  }
  const tg = config.telegram;
  if (tg) {
    const startTelegram: SurfaceStarter = async ({ app, dispatcher, logger, secrets, registerDelivery }) => {
      const { startTelegramDelivery } = await import('../platforms/telegram/delivery-only.js');
      const t = startTelegramDelivery({ config, core: app.core, commands: dispatcher.commands, logger, secrets, registerDelivery, coordination: app.coordination });
      return { name: 'telegram (delivery only)', stop: async () => t.stop(), stopPhase: 'after-poller' };
    };
    startTelegram.preflight = async () => {
      const { telegramPreflight } = await import('./telegram-preflight.js');
      await telegramPreflight(tg.token, tg.apiRoot, config.startupTimeoutMs);
    };
    starters.push(startTelegram);
  }
  return starters;
}
