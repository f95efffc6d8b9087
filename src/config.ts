import { existsSync } from 'node:fs';
import { z } from 'zod';
import { bool, ConfigError, doc, int, optionalString, port, url } from './config-kit.js';
import { PLATFORMS, type PlatformConfigs } from './platforms/registry.js';

export { ConfigError, type VariableDoc } from './config-kit.js';

/**
 * Every setting of the bot, read from the environment (and `.env` when present) and validated once.
 * A bad value stops start-up with one line naming the variable and what it expects ({@link ConfigError}).
 * Defaults are chosen so that `npm start` with nothing configured runs the terminal playground. Each platform
 * contributes its own section from its folder (`src/platforms/<id>/config.ts`, listed by `src/platforms/registry.ts`).
 */

/** `discord:1234,telegram:5678`: the platforms' sample ids, for the `OWNER_IDS` error. */
const OWNER_ID_EXAMPLE = PLATFORMS.flatMap((m) => (m.ownerIds.example ? [`${m.id}:${m.ownerIds.example}`] : [])).join(',');

const idList = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return [] as string[];
    const ids = v.split(/[\s,]+/).filter(Boolean);
    for (const id of ids) {
      const [platform, user] = id.includes(':') ? [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)] : [undefined, id];
      const syntax = PLATFORMS.find((m) => m.id === platform)?.ownerIds.pattern;
      if (platform === undefined ? !/^[0-9]+$/.test(user) : !syntax?.test(user)) {
        ctx.addIssue({ code: 'custom', message: `comma-separated user ids, e.g. ${OWNER_ID_EXAMPLE} (a bare number matches either platform)` });
        return z.NEVER;
      }
    }
    return ids;
  });

/** `image=300,gpt-image-2=600`: seconds per kind (`image`, `text`, `video`) or per model id, as milliseconds. */
const deadlineList = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    const out: { kinds: Partial<Record<'image' | 'text' | 'video', number>>; models: Record<string, number> } = { kinds: {}, models: {} };
    for (const item of (v ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
      const m = /^([^=\s]+)\s*=\s*(\d{1,5})$/.exec(item);
      const seconds = m ? Number(m[2]) : NaN;
      if (!m || seconds < 1 || seconds > 3600) {
        ctx.addIssue({ code: 'custom', message: 'comma-separated <kind or model>=<seconds> (1 to 3600), e.g. image=300,gpt-image-2=600' });
        return z.NEVER;
      }
      const key = m[1]!;
      if (key === 'image' || key === 'text' || key === 'video') out.kinds[key] = seconds * 1000;
      else out.models[key] = seconds * 1000;
    }
    return out;
  });

/** Groups of variables, in the order the README table and `.env.example` list them. */
export const CONFIG_GROUPS: readonly string[] = [
  'Media gateway',
  'Storage and secrets',
  ...PLATFORMS.flatMap((m) => (m.config.group ? [m.config.group] : [])),
  'People and prices',
  'Jobs',
  'Operations',
  'Terminal playground',
  'Logging',
];

const G = 'Media gateway' as const;
const S = 'Storage and secrets' as const;
const P = 'People and prices' as const;
const J = 'Jobs' as const;
const O = 'Operations' as const;
const PG = 'Terminal playground' as const;
const L = 'Logging' as const;

/** The settings every process reads before the platforms' sections (gateway, storage). */
const leading = {
  GATEWAY_BASE_URL: doc(url(), { group: G, example: 'https://gateway.example.com', description: 'Root of the gateway (without /v1); models and prices are read from it. Unset: the built-in simulator is used (playground always; bots only with USE_SIMULATOR=1).' }),
  GATEWAY_TOKEN: doc(optionalString, { group: G, secret: true, example: 'sk-…', description: 'Operator token (sk-…), used when neither the user nor the community linked one. Budgets apply to it. Default: none.' }),
  GATEWAY_EDIT_IMAGE_FIELD: doc(z.enum(['image', 'image[]']).optional().default('image'), { group: G, description: 'How reference images are sent to /v1/images/edits: "image" (repeated part, default) or "image[]" (OpenAI SDK style).' }),
  GATEWAY_MESSAGES_AUTH: doc(z.enum(['bearer', 'x-api-key']).optional().default('bearer'), { group: G, description: 'Auth header for /v1/messages: "bearer" (Authorization: Bearer, default) or "x-api-key".' }),
  GATEWAY_CONCURRENCY: doc(int(4, 1, 256, 'parallel gateway requests per token'), { group: G, description: 'Parallel gateway requests per token (default 4).' }),
  GATEWAY_MIN_TIME_MS: doc(int(0, 0, 60_000, 'milliseconds between two requests on one token'), { group: G, description: 'Minimum spacing between two requests of one token, in ms (default 0 = none).' }),
  GATEWAY_TIMEOUT_MS: doc(int(180_000, 1_000, 3_600_000, 'overall deadline of one gateway call in milliseconds'), { group: G, description: 'Overall deadline of one gateway call, retries included, in ms (default 180000).' }),
  GATEWAY_DEADLINES: doc(deadlineList, {
    group: G,
    example: 'image=300,video=120,gpt-image-2=600',
    description:
      'Deadline of one gateway call of a job (waiting for the gateway\'s concurrency gate, retries and the answer included), in seconds: a default per kind (image, text, video) and overrides per model id, comma-separated. Unset kinds use GATEWAY_TIMEOUT_MS; gpt-image-2 defaults to 420 (about 126 s per image at high quality).',
  }),
  USE_SIMULATOR: doc(bool(false), { group: G, description: 'Let a bot with a platform token run on the built-in gateway simulator (fake media, no real charges) when GATEWAY_BASE_URL is unset. Default false: such a bot refuses to start.' }),
  DATABASE_PATH: doc(
    z.string().trim().optional().transform((v) => (v ? v : './data/bot.sqlite')),
    { group: S, description: 'SQLite file; its directory is created. Default ./data/bot.sqlite (the playground uses ./data/playground.sqlite unless this is set).' },
  ),
  DATABASE_URL: doc(
    optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/i.test(v), 'a PostgreSQL URL such as postgres://user:password@host:5432/mediabot'),
    {
      group: S,
      secret: true,
      example: 'postgres://bot:…@db:5432/mediabot',
      description: 'PostgreSQL server for the store (postgres:// or postgresql://), shared by every bot process; DATABASE_PATH is then ignored. Unset (default): the SQLite file of DATABASE_PATH. Migrations run at start; see docs/scaling.md.',
    },
  ),
  BOT_ENCRYPTION_KEY: doc(optionalString, { group: S, secret: true, description: '32-byte key (base64 or hex) that encrypts stored gateway tokens. Required when a platform token is set. Make one with npm run keygen; rotate with NEW_BOT_ENCRYPTION_KEY=… npm run rekey.' }),
  REDIS_URL: doc(
    z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^rediss?:\/\/[^\s]+$/i.test(v), 'a Redis URL such as redis://127.0.0.1:6379 (rediss:// for TLS)')
      .transform((v) => (v ? v : undefined)),
    {
      group: S,
      secret: true,
      example: 'redis://127.0.0.1:6379',
      description:
        'Redis shared by every bot process on one database: fair-use limits, the per-token gateway limit, Telegram setup links, albums and updates, the long-polling leader, admin notices (see docs/scaling.md). Required when more than one bot process shares a database. Unset (default): kept in memory, one process.',
    },
  ),
  REDIS_PREFIX: doc(
    z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^[A-Za-z0-9:_.-]{1,64}$/.test(v), 'up to 64 letters, digits, ":", "_", "." or "-"')
      .transform((v) => v || 'mediabot:'),
    { group: S, description: 'Put before every Redis key of this bot, so several bots can share one Redis (default mediabot:).' },
  ),
  OUTPUT_DIR: doc(optionalString, { group: S, description: 'Where results are written: kept videos of the bots (default ./data/outputs) and the playground\'s files (default ./output).' }),
};

/** A validated decimal USD amount (`0.50`, up to 6 decimals) in micro-dollars, in integers. */
function usdMicros(v: string): number {
  const [whole = '0', frac = ''] = v.split('.');
  return Number(whole) * 1_000_000 + Number(frac.padEnd(6, '0'));
}

/** The settings after the platforms' sections. */
const trailing = {
  OWNER_IDS: doc(idList, { group: P, example: 'discord:1234,telegram:5678', description: 'Bot owners, always allowed admin commands: discord:<id>,telegram:<id> (a bare number matches either). Default: none.' }),
  PRICES_FILE: doc(optionalString.refine((v) => v === undefined || existsSync(v), 'the path of an existing JSON price file'), { group: P, example: './prices.json', description: 'JSON file of the operator\'s own prices; they win over the gateway\'s published prices (see docs/budgets.md, "Prices and the catalogue"). Default: none.' }),
  TEXT_PRICE_PER_1K_TOKENS: doc(optionalString, { group: P, example: '0.002', description: 'USD per 1,000 tokens for text models that have no other price (no admin price, price file or published price). Unset = none: such models are not on sale.' }),
  PRICE_MARKUP: doc(
    z
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
    { group: P, description: 'Factor applied to the gateway\'s published prices, from 1 to 100 (default 1; e.g. 1.2 charges budgets 20% more than the gateway). Admin prices and PRICES_FILE are not marked up.' },
  ),
  PRICING_REFRESH_MS: doc(int(3_600_000, 60_000, 86_400_000, "how often the gateway's published prices are read again, in milliseconds"), { group: P, description: 'How often the gateway\'s published prices (/api/pricing) are read again, in ms (default 3600000 = 1 hour; at least 60000).' }),
  RECONCILE_DRIFT_ALERT_USD: doc(
    z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return '0.50';
        if (!/^\$?\d{1,6}(?:\.\d{1,6})?$/.test(v)) {
          ctx.addIssue({ code: 'custom', message: 'an amount in USD, e.g. 0.50' });
          return z.NEVER;
        }
        return v.replace(/^\$/, '');
      }),
    {
      group: P,
      example: '0.50',
      description:
        "The daily reconciliation (one process, once per UTC day, for the day before) compares what the bot recorded as billed with each readable token's log on the gateway (npm run admin -- reconcile); a token whose day drifts by at least this many USD either way is told to the owners (chat notice and warn log), once. Default 0.50.",
    },
  ),
  DEFAULT_ALLOWANCE: doc(z.string().trim().optional().default('1'), { group: P, description: 'Allowance (USD, or "none") every user of a new community gets until an admin changes it (default 1).' }),
  DEFAULT_PERIOD: doc(z.enum(['day', 'week', 'month', 'total']).optional().default('day'), { group: P, description: 'Period of that default allowance: day, week, month or total (default day).' }),
  PERSON_CAP: doc(
    z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return undefined;
        const m = /^\$?(\d{1,6}(?:\.\d{1,6})?)(?:\s*\/\s*(day|week|month|total))?$/i.exec(v);
        if (!m) {
          ctx.addIssue({ code: 'custom', message: 'an amount in USD with an optional period, e.g. 5 or 5/week (day, week, month or total; default day)' });
          return z.NEVER;
        }
        return { amount: m[1]!, period: (m[2]?.toLowerCase() ?? 'day') as 'day' | 'week' | 'month' | 'total' };
      }),
    {
      group: P,
      example: '5/week',
      description:
        'Operator-wide cap per person (one account on one platform) across every community, for jobs paid by GATEWAY_TOKEN: USD with an optional /day, /week, /month or /total (default day; periods in UTC). Checked with the community budgets when a job holds money. Unset (default): no such cap.',
    },
  ),
  OPERATOR_DAILY_CAP: doc(
    z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return '5';
        if (/^(off|none|unlimited)$/i.test(v)) return null;
        const m = /^\$?(\d{1,6}(?:\.\d{1,6})?)$/.exec(v);
        if (!m) {
          ctx.addIssue({ code: 'custom', message: 'an amount in USD per UTC day (e.g. 5; 0 = no jobs on GATEWAY_TOKEN), or off' });
          return z.NEVER;
        }
        return m[1]!;
      }),
    {
      group: P,
      example: '20',
      description:
        'Most that jobs paid by GATEWAY_TOKEN may spend together per UTC day, across every community and person (USD; money held by running jobs counts until released). The job that would pass it is refused before any gateway call and the owners are told. 0 = no jobs on GATEWAY_TOKEN (only communities and people with their own token); off = no such cap. Default 5.',
    },
  ),
  OPERATOR_TOKEN_ACCESS: doc(z.enum(['open', 'approved']).optional().default('open'), {
    group: P,
    description:
      'Which communities may run jobs on GATEWAY_TOKEN: open (default) = every community the bot is in; approved = only those an owner approved with /approve or npm run admin -- communities approve <platform>:<id> (a private chat is a community of its own; a community or person with its own token needs no approval; owners always may).',
  }),
  DEFAULT_IMAGE_MODEL: doc(optionalString, { group: J, example: 'gpt-image-2', description: 'Model used by /imagine and /edit when the user names none. Unset: the first priced model of that kind (image) the token lists. A value the gateway does not list is reported at start-up with the closest listed ids.' }),
  DEFAULT_VIDEO_MODEL: doc(optionalString, { group: J, example: 'veo-3.1', description: 'Model used by /video when the user names none. Unset: the first priced model of that kind (video) the token lists. A value the gateway does not list is reported at start-up with the closest listed ids.' }),
  DEFAULT_TEXT_MODEL: doc(optionalString, { group: J, example: 'gpt-4o-mini', description: 'Model used by /ask when the user names none. Unset: the first priced model of that kind (text) the token lists. A value the gateway does not list is reported at start-up with the closest listed ids.' }),
  VIDEO_REMIX_MODELS: doc(
    z
      .string()
      .optional()
      .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean)),
    {
      group: J,
      example: 'my-remix-video-model,wan-2.5*',
      description:
        "Video models that offer Remix (POST /v1/videos/{id}/remix: a new video from a delivered one, with a new prompt), comma-separated; a trailing * matches a prefix. Default: none, so the Remix button and /remix are not offered: remix was Sora's (removed on 2026-09-24) and no model behind today's gateways is known to offer it. The built-in simulator's video models offer it when the simulator is used.",
    },
  ),
  DEFAULT_VIDEO_SECONDS: doc(int(5, 4, 15, 'default video length in seconds'), { group: J, description: 'Default video length in seconds, 4 to 15 (default 5).' }),
  MODELS_CACHE_TTL_MS: doc(int(300_000, 0, 86_400_000, 'how long the model list is cached, in milliseconds'), { group: J, description: 'How long the gateway\'s model list is cached, in ms (default 300000).' }),
  POLL_INTERVAL_MS: doc(int(5_000, 100, 600_000, 'first video poll interval in milliseconds'), { group: J, description: 'First interval between two polls of a video task, in ms (default 5000); it backs off x1.5 per poll.' }),
  POLL_MAX_INTERVAL_MS: doc(int(30_000, 100, 3_600_000, 'longest video poll interval in milliseconds'), { group: J, description: 'Longest interval between two polls of a video task, in ms (default 30000).' }),
  JOB_DEADLINE_MS: doc(int(7_200_000, 1_000, 172_800_000, 'how long a video job may run before it expires, in milliseconds'), { group: J, description: 'How long a video job may run before it expires and its hold is released, in ms (default 7200000).' }),
  POLL_LEASE_MS: doc(int(60_000, 1_000, 3_600_000, 'how long one bot process holds a video job before another may take it over, in milliseconds'), { group: J, description: 'How long one bot process holds a job (any kind) before another process (or a restart after a crash) may take it over, in ms (default 60000); a live process keeps renewing it. A clean stop hands video work back at once; a job a dead process left mid-call is resumed or has its hold released once its lease ran out.' }),
  MAX_JOBS_PER_USER: doc(int(2, 1, 100, 'concurrent jobs one user may run'), { group: J, description: 'Fair use: concurrent jobs one user may run (default 2).' }),
  MAX_JOBS_PER_SCOPE: doc(int(10, 1, 10_000, 'concurrent jobs one server or group may run'), { group: J, description: 'Fair use: concurrent jobs one server or group may run (default 10).' }),
  USER_COOLDOWN_MS: doc(int(0, 0, 86_400_000, 'pause between two jobs of one user, in milliseconds (0 = none)'), { group: J, description: 'Fair use: pause between two jobs of one user, in ms (default 0 = none).' }),
  OUTPUT_RETENTION_HOURS: doc(int(24, 1, 720, 'hours an undeliverable result stays retrievable with /job'), { group: J, description: 'Hours a result that could not be posted (too large, retries used up, chat gone) stays retrievable with /job <id> (default 24).' }),
  GALLERY_RETENTION_DAYS: doc(int(30, 0, 3650, 'days the web gallery keeps a result\'s files (0 = only what the chat retention keeps)'), { group: J, description: 'Days the web gallery keeps the files of a delivered image or video (default 30; 0 = the gallery shows only files the chat retention still keeps). /job keeps using OUTPUT_RETENTION_HOURS; a result whose files are gone stays in the gallery as a card without them.' }),
  GALLERY_MAX_MB: doc(int(2048, 1, 10_485_760, 'megabytes of files the web gallery may keep'), { group: J, description: 'Disk cap of the files the web gallery keeps, in MB (default 2048); over it, the oldest gallery files are removed first.' }),
  FFMPEG_PATH: doc(optionalString, { group: J, description: 'ffmpeg used to shrink videos over a chat\'s upload limit. Default: ffmpeg on PATH, else the copy shipped by the @ffmpeg-installer/ffmpeg package; "none" disables re-encoding.' }),
  ROLE: doc(z.enum(['all', 'gateway-bot', 'worker']).optional().default('all'), {
    group: O,
    description:
      'What this process runs: all (default: chat connections, commands, the job poller and result delivery), gateway-bot (chat connections and commands only) or worker (the job poller and result delivery, posting through the platforms\' HTTP APIs without a chat connection). See docs/scaling.md.',
  }),
  HEALTH_PORT: doc(port('the health and metrics listener port'), { group: O, example: '9090', description: 'Port of the HTTP listener serving /healthz, /readyz and /metrics. Unset = no listener (default); 0 = any free port.' }),
  HEALTH_HOST: doc(z.string().trim().optional().transform((v) => v || '127.0.0.1'), { group: O, description: 'Address the health listener binds to (default 127.0.0.1; 0.0.0.0 in the container image).' }),
  WEB_PORT: doc(port('the web pages\' port'), { group: O, example: '8081', description: 'Port of the web pages (a member\'s gallery and balance, an admin\'s budgets; signed in with /web from the chat). Unset = 8081 (default) for the bots and the playground; when that port is in use a bot starts without pages and its warning names a free port to set, the playground takes the next free port (its banner prints it); a port set here and in use stops the start; 0 = off.' }),
  WEB_HOST: doc(z.string().trim().optional().transform((v) => v || '127.0.0.1'), { group: O, description: 'Address the web pages bind to (default 127.0.0.1: put a reverse proxy in front; 0.0.0.0 to serve directly).' }),
  WEB_PUBLIC_URL: doc(
    z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(v)) {
          ctx.addIssue({ code: 'custom', message: 'an http:// or https:// address such as https://bot.example.org' });
          return z.NEVER;
        }
        return v.replace(/\/+$/, '');
      }),
    { group: O, example: 'https://bot.example.org', description: 'The address people open for the web pages, used in /web links (set it behind a reverse proxy; https makes the session cookie Secure). Default: http://WEB_HOST:WEB_PORT.' },
  ),
  WEB_TRUST_PROXY: doc(bool(false), { group: O, description: 'Believe X-Forwarded-For (its last entry) as the client address of the web pages\' rate limits: set it only behind a reverse proxy that sets that header. Default false: the socket\'s address.' }),
  WEB_TELEGRAM_LOGIN: doc(bool(false), { group: O, description: 'Show the Telegram Login Widget on the web sign-in page (needs TELEGRAM_TOKEN and the bot\'s domain set with @BotFather /setdomain). Loads Telegram\'s widget script from telegram.org. Default false: sign-in only with /web links.' }),
  WEB_DISCORD_CLIENT_ID: doc(optionalString, { group: O, example: '123456789012345678', description: 'Discord OAuth2 client id for "Sign in with Discord" on the web pages (with WEB_DISCORD_CLIENT_SECRET; redirect URL WEB_PUBLIC_URL/auth/discord/callback). Default: off.' }),
  WEB_DISCORD_CLIENT_SECRET: doc(optionalString, { group: O, secret: true, description: 'Discord OAuth2 client secret for the web sign-in (with WEB_DISCORD_CLIENT_ID). Default: off.' }),
  CHART_FONT_FILES: doc(
    z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        const files = (v ?? '').split(',').map((f) => f.trim()).filter(Boolean);
        const missing = files.find((f) => !existsSync(f));
        if (missing !== undefined) {
          ctx.addIssue({ code: 'custom', message: `comma-separated paths of existing font files (.ttf, .otf, .ttc); "${missing}" does not exist` });
          return z.NEVER;
        }
        return files;
      }),
    { group: O, example: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', description: 'Extra font files (comma-separated) for the /usage and /balance charts, used for letters the bundled Source Sans 3 lacks: Chinese, Japanese, Korean, Armenian, Georgian… Default: none (such letters show as boxes).' },
  ),
  SHUTDOWN_GRACE_MS: doc(int(20_000, 0, 600_000, 'how long a stop may wait for running work, in milliseconds'), { group: O, description: 'On SIGTERM/SIGINT: how long running work may take to finish before it is handed back to the next process, in ms (default 20000). Keep it below the service manager\'s stop timeout.' }),
  STARTUP_TIMEOUT_MS: doc(int(30_000, 1_000, 600_000, 'how long connecting to a chat platform may take at start, in milliseconds'), { group: O, description: 'How long connecting to Discord or Telegram may take at start before the bot gives up with an error naming the host, in ms (default 30000).' }),
  DEMO_BUDGET: doc(z.string().trim().optional().default('5'), { group: PG, description: 'Per-user allowance in the terminal playground, USD per day (default 5).' }),
  SIM_VIDEO_QUEUED_MS: doc(int(300, 0, 600_000, 'milliseconds a simulated video stays queued'), { group: PG, description: 'The built-in simulator\'s time a video stays queued, in ms (default 300).' }),
  SIM_VIDEO_RUN_MS: doc(int(3_000, 0, 3_600_000, 'milliseconds a simulated video runs'), { group: PG, description: 'The built-in simulator\'s time a video runs, in ms (default 3000).' }),
  SIM_IMAGE_DELAY_MS: doc(int(0, 0, 600_000, 'extra milliseconds per simulated image'), { group: PG, description: 'The built-in simulator\'s extra delay per image, in ms (default 0).' }),
  PLAYGROUND_WAIT_MS: doc(int(120_000, 0, 86_400_000, 'milliseconds the playground waits for running videos'), { group: PG, description: 'How long the playground waits for running videos when its input ends, in ms (default 120000).' }),
  LOG_LEVEL: doc(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'), { group: L, description: 'fatal, error, warn, info, debug, trace or silent (default info; the playground defaults to error).' }),
  LOG_FORMAT: doc(z.enum(['json', 'pretty', 'auto']).optional().default('auto'), { group: L, description: 'json, pretty or auto (default auto: pretty on a terminal, JSON otherwise).' }),
};

// Key order is the README's row order and decides which of several bad variables is reported first.
const schema = z.object({ ...leading, ...Object.assign({}, ...PLATFORMS.map((m) => m.config.shape)), ...trailing }) as z.ZodObject<typeof leading & typeof trailing>;

/** The environment schema, one entry per variable with its {@link VariableDoc}; read by the docs generator. */
export const CONFIG_SCHEMA = schema;

/** The validated settings object handed to the composition root: the shared settings and each platform's ({@link PlatformConfigs}). */
/**
 * The web's sign-in and rate-limit settings: `trustProxy` (`WEB_TRUST_PROXY`, default false), the Telegram Login
 * Widget (`WEB_TELEGRAM_LOGIN`, default false) and Discord OAuth2 (both `WEB_DISCORD_CLIENT_*` set; default off).
 */
export interface WebSignInSettings {
  trustProxy: boolean;
  telegramLogin: boolean;
  discord?: { clientId: string; clientSecret: string };
}

export type Config = SharedConfig & PlatformConfigs;

/** The settings that are not a platform's. */
export interface SharedConfig {
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
    /** `GATEWAY_DEADLINES` in ms: per kind and per model id (empty when unset). */
    deadlines: { kinds: Partial<Record<'image' | 'text' | 'video', number>>; models: Record<string, number> };
  };
  databasePath: string;
  /** `DATABASE_URL`: the PostgreSQL store when set, else the SQLite file `databasePath`. */
  databaseUrl: string | undefined;
  encryptionKey: string | undefined;
  /** `REDIS_URL` and `REDIS_PREFIX` (default `mediabot:`): state shared by bot processes; undefined = in memory. */
  redis: { url: string; prefix: string } | undefined;
  ownerIds: string[];
  pricesFile: string | undefined;
  log: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'; format: 'json' | 'pretty' | 'auto' };
  /** `DEFAULT_*_MODEL`; undefined = the first priced model of that kind the paying token lists. */
  defaults: { imageModel: string | undefined; videoModel: string | undefined; textModel: string | undefined; videoSeconds: number };
  /** `VIDEO_REMIX_MODELS`: video models that offer Remix (exact ids, or prefixes ending in `*`); default none. */
  remixModels: string[];
  modelsCacheTtlMs: number;
  /** `PRICE_MARKUP`: factor on gateway-published prices (default 1). */
  priceMarkup: number;
  /** `PRICING_REFRESH_MS`: how often `/api/pricing` is read again (default 1 h). */
  pricingRefreshMs: number;
  /** `leaseMs`: a crashed process's video jobs are taken over after this (default 60 s). */
  poller: { intervalMs: number; maxIntervalMs: number; deadlineMs: number; leaseMs: number };
  fairUse: { maxJobsPerUser: number; maxJobsPerScope: number; userCooldownMs: number };
  outputRetentionHours: number;
  /** `GALLERY_RETENTION_DAYS` (default 30; 0 = none beyond the chat's) and `GALLERY_MAX_MB` (default 2048) as bytes. */
  gallery: { retentionDays: number; maxBytes: number };
  /** USD per 1,000 text tokens as written, for text models with no other price; undefined = none. */
  textPricePer1kTokens: string | undefined;
  /** Playground allowance per user, USD as written. */
  demoBudget: string;
  /** Allowance of every user in a community nobody configured yet: USD as written ('none' = unlimited) and period. */
  defaultAllowance: { amount: string; period: 'day' | 'week' | 'month' | 'total' };
  /** `RECONCILE_DRIFT_ALERT_USD` in micro-dollars (default 500,000 = $0.50): a day's drift that is told to the owners. */
  reconcileDriftAlertMicros: number;
  /** `PERSON_CAP`: per-person cap across communities on the operator's token (USD as written, period), or undefined. */
  personCap: { amount: string; period: 'day' | 'week' | 'month' | 'total' } | undefined;
  /** `OPERATOR_DAILY_CAP`: USD as written per UTC day on the operator's token across every community; null = off (default '5'). */
  operatorDailyCap: string | null;
  /** `OPERATOR_TOKEN_ACCESS` (default open): whether a community needs an owner's approval to use the operator's token. */
  operatorTokenAccess: 'open' | 'approved';
  /** `OUTPUT_DIR` as written; unset means each mode's default (bots `./data/outputs`, playground `./output`). */
  outputDir: string | undefined;
  /** `USE_SIMULATOR` (default false): a bot may run on the built-in simulator when no gateway URL is set. */
  useSimulator: boolean;
  /** `FFMPEG_PATH`: a path, 'none', or undefined (look on PATH, then the bundled copy). */
  ffmpegPath: string | undefined;
  /** The health/metrics listener: `port` undefined = off (default); 0 = ephemeral. Host default 127.0.0.1. */
  health: { port: number | undefined; host: string };
  /**
   * The web pages: `port` undefined = off (`WEB_PORT=0`), default 8081; host default 127.0.0.1; `publicUrl` from
   * `WEB_PUBLIC_URL`; `portSet` = `WEB_PORT` was given (then a port in use stops the start; the default only warns).
   */
  web: { port: number | undefined; host: string; publicUrl: string | undefined; portSet: boolean; signIn?: WebSignInSettings };
  /** `SHUTDOWN_GRACE_MS` (default 20000): time running work gets on SIGTERM before it is handed back. */
  shutdownGraceMs: number;
  /** `CHART_FONT_FILES`: fonts the charts fall back to after the bundled one (default none). */
  chartFontFiles: string[];
  /** `STARTUP_TIMEOUT_MS` (default 30000): longest wait for a chat platform at start. */
  startupTimeoutMs: number;
  /** `ROLE` (default `all`): which loops this process runs ({@link ProcessRole}). */
  role: ProcessRole;
}

/**
 * `ROLE`: `all` runs everything (one process, the default); `gateway-bot` runs the chat connections and commands but
 * neither the job poller nor result delivery; `worker` runs the poller and result delivery, posting through the
 * platforms' HTTP APIs only (no Discord gateway session, no Telegram getUpdates or webhook).
 */
export type ProcessRole = 'all' | 'gateway-bot' | 'worker';

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
  // Each platform reads its own section's keys of the parsed object; a loop over the registry cannot name their types.
  const platforms = Object.fromEntries(PLATFORMS.map((m) => [m.id, m.config.settings(parsed.data as never)])) as Record<string, unknown>;
  if (e.ROLE !== 'all' && !PLATFORMS.some((m) => platforms[m.id] !== undefined)) {
    throw new ConfigError('ROLE', `all (the default) when ${neither(PLATFORMS.flatMap((m) => (m.config.enabledBy ? [m.config.enabledBy] : [])))} is set: a ${e.ROLE} process serves chat platforms`);
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
      deadlines: e.GATEWAY_DEADLINES,
    },
    databasePath: e.DATABASE_PATH,
    databaseUrl: e.DATABASE_URL,
    encryptionKey: e.BOT_ENCRYPTION_KEY,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    ownerIds: e.OWNER_IDS,
    pricesFile: e.PRICES_FILE,
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT },
    defaults: {
      imageModel: e.DEFAULT_IMAGE_MODEL,
      videoModel: e.DEFAULT_VIDEO_MODEL,
      textModel: e.DEFAULT_TEXT_MODEL,
      videoSeconds: e.DEFAULT_VIDEO_SECONDS,
    },
    remixModels: e.VIDEO_REMIX_MODELS,
    modelsCacheTtlMs: e.MODELS_CACHE_TTL_MS,
    priceMarkup: e.PRICE_MARKUP,
    pricingRefreshMs: e.PRICING_REFRESH_MS,
    poller: { intervalMs: e.POLL_INTERVAL_MS, maxIntervalMs: e.POLL_MAX_INTERVAL_MS, deadlineMs: e.JOB_DEADLINE_MS, leaseMs: e.POLL_LEASE_MS },
    fairUse: { maxJobsPerUser: e.MAX_JOBS_PER_USER, maxJobsPerScope: e.MAX_JOBS_PER_SCOPE, userCooldownMs: e.USER_COOLDOWN_MS },
    outputRetentionHours: e.OUTPUT_RETENTION_HOURS,
    gallery: { retentionDays: e.GALLERY_RETENTION_DAYS, maxBytes: e.GALLERY_MAX_MB * 1024 * 1024 },
    textPricePer1kTokens: e.TEXT_PRICE_PER_1K_TOKENS,
    demoBudget: e.DEMO_BUDGET,
    defaultAllowance: { amount: e.DEFAULT_ALLOWANCE, period: e.DEFAULT_PERIOD },
    personCap: e.PERSON_CAP,
    reconcileDriftAlertMicros: usdMicros(e.RECONCILE_DRIFT_ALERT_USD),
    operatorDailyCap: e.OPERATOR_DAILY_CAP,
    operatorTokenAccess: e.OPERATOR_TOKEN_ACCESS,
    outputDir: e.OUTPUT_DIR,
    useSimulator: e.USE_SIMULATOR,
    ffmpegPath: e.FFMPEG_PATH,
    health: { port: e.HEALTH_PORT, host: e.HEALTH_HOST },
    web: { port: e.WEB_PORT === undefined ? 8081 : e.WEB_PORT === 0 ? undefined : e.WEB_PORT, host: e.WEB_HOST, publicUrl: e.WEB_PUBLIC_URL, portSet: e.WEB_PORT !== undefined, signIn: { trustProxy: e.WEB_TRUST_PROXY, telegramLogin: e.WEB_TELEGRAM_LOGIN, ...(e.WEB_DISCORD_CLIENT_ID && e.WEB_DISCORD_CLIENT_SECRET ? { discord: { clientId: e.WEB_DISCORD_CLIENT_ID, clientSecret: e.WEB_DISCORD_CLIENT_SECRET } } : {}) } },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    chartFontFiles: e.CHART_FONT_FILES,
    startupTimeoutMs: e.STARTUP_TIMEOUT_MS,
    role: e.ROLE,
    ...(platforms as PlatformConfigs),
  };
}

/** `neither A nor B`, `none of A, B or C`. */
function neither(names: readonly string[]): string {
  if (names.length <= 2) return `neither ${names.join(' nor ')}`;
  return `none of ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
