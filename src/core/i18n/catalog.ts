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
 * The catalogue is built once, explicitly, by whoever composes the process ({@link loadCatalogue} then
 * {@link installCatalogue}: `buildApp`, the playground, the CLIs through it): importing a module of the core reads
 * no file. Code names words through {@link t} (and {@link hasMessage}, {@link supportedLocales}), which read the
 * installed catalogue; a process that installed none (a unit test, a tool that never composes the app) gets the
 * default one loaded on its first word, once. Definitions whose English words are needed at load (command
 * descriptions) read them lazily, when first asked.
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

/** The bundle of one locale folder. @throws Error naming the first file that does not parse or repeats a message. */
function loadBundle(dir: string, code: string): FluentBundle {
  const bundle = new FluentBundle(code, { useIsolating: false });
  const folder = join(dir, code);
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.ftl')).sort()) {
    const errors = bundle.addResource(new FluentResource(readFileSync(join(folder, file), 'utf8')));
    if (errors.length) throw new Error(`locales/${code}/${file}: ${errors.map((e) => e.message).join('; ')}`);
  }
  return bundle;
}

/**
 * Every shipped locale's messages, read from one folder (see {@link loadCatalogue}). Immutable in what it answers.
 * English is built at load; another locale's bundle is built on its first word (read and parsed again then), so an
 * idle process, or one whose members all use English, keeps one locale in memory, not six (~3 MiB of heap).
 * Every file is still parsed at load, so a broken file fails the start as before; the trade-off is that a file
 * changed on disk after the start is read as it is on that first word.
 */
export class Catalogue {
  private readonly bundles = new Map<string, FluentBundle>();

  private constructor(
    /** The folder it was read from. */
    readonly dir: string,
    /** The shipped codes, English first. */
    readonly supported: readonly string[],
    english: FluentBundle,
  ) {
    this.bundles.set(DEFAULT_LOCALE, english);
  }

  /**
   * Reads every locale folder of `dir` (default {@link localesDir}): one per folder holding at least one `.ftl`
   * file, English first (negotiation prefers the first of equal matches, and the default must always be present).
   * Every file is parsed; only English is kept built (see the class).
   * @throws Error when the English folder is missing or a file does not parse.
   */
  static load(dir: string = localesDir()): Catalogue {
    if (!existsSync(join(dir, DEFAULT_LOCALE))) throw new Error(`the message files are missing: no ${join(dir, DEFAULT_LOCALE)} folder`);
    const codes = readdirSync(dir).filter((c) => statSync(join(dir, c)).isDirectory() && readdirSync(join(dir, c)).some((f) => f.endsWith('.ftl')));
    const supported = [DEFAULT_LOCALE, ...codes.filter((c) => c !== DEFAULT_LOCALE).sort()];
    const english = loadBundle(dir, DEFAULT_LOCALE);
    // Checked now (a broken file fails the start), dropped until first used.
    for (const c of supported.slice(1)) loadBundle(dir, c);
    return new Catalogue(dir, supported, english);
  }

  /** The locales whose bundle is built so far (English first, then in order of first use). */
  built(): readonly string[] {
    return [...this.bundles.keys()];
  }

  /**
   * Drops every built bundle but English; each is built again on its next word. For a start-up task that reads
   * every locale once and is done (Telegram's per-language command menus), so an idle process keeps English only.
   */
  dropBuilt(): void {
    for (const code of [...this.bundles.keys()]) if (code !== DEFAULT_LOCALE) this.bundles.delete(code);
  }

  /** The bundle of a supported `code`, built on first use; undefined for a code this catalogue does not ship. */
  private bundle(code: string): FluentBundle | undefined {
    const have = this.bundles.get(code);
    if (have || !this.supported.includes(code)) return have;
    const made = loadBundle(this.dir, code);
    this.bundles.set(code, made);
    return made;
  }

  /** See {@link t}. */
  t(locale: string, id: string, args?: MessageArgs): string {
    const dot = id.indexOf('.');
    const [name, attr] = dot < 0 ? [id, undefined] : [id.slice(0, dot), id.slice(dot + 1)];
    for (const code of locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [locale, DEFAULT_LOCALE]) {
      const bundle = this.bundle(code);
      const msg = bundle?.getMessage(name);
      const pattern = attr === undefined ? msg?.value : msg?.attributes[attr];
      if (bundle && pattern) return bundle.formatPattern(pattern, args);
    }
    return id;
  }

  /** Whether message `id` exists in English. */
  has(id: string): boolean {
    return this.bundles.get(DEFAULT_LOCALE)?.hasMessage(id) ?? false;
  }
}

/** Reads the catalogue of `dir` (default {@link localesDir}); see {@link Catalogue.load}. */
export function loadCatalogue(dir?: string): Catalogue {
  return Catalogue.load(dir);
}

let installed: Catalogue | undefined;

/** Makes `c` the catalogue every word of this process comes from (the composition root calls it once). */
export function installCatalogue(c: Catalogue): void {
  installed = c;
}

/** The installed catalogue; when none was installed yet, the one of {@link localesDir}, loaded now and installed. */
export function catalogue(): Catalogue {
  return (installed ??= Catalogue.load());
}

/** Whether a catalogue is installed (loaded) in this process yet. */
export function catalogueInstalled(): boolean {
  return installed !== undefined;
}

/**
 * The locales shipped: one per folder under {@link localesDir} holding at least one `.ftl` file, English first.
 * Translators add a locale by adding a folder; nothing in code lists them.
 */
export function supportedLocales(): readonly string[] {
  return catalogue().supported;
}

/** Forgets the installed catalogue, so the next word reads {@link localesDir} again (tests switching folders). */
export function reloadCatalog(): void {
  installed = undefined;
}

/**
 * The text of message `id` (or of its attribute: `failure-blocked.title`) in `locale` (a supported code, see `resolveLocale`), with `args` filled in. A message
 * missing from that locale falls back to English (the lint test makes that a build failure, so this only covers a
 * locale being added); a message missing everywhere returns its id, so a typo shows up in a test rather than
 * crashing a reply.
 */
export function t(locale: string, id: string, args?: MessageArgs): string {
  return catalogue().t(locale, id, args);
}

/** Whether message `id` exists in English (for optional texts keyed by a name, e.g. a command's option). */
export function hasMessage(id: string): boolean {
  return catalogue().has(id);
}
