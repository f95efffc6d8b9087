import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FluentBundle, FluentResource, type FluentVariable } from '@fluent/bundle';

/**
 * The message catalogue: every user-facing word lives in `locales/<code>/*.ftl` (Fluent), one folder per shipped
 * locale. Fluent (`@fluent/bundle`) rather than i18next because its grammar (plural and other selectors, terms,
 * named placeholders, `NUMBER()`/`DATETIME()` backed by `Intl`) is in the translator's hands, per locale, without a
 * code change; i18next's plurals and context suffixes live in key names the code has to know.
 *
 * Bundles are loaded once, synchronously, on first use (a few files read at start-up; no I/O afterwards).
 * `useIsolating` is off: the Unicode isolation marks Fluent adds around placeholders would reach chat messages and
 * CSV-looking text as invisible characters; every placeholder we pass is already one plain run of text.
 */

/** Values a message may take: strings, numbers (plurals select on them), or Fluent's own number/date values. */
export type MessageArgs = Readonly<Record<string, FluentVariable>>;

/** The locale every chain ends in, and the one whose files are complete by definition (the lint compares to it). */
export const DEFAULT_LOCALE = 'en';

/**
 * Where the `.ftl` folders are: `locales/` at the top of the repository, or `dist/locales/` beside the compiled
 * modules (`npm run build` copies it). `MEDIABOT_LOCALES_DIR` overrides it (tests use a fixture locale).
 */
export function localesDir(): string {
  const fromEnv = process.env.MEDIABOT_LOCALES_DIR;
  if (fromEnv) return fromEnv;
  // src/core/i18n/ (or dist/src/core/i18n/) → three levels up is the repository root (or dist/).
  return fileURLToPath(new URL('../../../locales/', import.meta.url));
}

interface Loaded {
  readonly dir: string;
  readonly supported: readonly string[];
  readonly bundles: ReadonlyMap<string, FluentBundle>;
}

let loaded: Loaded | undefined;

function loadBundle(dir: string, code: string): FluentBundle {
  const bundle = new FluentBundle(code, { useIsolating: false });
  const folder = join(dir, code);
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.ftl')).sort()) {
    const errors = bundle.addResource(new FluentResource(readFileSync(join(folder, file), 'utf8')));
    if (errors.length) throw new Error(`locales/${code}/${file}: ${errors.map((e) => e.message).join('; ')}`);
  }
  return bundle;
}

function load(): Loaded {
  const dir = localesDir();
  if (loaded && loaded.dir === dir) return loaded;
  if (!existsSync(join(dir, DEFAULT_LOCALE))) throw new Error(`the message files are missing: no ${join(dir, DEFAULT_LOCALE)} folder`);
  const codes = readdirSync(dir).filter((c) => statSync(join(dir, c)).isDirectory() && readdirSync(join(dir, c)).some((f) => f.endsWith('.ftl')));
  // English first: negotiation prefers the first of equal matches, and the default must always be present.
  const supported = [DEFAULT_LOCALE, ...codes.filter((c) => c !== DEFAULT_LOCALE).sort()];
  loaded = { dir, supported, bundles: new Map(supported.map((c) => [c, loadBundle(dir, c)])) };
  return loaded;
}

/**
 * The locales shipped: one per folder under {@link localesDir} holding at least one `.ftl` file, English first.
 * Translators add a locale by adding a folder; nothing in code lists them.
 */
export function supportedLocales(): readonly string[] {
  return load().supported;
}

/** Forgets the loaded bundles, so the next call reads {@link localesDir} again (tests switching folders). */
export function reloadCatalog(): void {
  loaded = undefined;
}

/**
 * The text of message `id` (or of its attribute: `failure-blocked.title`) in `locale` (a supported code, see `resolveLocale`), with `args` filled in. A message
 * missing from that locale falls back to English (the lint test makes that a build failure, so this only covers a
 * locale being added); a message missing everywhere returns its id, so a typo shows up in a test rather than
 * crashing a reply.
 */
export function t(locale: string, id: string, args?: MessageArgs): string {
  const { bundles } = load();
  const dot = id.indexOf('.');
  const [name, attr] = dot < 0 ? [id, undefined] : [id.slice(0, dot), id.slice(dot + 1)];
  for (const code of locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [locale, DEFAULT_LOCALE]) {
    const bundle = bundles.get(code);
    const msg = bundle?.getMessage(name);
    const pattern = attr === undefined ? msg?.value : msg?.attributes[attr];
    if (bundle && pattern) return bundle.formatPattern(pattern, args);
  }
  return id;
}

/** Whether message `id` exists in English (for optional texts keyed by a name, e.g. a command's option). */
export function hasMessage(id: string): boolean {
  return load().bundles.get(DEFAULT_LOCALE)?.hasMessage(id) ?? false;
}
