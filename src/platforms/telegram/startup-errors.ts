import { causeText, hostOf, networkCode, statusOf, StartupError } from '../../startup-errors.js';

/**
 * Translates an error of the Telegram adapter's start (grammY `getMe`, `deleteWebhook`/`setWebhook`, the webhook
 * listener) into a {@link StartupError}: "Telegram rejected the bot token (401)", "cannot reach api.telegram.org:
 * ENOTFOUND", the webhook port in use, or the raw description otherwise.
 */
export function explainTelegramStartError(e: unknown, apiRoot: string, webhookPort?: number): StartupError {
  if (e instanceof StartupError) return e;
  const host = hostOf(apiRoot);
  const http = statusOf(e);
  if (http?.status === 401 || http?.status === 404) {
    return new StartupError(`Telegram rejected the bot token (${http.status}${http.description ? ` ${http.description}` : ''}) at ${host}: check TELEGRAM_BOT_TOKEN (from @BotFather; /revoke makes a new one).`, { cause: e });
  }
  const code = networkCode(e);
  if (code === 'EADDRINUSE' && webhookPort !== undefined) {
    return new StartupError(`Telegram webhook: port ${webhookPort} is already in use (TELEGRAM_WEBHOOK_PORT).`, { cause: e });
  }
  if (code) return new StartupError(`Telegram: cannot reach ${host}: ${code} (check TELEGRAM_API_ROOT, DNS and outbound HTTPS).`, { cause: e });
  if (http) return new StartupError(`Telegram answered ${http.status}${http.description ? ` (${http.description})` : ''} at ${host} during start-up.`, { cause: e });
  return new StartupError(`Telegram start-up failed at ${host}: ${e instanceof Error ? e.message : String(e)}${causeText(e)}`, { cause: e });
}
