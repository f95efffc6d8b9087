import type { Actor } from '../api/actor.js';
import { err, fail, ok, type Result } from '../failures.js';
import { DEFAULT_LOCALE, supportedLocales, t } from '../i18n/catalog.js';
import { effectiveLocale, negotiateLocale } from '../i18n/negotiate.js';
import { actorIds } from './context.js';
import type { CoreDeps } from './deps.js';

/** Words that clear a stored language choice. */
const RESET = /^(reset|default|auto|none|clear)$/i;

/**
 * A typed language code as a shipped locale, or undefined when nothing ships for it ("de" while no German ships;
 * "xx"). "es-MX" is accepted as `es`, "pt" as `pt-BR` (see `negotiateLocale`).
 */
export function shippedLocale(code: string): string | undefined {
  const c = code.trim();
  const found = negotiateLocale(c);
  return found === DEFAULT_LOCALE && !/^en\b/i.test(c) ? undefined : found;
}

/** A locale's own name in `inLocale` ("Español", "español (en inglés)" is not wanted: the name in that language). */
export function languageName(code: string, inLocale: string): string {
  try {
    return new Intl.DisplayNames([inLocale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The shipped locales as "English (en), español (es), …", each in its own language so a member finds theirs. */
export function availableText(): string {
  return supportedLocales()
    .map((c) => `${languageName(c, c)} (${c})`)
    .join(', ');
}

/**
 * `/language [code|reset]` for the asking member: without a code, the language in use, where it comes from and the
 * choices; with one, stores it (`reset` clears it) and answers in the language now in effect. An unknown code is
 * refused (`unknown_language`) and nothing is stored.
 */
export async function language(d: CoreDeps, a: Actor, code?: string): Promise<Result<{ text: string; locale: string }>> {
  const ids = await actorIds(d, a);
  const user = await d.store.directory.getUser(ids.userId);
  const scope = await d.store.directory.getScope(ids.scopeId);
  const given = code?.trim();
  const platform = a.reportedLocale ?? a.locale;
  if (!given) {
    const source = user?.language ? 'member' : scope?.language ? 'community' : platform && shippedLocale(platform) === ids.locale ? 'platform' : 'default';
    const text = t(ids.locale, 'language-current', { name: languageName(ids.locale, ids.locale), code: ids.locale, source, available: availableText() });
    return ok({ text, locale: ids.locale });
  }
  if (RESET.test(given)) {
    await d.store.directory.setUserLanguage(ids.userId, null);
    const now = effectiveLocale({ community: scope?.language ?? null, platform: platform ?? null });
    return ok({ text: t(now, 'language-reset', { name: languageName(now, now), code: now }), locale: now });
  }
  const chosen = shippedLocale(given);
  if (!chosen) return err(fail('unknown_language', { given, available: supportedLocales().join(', ') }));
  await d.store.directory.setUserLanguage(ids.userId, chosen);
  return ok({ text: t(chosen, 'language-set', { name: languageName(chosen, chosen), code: chosen }), locale: chosen });
}
