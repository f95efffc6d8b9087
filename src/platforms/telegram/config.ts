import { z } from 'zod';
import { bool, doc, int, url } from '../../config-kit.js';

/** Telegram's section of the configuration: its variables, in the README's order, and the settings read from them. */

const TELEGRAM = 'Telegram';

/** The `TELEGRAM_*` variables (zod entries with their docs), merged into the configuration schema by the registry. */
export const telegramShape = {
  TELEGRAM_BOT_TOKEN: doc(
    z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^[0-9]+:[A-Za-z0-9_-]{20,}$/.test(v), 'a Telegram bot token from @BotFather, like 123456:ABC-DEF…'),
    { group: TELEGRAM, secret: true, description: 'Bot token from @BotFather. Setting it enables the Telegram adapter.' },
  ),
  TELEGRAM_API_ROOT: doc(url('https://api.telegram.org'), { group: TELEGRAM, description: 'Bot API server (default https://api.telegram.org); point it at a self-hosted Bot API server for 2000 MB uploads.' }),
  TELEGRAM_WEBHOOK_URL: doc(url(), { group: TELEGRAM, example: 'https://bot.example.com/telegram', description: 'Public HTTPS URL for webhook mode (behind a reverse proxy). Unset = long polling (default).' }),
  TELEGRAM_WEBHOOK_PORT: doc(int(8080, 1, 65_535, 'a TCP port for the Telegram webhook listener'), { group: TELEGRAM, description: 'Port of the webhook listener the reverse proxy forwards to (default 8080).' }),
  TELEGRAM_UPLOAD_LIMIT_MB: doc(int(50, 1, 2000, 'largest upload in MB (50 on the public Bot API, up to 2000 on a self-hosted one)'), { group: TELEGRAM, description: 'Largest video/document upload in MB (default 50, the public Bot API limit; up to 2000 on a self-hosted one).' }),
  TELEGRAM_PHOTO_LIMIT_MB: doc(int(10, 1, 2000, 'largest photo upload in MB'), { group: TELEGRAM, description: 'Largest photo upload in MB (default 10, the public Bot API limit).' }),
  TELEGRAM_FULL_QUALITY: doc(bool(false), { group: TELEGRAM, description: 'Also send each image as a document (uncompressed). Default false.' }),
};

/** `Config['telegram']`: set when `TELEGRAM_BOT_TOKEN` is. */
export interface TelegramConfig {
  token: string;
  apiRoot: string;
  webhookUrl: string | undefined;
  webhookPort: number;
  uploadLimitBytes: number;
  photoLimitBytes: number;
  fullQuality: boolean;
}

/** The Telegram settings of validated variables, or undefined when `TELEGRAM_BOT_TOKEN` is unset (Telegram does not start). */
export function telegramSettings(e: z.output<z.ZodObject<typeof telegramShape>>): TelegramConfig | undefined {
  if (!e.TELEGRAM_BOT_TOKEN) return undefined;
  return {
    token: e.TELEGRAM_BOT_TOKEN,
    apiRoot: e.TELEGRAM_API_ROOT ?? 'https://api.telegram.org',
    webhookUrl: e.TELEGRAM_WEBHOOK_URL,
    webhookPort: e.TELEGRAM_WEBHOOK_PORT,
    uploadLimitBytes: e.TELEGRAM_UPLOAD_LIMIT_MB * 1024 * 1024,
    photoLimitBytes: e.TELEGRAM_PHOTO_LIMIT_MB * 1024 * 1024,
    fullQuality: e.TELEGRAM_FULL_QUALITY,
  };
}
