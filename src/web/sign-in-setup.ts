/**
 * Builds the web's {@link WebSignInOptions} from the configuration at start: the Telegram Login Widget needs the
 * bot's @username and the chat's admin check (from `platforms/telegram/web-login.ts`), Discord OAuth2 its redirect address.
 */
import type { Config } from '../config.js';
import type { WebSignInOptions } from './sign-in-options.js';

/** The options of `config` for a web answering at `publicUrl`; a widget whose bot cannot be asked is left out (logged). */
export async function signInOptions(config: Pick<Config, 'web' | 'telegram'>, publicUrl: string, warn: (msg: string) => void): Promise<WebSignInOptions> {
  const s = config.web.signIn;
  const out: WebSignInOptions = { trustProxy: s?.trustProxy === true };
  const tg = config.telegram;
  if (s?.telegramLogin && tg) {
    const { telegramWebLogin } = await import('../platforms/telegram/web-login.js');
    try {
      out.telegram = { botToken: tg.token, ...(await telegramWebLogin(tg.token, tg.apiRoot)) };
    } catch (e) {
      warn(`WEB_TELEGRAM_LOGIN is set but Telegram's getMe failed (${(e as Error).name}): the sign-in page shows no widget`);
    }
  } else if (s?.telegramLogin) warn('WEB_TELEGRAM_LOGIN is set without TELEGRAM_TOKEN: the sign-in page shows no widget');
  if (s?.discord) out.discord = { ...s.discord, redirectUri: `${publicUrl.replace(/\/+$/, '')}/auth/discord/callback` };
  return out;
}
