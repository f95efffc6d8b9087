import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localesDir, reloadCatalog, supportedLocales } from '../../src/core/i18n/catalog.js';

/**
 * Makes `codes` available to the bot under test. When every one of them ships in `locales/`, the real files are used
 * (the tests are then strict about the translators' words). Otherwise a test-only fixture catalogue is built in a
 * temporary folder: English copied from `locales/en`, plus a few messages of each missing locale, enough to prove
 * the path from the platform's locale to the reply (other messages fall back to English, as at run time).
 * Returns whether the fixture is in use and a cleanup that restores the real catalogue.
 */
export function useLocales(codes: readonly string[]): { fixture: boolean; restore(): void } {
  const real = localesDir();
  if (codes.every((c) => supportedLocales().includes(c))) return { fixture: false, restore() {} };
  const dir = mkdtempSync(join(tmpdir(), 'mb-locales-'));
  cpSync(real, dir, { recursive: true });
  for (const code of codes) {
    if (supportedLocales().includes(code)) continue;
    mkdirSync(join(dir, code), { recursive: true });
    writeFileSync(join(dir, code, 'fixture.ftl'), FIXTURE[code] ?? FIXTURE.generic!.replaceAll('CODE', code));
  }
  process.env.MEDIABOT_LOCALES_DIR = dir;
  reloadCatalog();
  return {
    fixture: true,
    restore() {
      delete process.env.MEDIABOT_LOCALES_DIR;
      reloadCatalog();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const FIXTURE: Record<string, string> = {
  es: `language-current = Te hablo en { $name } ({ $code }).
language-set = A partir de ahora te hablo en { $name } ({ $code }).
failure-unknown-command = No existe el comando { $given }. Mira { $help }.
    .title = Comando desconocido
`,
  'zh-CN': `language-current = 我用{ $name }（{ $code }）和你说话。
language-set = 从现在起我用{ $name }（{ $code }）和你说话。
language-community-set = 本社区的默认语言现在是{ $name }（{ $code }）。
failure-unknown-command = 没有命令 { $given }。请看 { $help }。
    .title = 未知命令
`,
  generic: `language-current = [CODE] { $name } ({ $code })
language-set = [CODE] { $name } ({ $code })
`,
};
