import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogue, installCatalogue, loadCatalogue, reloadCatalog, supportedLocales, t } from '../../src/core/i18n/catalog.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the message catalogue', () => {
  afterEach(() => reloadCatalog());

  it('is not read when the core, the composition root or an entry point is imported: words are read when first asked', () => {
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(ROOT, 'test/fixtures/i18n-import-probe.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { atImport: string[]; installedAtImport: boolean; afterWord: number; description: string };
    expect(out.atImport).toEqual([]);
    expect(out.installedAtImport).toBe(false);
    // Asking one word loads the whole catalogue once (every locale's files), and the definition reads it.
    expect(out.afterWord).toBeGreaterThan(6);
    expect(out.description).toBe(t('en', 'cmd-imagine'));
  });

  it('keeps English built and builds another locale on its first word; a broken file of any locale still fails the load', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-catalogue-'));
    try {
      for (const [code, text] of [['en', 'hello = Hello\n'], ['es', 'hello = Hola\n'], ['ja', 'hello = こんにちは\n']] as const) {
        mkdirSync(join(dir, code));
        writeFileSync(join(dir, code, 'x.ftl'), text);
      }
      const c = loadCatalogue(dir);
      expect(c.supported).toEqual(['en', 'es', 'ja']);
      expect(c.built()).toEqual(['en']);
      expect(c.t('es', 'hello')).toBe('Hola');
      expect(c.built()).toEqual(['en', 'es']);
      expect(c.t('ja', 'hello')).toBe('こんにちは');
      expect(c.t('xx', 'hello')).toBe('Hello');
      expect(c.built()).toEqual(['en', 'es', 'ja']);
      // A message repeated in a locale that is not built at load is still reported at load.
      writeFileSync(join(dir, 'ja', 'y.ftl'), 'hello = また\n');
      expect(() => loadCatalogue(dir)).toThrow(/locales\/ja\/y\.ftl/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the one installed: every word comes from the catalogue the composition root built', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-catalogue-'));
    try {
      mkdirSync(join(dir, 'en'));
      writeFileSync(join(dir, 'en', 'x.ftl'), 'cmd-imagine = Paint something\n');
      mkdirSync(join(dir, 'eo'));
      writeFileSync(join(dir, 'eo', 'x.ftl'), 'cmd-imagine = Pentri bildon\n');
      const c = loadCatalogue(dir);
      installCatalogue(c);
      expect(catalogue()).toBe(c);
      expect(supportedLocales()).toEqual(['en', 'eo']);
      expect(t('en', 'cmd-imagine')).toBe('Paint something');
      expect(t('eo', 'cmd-imagine')).toBe('Pentri bildon');
      // A message this catalogue lacks is named by its id, as with any missing message.
      expect(t('en', 'cmd-video')).toBe('cmd-video');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
