import type { BalanceView } from '../../core/api.js';
import { formatUsd } from '../../core/money.js';

/** What the banner tells about the running playground. */
export interface BannerInfo {
  /** 'simulator' for the built-in one, else the configured gateway's base URL. */
  gateway: { kind: 'simulator'; url: string } | { kind: 'gateway'; url: string };
  /** The console user's allowance as the core reports it now (what is left, not what was configured). */
  balance: Pick<BalanceView, 'limitMicros' | 'remainingMicros' | 'period' | 'blocked'>;
  outputDir: string;
  databasePath: string;
  interactive: boolean;
}

/** "$4.79 left of $5.00 per day", "no limit", "blocked". */
export function allowanceLine(b: BannerInfo['balance']): string {
  if (b.blocked) return 'blocked in the playground (/budget unblock local)';
  if (b.limitMicros === null || b.remainingMicros === null) return 'no limit for you';
  const per = b.period === 'total' ? 'in total' : `per ${b.period}`;
  return `${formatUsd(b.remainingMicros)} left of ${formatUsd(b.limitMicros)} ${per} for you (/budget default <amount> changes it)`;
}

/** The start-up banner of the terminal playground (plain text, no colours). */
export function bannerText(b: BannerInfo): string {
  const gw =
    b.gateway.kind === 'simulator'
      ? `the BUILT-IN gateway simulator at ${b.gateway.url} (fake images and videos, no real money)`
      : `the gateway at ${b.gateway.url} (GATEWAY_BASE_URL, operator token GATEWAY_TOKEN: real charges)`;
  return [
    'mediabot terminal playground',
    `  gateway:  ${gw}`,
    `  budget:   ${allowanceLine(b.balance)}`,
    `  outputs:  ${b.outputDir} (OUTPUT_DIR)   database: ${b.databasePath}`,
    '  To run the real bot, set DISCORD_TOKEN + DISCORD_APPLICATION_ID and/or TELEGRAM_BOT_TOKEN, BOT_ENCRYPTION_KEY',
    '  (npm run keygen) and GATEWAY_BASE_URL in .env (see .env.example), then npm start again.',
    b.interactive ? '  Type /help for the commands, /quit or Ctrl-C to leave.' : '  Reading commands from stdin.',
  ].join('\n');
}
