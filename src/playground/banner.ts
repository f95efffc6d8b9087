import type { BalanceView } from '../core/api/surface.js';
import { t } from '../core/i18n/catalog.js';
import { formatMoney } from '../core/i18n/format.js';

/** What the banner tells about the running playground. */
export interface BannerInfo {
  /** 'simulator' for the built-in one, else the configured gateway's base URL. */
  gateway: { kind: 'simulator'; url: string } | { kind: 'gateway'; url: string };
  /** The console user's allowance as the core reports it now (what is left, not what was configured). */
  balance: Pick<BalanceView, 'limitMicros' | 'remainingMicros' | 'period' | 'blocked'>;
  /** Who types here: the console user's name and id, as `/budget` and `/usage` name them. */
  you: { name: string; id: string };
  outputDir: string;
  databasePath: string;
  interactive: boolean;
  /** Where the web pages answer (type /web for a sign-in link); absent when they are off. */
  webUrl?: string;
  /** The console's language (from `LANG`, see `localeFromEnv`); default English. */
  locale?: string;
}

/** "$4.79 left of $5.00 per day for you …", "no limit for you", "blocked …", in `locale`. */
export function allowanceLine(locale: string, b: BannerInfo['balance']): string {
  if (b.blocked) return t(locale, 'playground-allowance-blocked');
  if (b.limitMicros === null || b.remainingMicros === null) return t(locale, 'playground-allowance-none');
  const per = t(locale, 'period-per', { period: b.period });
  return t(locale, 'playground-allowance', { left: formatMoney(locale, b.remainingMicros), limit: formatMoney(locale, b.limitMicros), per });
}

/** The start-up banner of the terminal playground (plain text, no colours), in `b.locale` (default English). */
export function bannerText(b: BannerInfo): string {
  const locale = b.locale ?? 'en';
  const gateway =
    b.gateway.kind === 'simulator' ? t(locale, 'playground-gateway-simulator', { url: b.gateway.url }) : t(locale, 'playground-gateway-real', { url: b.gateway.url });
  const lines = [
    t(locale, 'playground-line-gateway', { gateway }),
    t(locale, 'playground-line-budget', { allowance: allowanceLine(locale, b.balance) }),
    t(locale, 'playground-line-you', { name: b.you.name, id: b.you.id }),
    t(locale, 'playground-line-outputs', { dir: b.outputDir, database: b.databasePath }),
    ...(b.webUrl ? [t(locale, 'playground-line-web', { url: b.webUrl })] : []),
    ...t(locale, 'playground-setup').split('\n'),
    b.interactive ? t(locale, 'playground-interactive') : t(locale, 'playground-stdin'),
  ];
  return [t(locale, 'playground-title'), ...lines.map((l) => `  ${l}`)].join('\n');
}
