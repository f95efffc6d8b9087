import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries, packagesLoadedBy, readImports, type BoundaryRules } from '../support/boundaries.js';

/**
 * The floor plan's import rules (docs/ARCHITECTURE.md), read from the real imports of `src/`:
 * - a platform library is imported only inside its platform's folder (type imports too);
 * - a platform's folder imports no other platform's folder;
 * - `src/core` imports only its own files and the pure packages below, types included (its logger is a port);
 * - no cycle between folders of `src/` over value imports (static, re-exports and `import(…)`). Type-only imports may
 *   point back (the platform contract names `Config` and the app's `SurfaceStarter`): they are erased at build and
 *   change no load order.
 * - loading the configuration (which loads every platform module for its schema section) loads no platform library:
 *   a platform imports its library inside its starters, so the playground and the CLIs never load it.
 */
const RULES: BoundaryRules = {
  platformLibraries: {
    'discord.js': 'platforms/discord',
    '@discordjs/*': 'platforms/discord',
    grammy: 'platforms/telegram',
    '@grammyjs/*': 'platforms/telegram',
    // The web pages' HTTP framework: only the web surface speaks HTTP to browsers.
    hono: 'web',
    '@hono/*': 'web',
  },
  platforms: 'platforms',
  core: 'core',
  // Messages (Fluent), validation (zod), image headers (image-size), and Node's file, path, URL and hash modules
  // (the catalogue reads locales/, ids and hashes). No HTTP, SQL, platform or process library.
  coreAllowedPackages: ['@fluent/bundle', '@fluent/langneg', 'zod', 'image-size', 'node:crypto', 'node:fs', 'node:path', 'node:url', 'node:zlib'],
};

const SRC = join(import.meta.dirname, '../../src');
const temps: string[] = [];

/** A throwaway source tree: path → file text. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  temps.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

describe('import boundaries', () => {
  it('src/ keeps every rule', () => {
    expect(checkBoundaries(SRC, RULES)).toEqual([]);
  });

  it('the core contract (src/core/api/) imports and re-exports types only: naming it loads nothing', () => {
    const contract = readImports(SRC).filter((e) => e.from.startsWith('core/api/'));
    expect(contract.length).toBeGreaterThan(10);
    expect(contract.filter((e) => !e.typeOnly).map((e) => `${e.from} → ${e.specifier}`)).toEqual([]);
  });

  it('a platform library outside its folder is refused, type imports and subpaths included', () => {
    const root = tree({
      'platforms/discord/bot.ts': "import { Client } from 'discord.js';\nimport { REST } from '@discordjs/rest';\nexport const c = [Client, REST];\n",
      'platforms/telegram/bot.ts': "import { Bot } from 'grammy';\nexport const b = Bot;\n",
      'jobs/poller.ts': "import { Client } from 'discord.js';\nexport const c = Client;\n",
      'app/compose.ts': "import type { Api } from 'grammy';\nexport type A = Api;\n",
      'ops/metrics.ts': "export const load = () => import('@discordjs/rest');\n",
      'platforms/telegram/discord-bridge.ts': "export { Client } from 'discord.js';\n",
    });
    expect(checkBoundaries(root, RULES)).toEqual([
      { rule: 'platform-library', detail: "app/compose.ts imports grammy, which belongs in platforms/telegram/" },
      { rule: 'platform-library', detail: "jobs/poller.ts imports discord.js, which belongs in platforms/discord/" },
      { rule: 'platform-library', detail: "ops/metrics.ts imports @discordjs/rest, which belongs in platforms/discord/" },
      { rule: 'platform-library', detail: "platforms/telegram/discord-bridge.ts imports discord.js, which belongs in platforms/discord/" },
    ]);
  });

  it("a platform's folder importing another platform's folder is refused; the shared files and the registry are not", () => {
    const root = tree({
      'platforms/registry.ts': "import { d } from './discord/module.js';\nimport { t } from './telegram/module.js';\nexport const all = [d, t];\n",
      'platforms/read-capped.ts': 'export const cap = 1;\n',
      'platforms/discord/module.ts': "import { cap } from '../read-capped.js';\nexport const d = cap;\n",
      'platforms/telegram/module.ts': "import type { X } from '../discord/types.js';\nexport const t: X = 1;\n",
      'platforms/discord/types.ts': 'export type X = number;\n',
    });
    expect(checkBoundaries(root, RULES)).toEqual([
      { rule: 'platform-isolation', detail: 'platforms/telegram/module.ts imports ../discord/types.js, a file of another platform (discord)' },
    ]);
  });

  it('the core imports its own files and the listed packages, and nothing else, types included', () => {
    const root = tree({
      'log.ts': 'export type Logger = { info(m: string): void };\nexport const createLogger = (): Logger => ({ info: () => undefined });\n',
      'store/db.ts': 'export const db = 1;\n',
      'core/ok.ts': "import { z } from 'zod';\nimport { readFile } from 'node:fs/promises';\nimport type { Logger } from '../log.js';\nimport { x } from './inner/x.js';\nexport const ok = [z, readFile, x] as const;\nexport type L = Logger;\n",
      'core/inner/x.ts': "import { createHash } from 'crypto';\nexport const x = createHash;\n",
      'core/http.ts': "import { request } from 'undici';\nexport const r = request;\n",
      'core/net.ts': "import { get } from 'node:http';\nexport const g = get;\n",
      'core/store.ts': "import { db } from '../store/db.js';\nexport const d = db;\n",
      'core/logger.ts': "import { createLogger } from '../log.js';\nexport const l = createLogger;\n",
      'core/lazy.ts': "export const k = () => import('kysely');\n",
    });
    expect(checkBoundaries(root, RULES)).toEqual([
      { rule: 'core-import', detail: 'core/http.ts imports the package undici, not one the core may use' },
      { rule: 'core-import', detail: 'core/lazy.ts imports the package kysely, not one the core may use' },
      { rule: 'core-import', detail: 'core/logger.ts imports ../log.js, outside core/' },
      { rule: 'core-import', detail: 'core/net.ts imports the package node:http, not one the core may use' },
      { rule: 'core-import', detail: 'core/ok.ts imports ../log.js, outside core/' },
      { rule: 'core-import', detail: 'core/store.ts imports ../store/db.js, outside core/' },
    ]);
  });

  it('a folder cycle over value imports is refused, dynamic imports included; type-only imports may point back', () => {
    const files = {
      'jobs/poller.ts': "import { save } from '../store/save.js';\nexport const poll = save;\n",
      'store/save.ts': 'export const save = 1;\n',
      'app/compose.ts': "import { poll } from '../jobs/poller.js';\nexport const start = poll;\n",
      'platforms/discord/module.ts': "import type { start } from '../../app/compose.js';\nimport { type Kind, other } from '../../store/kinds.js';\nexport type S = typeof start | Kind;\nexport const o = other;\n",
      'store/kinds.ts': "import { type Started } from '../app/started.js';\nexport type Kind = Started;\nexport const other = 2;\n",
      'app/started.ts': "import { platform } from '../platforms/registry.js';\nexport type Started = typeof platform;\n",
      'platforms/registry.ts': "import { o } from './discord/module.js';\nexport const platform = o;\n",
    };
    expect(checkBoundaries(tree(files), RULES)).toEqual([]);
    const withCycle = { ...files, 'store/back.ts': "export const back = () => import('../jobs/poller.js');\n" };
    expect(checkBoundaries(tree(withCycle), RULES)).toEqual([{ rule: 'folder-cycle', detail: 'jobs -> store -> jobs' }]);
    const withLongCycle = { ...files, 'store/kinds.ts': "import { started } from '../app/started.js';\nexport type Kind = number;\nexport const other = started;\n", 'app/started.ts': "import { platform } from '../platforms/registry.js';\nexport const started = platform;\n" };
    expect(checkBoundaries(tree(withLongCycle), RULES)).toEqual([{ rule: 'folder-cycle', detail: 'app -> jobs -> store -> app' }]);
  });

  it('starting a bot with the default settings loads no library that only other settings (or a first video) need', () => {
    // What the composition root loads before any setting is read (a Telegram-only bot, no Redis, no PostgreSQL, no
    // spacing between gateway calls): each of these is imported where the setting that needs it is known; mp4box
    // when the first video is probed.
    const optional = ['ioredis', 'bottleneck', 'pg', 'better-sqlite3', 'discord.js', 'grammy', 'echarts', '@resvg/resvg-js', '@ffmpeg-installer/ffmpeg', 'mp4box', 'hono', '@hono/node-server'];
    const edges = readImports(SRC);
    expect([...packagesLoadedBy(edges, 'app/compose.ts')].filter((p) => optional.includes(p))).toEqual([]);
  });

  it('loading the configuration and the platform registry loads no platform library', () => {
    const libraries = Object.keys(RULES.platformLibraries).map((p) => p.replace(/\/\*$/, '/'));
    const isPlatformLibrary = (pkg: string) => libraries.some((l) => (l.endsWith('/') ? pkg.startsWith(l) : pkg === l));
    const edges = readImports(SRC);
    expect([...packagesLoadedBy(edges, 'config.ts')].filter(isPlatformLibrary)).toEqual([]);
    expect([...packagesLoadedBy(edges, 'main.ts')].filter(isPlatformLibrary)).toEqual([]);
    const heavy = tree({
      'config.ts': "import { all } from './platforms/registry.js';\nexport const c = all;\n",
      'platforms/registry.ts': "import { t } from './telegram/module.js';\nimport { d } from './discord/module.js';\nexport const all = [t, d];\n",
      'platforms/telegram/module.ts': "import { Api } from 'grammy';\nexport const t = Api;\n",
      'platforms/discord/module.ts': "import type { Client } from 'discord.js';\nexport const d = () => import('./bot.js');\nexport type C = Client;\n",
      'platforms/discord/bot.ts': "import { Client } from 'discord.js';\nexport const bot = Client;\n",
    });
    expect([...packagesLoadedBy(readImports(heavy), 'config.ts')]).toEqual(['grammy']);
  });
});
