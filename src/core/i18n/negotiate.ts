import { negotiateLanguages } from '@fluent/langneg';
import { DEFAULT_LOCALE, supportedLocales } from './catalog.js';

/** How many requested codes {@link negotiateLocale} remembers the answer of. */
const NEGOTIATED_MAX = 512;
let negotiated: { supported: readonly string[]; best: Map<string, string> } | undefined;

/**
 * The shipped locale for a requested code (BCP 47 as platforms send it: Discord `es-ES`, `zh-CN`, `pt-BR`; Telegram
 * `es`, `pt-br`, `zh-hans`), by `@fluent/langneg`'s lookup strategy: exact match, then the same language in
 * another region ("es-MX" → "es", "pt-PT" → "pt-BR"), else English ("xx", "de" while no German ships). Chinese in any
 * script or region ("zh-TW", "zh-Hant") goes to `zh-CN`: the only Chinese we ship, and Simplified Chinese is read by
 * far more Traditional readers than English is. Undefined, blank or malformed input gives English.
 */
export function negotiateLocale(requested: string | null | undefined): string {
  const r = typeof requested === 'string' ? requested.trim().replace(/_/g, '-') : '';
  if (!r || r.length > 35 || !/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(r)) return DEFAULT_LOCALE;
  const supported = supportedLocales();
  // The answers hold for one catalogue (a reloaded one is a new list); the codes platforms send are few.
  if (negotiated?.supported !== supported) negotiated = { supported, best: new Map() };
  let best = negotiated.best.get(r);
  if (best === undefined) {
    best = negotiateLanguages([r], supported, { strategy: 'lookup', defaultLocale: DEFAULT_LOCALE })[0] ?? DEFAULT_LOCALE;
    if (negotiated.best.size < NEGOTIATED_MAX) negotiated.best.set(r, best);
  }
  return best;
}

/** Where a member's language may come from, most specific first (see {@link effectiveLocale}). */
export interface LocaleChoices {
  /** The member's own choice (`/language <code>`), stored per user. */
  readonly member?: string | null;
  /** The community's default (`/setup language <code>`, admins). */
  readonly community?: string | null;
  /** What the platform reports (Discord `interaction.locale`, Telegram `from.language_code`). */
  readonly platform?: string | null;
}

/**
 * The language a reply is written in: member override > community default > the platform's locale > English. A
 * stored choice whose files were removed falls through to the next source rather than to English.
 */
export function effectiveLocale(c: LocaleChoices): string {
  for (const code of [c.member, c.community, c.platform]) {
    if (!code) continue;
    const found = negotiateLocale(code);
    if (found !== DEFAULT_LOCALE || code.toLowerCase().startsWith(DEFAULT_LOCALE)) return found;
  }
  return DEFAULT_LOCALE;
}

/** The operator's language (console playground, CLI) from `LC_ALL`/`LC_MESSAGES`/`LANG` (`es_ES.UTF-8`), or English. */
export function localeFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  const code = raw.split('.')[0]?.split('@')[0] ?? '';
  return code === 'C' || code === 'POSIX' ? DEFAULT_LOCALE : negotiateLocale(code);
}
