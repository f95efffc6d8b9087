import type { UserFromGetMe } from 'grammy/types';
import type { SurfaceStarter } from '../../app/compose.js';
import { hostOf, withStartupTimeout } from '../../startup-errors.js';
import type { PlatformModule } from '../platform.js';
import { telegramSettings, telegramShape, type TelegramConfig } from './config.js';
import { explainTelegramStartError } from './startup-errors.js';

/**
 * Telegram (grammY over the Bot API; long polling, or a webhook with `TELEGRAM_WEBHOOK_URL`). Preflight: `getMe`.
 * Readiness: the outcome of the last `getUpdates` (long polling) or the webhook listener being up.
 */
export const telegramPlatform: PlatformModule<'telegram', typeof telegramShape, TelegramConfig> = {
  id: 'telegram',
  config: { group: 'Telegram', shape: telegramShape, enabledBy: 'TELEGRAM_BOT_TOKEN', settings: telegramSettings },
  ownerIds: { pattern: /^[A-Za-z0-9_-]+$/, example: '5678' },
  scopeKind: 'group',
  secrets: (tg) => [tg.token],
  surface(config, tg) {
    let botInfo: UserFromGetMe | undefined;
    const start: SurfaceStarter = async ({ app, dispatcher, logger, secrets, registerDelivery }) => {
      const [{ startTelegram }, { trackTelegram }] = await Promise.all([import('./telegram-bot.js'), import('./connection.js')]);
      const t = await withStartupTimeout(startTelegram({ config, core: app.core, dispatcher, logger, secrets, registerDelivery, coordination: app.coordination, databaseId: await app.store.processes.databaseId(), ...(botInfo ? { botInfo } : {}) }), config.startupTimeoutMs, 'Telegram', hostOf(tg.apiRoot)).catch(
        (e: unknown) => {
          throw explainTelegramStartError(e, tg.apiRoot, tg.webhookUrl ? tg.webhookPort : undefined);
        },
      );
      let receiving = true;
      return {
        name: tg.webhookUrl ? 'telegram (webhook)' : 'telegram (long polling)',
        // Stops receiving updates and waits for the commands in progress; the Bot API client keeps delivering.
        stop: () => {
          receiving = false;
          return t.stop();
        },
        stopPhase: 'with-poller',
        connection: trackTelegram(t.bot.api, { webhook: Boolean(tg.webhookUrl), listening: () => receiving }),
      };
    };
    start.preflight = async () => {
      // The adapter's modules load while getMe is in flight and the app is built (its import below then finds them).
      import('./telegram-bot.js').catch(() => undefined);
      const { telegramPreflight } = await import('./preflight.js');
      botInfo = await telegramPreflight(tg.token, tg.apiRoot, config.startupTimeoutMs);
    };
    return start;
  },
  deliveryOnly(config, tg) {
    const start: SurfaceStarter = async ({ app, dispatcher, logger, secrets, registerDelivery }) => {
      const { startTelegramDelivery } = await import('./delivery-only.js');
      const t = startTelegramDelivery({ config, commands: dispatcher.commands, logger, secrets, registerDelivery, coordination: app.coordination });
      return { name: 'telegram (delivery only)', stop: async () => t.stop(), stopPhase: 'after-poller' };
    };
    start.preflight = async () => {
      const { telegramPreflight } = await import('./preflight.js');
      await telegramPreflight(tg.token, tg.apiRoot, config.startupTimeoutMs);
    };
    return start;
  },
  adminCheck(tg) {
    let lookup: Promise<(chatId: number, userId: number) => Promise<boolean>> | undefined;
    return async (chatId, userId) => {
      // An anonymous admin's sessions are the group's own (user id = chat id); a private chat has no admins.
      if (chatId === userId) return Number(chatId) < 0;
      lookup ??= import('./admin-check.js').then(({ chatAdminLookup }) => chatAdminLookup(tg.token, tg.apiRoot));
      return (await lookup)(Number(chatId), Number(userId));
    };
  },
};
