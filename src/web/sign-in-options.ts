/**
 * How people sign in to the web pages beyond `/web` links, and the limits on trying: built by the web's starter
 * from the configuration (`WEB_TRUST_PROXY`, `WEB_TELEGRAM_LOGIN`, `WEB_DISCORD_CLIENT_ID`/`_SECRET`).
 */
import type { RateLimitRule } from './rate-limit.js';

/** The Telegram Login Widget (https://core.telegram.org/widgets/login). */
export interface TelegramLoginOptions {
  /** The bot's token: the widget's data is signed with HMAC-SHA256 keyed by SHA-256 of it. Never rendered. */
  botToken: string;
  /** The bot's @username without "@" (the widget's `data-telegram-login`). */
  botUsername: string;
  /** The chat's own admin check for a group (`getChatMember`: creator or administrator). */
  isAdmin(chatId: string, userId: string): Promise<boolean>;
}

/** Discord OAuth2, authorization code flow with `identify guilds`. */
export interface DiscordLoginOptions {
  clientId: string;
  /** Never rendered or logged. */
  clientSecret: string;
  /** Where the authorize page lives; default `https://discord.com/oauth2/authorize`. */
  authorizeUrl?: string;
  /** The API root the code is exchanged at and the user is read from; default `https://discord.com/api/v10`. */
  apiBase?: string;
  /** The callback address registered with Discord: `<public address>/auth/discord/callback`. */
  redirectUri: string;
}

export interface WebSignInOptions {
  /** Believe `X-Forwarded-For` (its last entry) as the client address. Default false. */
  trustProxy?: boolean;
  /** Overrides of the default limits (tests). */
  limits?: { signIn?: RateLimitRule; jobStart?: RateLimitRule };
  telegram?: TelegramLoginOptions;
  discord?: DiscordLoginOptions;
}
