import { existsSync } from 'node:fs';
import { z } from 'zod';

/**
 * Every setting of the bot, read from the environment (and `.env` when present) and validated once.
 * A bad value stops start-up with one line naming the variable and what it expects ({@link ConfigError}).
 * Defaults are chosen so that `npm start` with nothing configured runs the terminal playground.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = (fallback?: string) => {
  const base = z
    .string()
    .trim()
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'an http(s) URL such as https://example.com')
    .transform((v) => (v === '' ? undefined : v.replace(/\/+$/, '')));
  return fallback === undefined ? base.optional() : base.optional().transform((v) => v ?? fallback);
};

const int = (fallback: number, min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${what}, a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const bool = (fallback: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (/^(1|true|yes|on)$/i.test(v)) return true;
      if (/^(0|false|no|off)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: 'true or false' });
      return z.NEVER;
    });

const idList = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return [] as string[];
    const ids = v.split(/[\s,]+/).filter(Boolean);
    for (const id of ids) {
      if (!/^(discord|telegram|console):[A-Za-z0-9_-]+$|^[0-9]+$/.test(id)) {
        ctx.addIssue({ code: 'custom', message: 'comma-separated user ids, e.g. discord:1234,telegram:5678 (a bare number matches either platform)' });
        return z.NEVER;
      }
    }
    return ids;
  });

const schema = z.object({
  GATEWAY_BASE_URL: url(),
  GATEWAY_TOKEN: optionalString,
  GATEWAY_EDIT_IMAGE_FIELD: z.enum(['image', 'image[]']).optional().default('image'),
  GATEWAY_MESSAGES_AUTH: z.enum(['bearer', 'x-api-key']).optional().default('bearer'),
  GATEWAY_CONCURRENCY: int(4, 1, 256, 'parallel gateway requests per token'),
  GATEWAY_MIN_TIME_MS: int(0, 0, 60_000, 'milliseconds between two requests on one token'),
  GATEWAY_TIMEOUT_MS: int(180_000, 1_000, 3_600_000, 'overall deadline of one gateway call in milliseconds'),
  DATABASE_PATH: z.string().trim().optional().transform((v) => (v ? v : './data/bot.sqlite')),
  BOT_ENCRYPTION_KEY: optionalString,
  DISCORD_TOKEN: optionalString,
  DISCORD_APPLICATION_ID: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^[0-9]{5,25}$/.test(v), 'a numeric Discord application id (snowflake)'),
  DISCORD_API_BASE: url(),
  DISCORD_GUILD_ID: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^[0-9]{5,25}$/.test(v), 'a numeric Discord server id (snowflake)'),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^[0-9]+:[A-Za-z0-9_-]{20,}$/.test(v), 'a Telegram bot token from @BotFather, like 123456:ABC-DEF…'),
  TELEGRAM_API_ROOT: url('https://api.telegram.org'),
  TELEGRAM_WEBHOOK_URL: url(),
  TELEGRAM_WEBHOOK_PORT: int(8080, 1, 65_535, 'a TCP port for the Telegram webhook listener'),
  TELEGRAM_UPLOAD_LIMIT_MB: int(50, 1, 2000, 'largest upload in MB (50 on the public Bot API, up to 2000 on a self-hosted one)'),
  TELEGRAM_PHOTO_LIMIT_MB: int(10, 1, 2000, 'largest photo upload in MB'),
  TELEGRAM_FULL_QUALITY: bool(false),
  OWNER_IDS: idList,
  PRICES_FILE: optionalString.refine((v) => v === undefined || existsSync(v), 'the path of an existing JSON price file'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty', 'auto']).optional().default('auto'),
  DEFAULT_IMAGE_MODEL: optionalString,
  DEFAULT_VIDEO_MODEL: optionalString,
  DEFAULT_TEXT_MODEL: optionalString,
  PRICE_MARKUP: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 1;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 1 || n > 100) {
        ctx.addIssue({ code: 'custom', message: 'a factor from 1 to 100 applied to gateway prices, e.g. 1.2' });
        return z.NEVER;
      }
      return n;
    }),
  PRICING_REFRESH_MS: int(3_600_000, 60_000, 86_400_000, "how often the gateway's published prices are read again, in milliseconds"),
  DEFAULT_VIDEO_SECONDS: int(5, 4, 15, 'default video length in seconds'),
  MODELS_CACHE_TTL_MS: int(300_000, 0, 86_400_000, 'how long the model list is cached, in milliseconds'),
  POLL_INTERVAL_MS: int(5_000, 100, 600_000, 'first video poll interval in milliseconds'),
  POLL_MAX_INTERVAL_MS: int(30_000, 100, 3_600_000, 'longest video poll interval in milliseconds'),
  JOB_DEADLINE_MS: int(7_200_000, 1_000, 172_800_000, 'how long a video job may run before it expires, in milliseconds'),
  POLL_LEASE_MS: int(60_000, 1_000, 3_600_000, 'how long one bot process holds a video job before another may take it over, in milliseconds'),
  MAX_JOBS_PER_USER: int(2, 1, 100, 'concurrent jobs one user may run'),
  MAX_JOBS_PER_SCOPE: int(10, 1, 10_000, 'concurrent jobs one server or group may run'),
  USER_COOLDOWN_MS: int(0, 0, 86_400_000, 'pause between two jobs of one user, in milliseconds (0 = none)'),
  OUTPUT_RETENTION_HOURS: int(24, 1, 720, 'hours an undeliverable result stays retrievable with /job'),
  TEXT_PRICE_PER_1K_TOKENS: optionalString,
  DEMO_BUDGET: z.string().trim().optional().default('5'),
  DEFAULT_ALLOWANCE: z.string().trim().optional().default('1'),
  DEFAULT_PERIOD: z.enum(['day', 'week', 'month', 'total']).optional().default('day'),
});

/** The validated settings object handed to the composition root. */
export interface Config {
  gateway: {
    /** Root of the gateway (without `/v1`). Unset means the built-in simulator is started. */
    baseUrl: string | undefined;
    /** Operator token used when neither the user nor the community linked one. */
    token: string | undefined;
    editImageField: 'image' | 'image[]';
    messagesAuth: 'bearer' | 'x-api-key';
    concurrency: number;
    minTimeMs: number;
    timeoutMs: number;
  };
  databasePath: string;
  encryptionKey: string | undefined;
  discord: { token: string; applicationId: string | undefined; apiBase: string | undefined; guildId: string | undefined } | undefined;
  telegram:
    | {
        token: string;
        apiRoot: string;
        webhookUrl: string | undefined;
        webhookPort: number;
        uploadLimitBytes: number;
        photoLimitBytes: number;
        fullQuality: boolean;
      }
    | undefined;
  ownerIds: string[];
  pricesFile: string | undefined;
  log: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'; format: 'json' | 'pretty' | 'auto' };
  /** `DEFAULT_*_MODEL`; undefined = the first priced model of that kind the paying token lists. */
  defaults: { imageModel: string | undefined; videoModel: string | undefined; textModel: string | undefined; videoSeconds: number };
  modelsCacheTtlMs: number;
  /** `PRICE_MARKUP`: factor on gateway-published prices (default 1). */
  priceMarkup: number;
  /** `PRICING_REFRESH_MS`: how often `/api/pricing` is read again (default 1 h). */
  pricingRefreshMs: number;
  /** `leaseMs`: a crashed process's video jobs are taken over after this (default 60 s). */
  poller: { intervalMs: number; maxIntervalMs: number; deadlineMs: number; leaseMs: number };
  fairUse: { maxJobsPerUser: number; maxJobsPerScope: number; userCooldownMs: number };
  outputRetentionHours: number;
  /** USD per 1,000 text tokens as written, for text models with no other price; undefined = none. */
  textPricePer1kTokens: string | undefined;
  /** Playground allowance per user, USD as written. */
  demoBudget: string;
  /** Allowance of every user in a community nobody configured yet: USD as written ('none' = unlimited) and period. */
  defaultAllowance: { amount: string; period: 'day' | 'week' | 'month' | 'total' };
}

/** A configuration problem, with a message that fits on one line and names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly expected: string,
  ) {
    super(`Configuration error: ${variable} must be ${expected}.`);
    this.name = 'ConfigError';
  }
}

/**
 * Loads `.env` (if present, without overriding variables already set) into `process.env`.
 * Uses Node's own loader, so no dependency is needed.
 */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/**
 * Validates `env` into a {@link Config}. Throws {@link ConfigError} for the first bad variable.
 * @param env defaults to `process.env`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const expected =
      issue.code === 'invalid_value' && 'values' in issue
        ? `one of ${(issue.values as unknown[]).map(String).join(', ')}`
        : issue.message;
    throw new ConfigError(variable, expected);
  }
  const e = parsed.data;
  if (e.POLL_MAX_INTERVAL_MS < e.POLL_INTERVAL_MS) {
    throw new ConfigError('POLL_MAX_INTERVAL_MS', `at least POLL_INTERVAL_MS (${e.POLL_INTERVAL_MS})`);
  }
  return {
    gateway: {
      baseUrl: e.GATEWAY_BASE_URL,
      token: e.GATEWAY_TOKEN,
      editImageField: e.GATEWAY_EDIT_IMAGE_FIELD,
      messagesAuth: e.GATEWAY_MESSAGES_AUTH,
      concurrency: e.GATEWAY_CONCURRENCY,
      minTimeMs: e.GATEWAY_MIN_TIME_MS,
      timeoutMs: e.GATEWAY_TIMEOUT_MS,
    },
    databasePath: e.DATABASE_PATH,
    encryptionKey: e.BOT_ENCRYPTION_KEY,
    discord: e.DISCORD_TOKEN
      ? { token: e.DISCORD_TOKEN, applicationId: e.DISCORD_APPLICATION_ID || undefined, apiBase: e.DISCORD_API_BASE, guildId: e.DISCORD_GUILD_ID || undefined }
      : undefined,
    telegram: e.TELEGRAM_BOT_TOKEN
      ? {
          token: e.TELEGRAM_BOT_TOKEN,
          apiRoot: e.TELEGRAM_API_ROOT ?? 'https://api.telegram.org',
          webhookUrl: e.TELEGRAM_WEBHOOK_URL,
          webhookPort: e.TELEGRAM_WEBHOOK_PORT,
          uploadLimitBytes: e.TELEGRAM_UPLOAD_LIMIT_MB * 1024 * 1024,
          photoLimitBytes: e.TELEGRAM_PHOTO_LIMIT_MB * 1024 * 1024,
          fullQuality: e.TELEGRAM_FULL_QUALITY,
        }
      : undefined,
    ownerIds: e.OWNER_IDS,
    pricesFile: e.PRICES_FILE,
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT },
    defaults: {
      imageModel: e.DEFAULT_IMAGE_MODEL,
      videoModel: e.DEFAULT_VIDEO_MODEL,
      textModel: e.DEFAULT_TEXT_MODEL,
      videoSeconds: e.DEFAULT_VIDEO_SECONDS,
    },
    modelsCacheTtlMs: e.MODELS_CACHE_TTL_MS,
    priceMarkup: e.PRICE_MARKUP,
    pricingRefreshMs: e.PRICING_REFRESH_MS,
    poller: { intervalMs: e.POLL_INTERVAL_MS, maxIntervalMs: e.POLL_MAX_INTERVAL_MS, deadlineMs: e.JOB_DEADLINE_MS, leaseMs: e.POLL_LEASE_MS },
    fairUse: { maxJobsPerUser: e.MAX_JOBS_PER_USER, maxJobsPerScope: e.MAX_JOBS_PER_SCOPE, userCooldownMs: e.USER_COOLDOWN_MS },
    outputRetentionHours: e.OUTPUT_RETENTION_HOURS,
    textPricePer1kTokens: e.TEXT_PRICE_PER_1K_TOKENS,
    demoBudget: e.DEMO_BUDGET,
    defaultAllowance: { amount: e.DEFAULT_ALLOWANCE, period: e.DEFAULT_PERIOD },
  };
}
