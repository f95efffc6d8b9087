// Part of `npm run build`, after tsc and copy-assets: replaces dist/src/main.js (the bot's entry: `npm run
// start:prod`, the container's CMD) with an esbuild bundle of the same sources, split at every dynamic import, so
// a start loads a few dozen files instead of ~700 modules. Measured with `npm run bench -- startup` against the
// per-module build in the same run: start → first getUpdates 0.60×, idle RSS 8 s after start 0.85× (bench/RESULTS.md,
// issue 20's fourth pass).
// Every other file of dist/ stays tsc's per-module output: the operator CLIs, the health check, and the modules that
// `npm run test:dist` imports; the bundle's chunks (dist/src/_*.js) sit beside main.js.
//
// Bundled: our sources and the packages every start loads (BUNDLED below). Every other package stays in
// node_modules and is imported from there as before: native addons, packages that find files beside themselves
// (__dirname, worker threads, binaries), and the ones loaded only on some paths (discord.js, pg, ioredis, the web).
// A package added later is therefore external until it is listed here on purpose.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = `${ROOT}/src/`;
const OUT = `${ROOT}/dist/src`;

/** Packages every start loads (ESM graphs of hundreds of files, or CommonJS trees) that look up no files of theirs. */
const BUNDLED = new Set(['kysely', 'zod', 'undici', 'grammy', 'image-size', 'bottleneck', '@fluent/bundle', '@fluent/langneg']);

/** `pkg` of a bare specifier (`@scope/name/sub` → `@scope/name`); undefined for relative paths and node: builtins. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Our files' (src/, migrations/) imports of unlisted packages stay imports of node_modules. Packages bundled for us
 * bring what they import (grammY's node-fetch, undici's parser), since nothing else loads those.
 */
const externals = {
  name: 'mediabot-externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const pkg = packageOf(args.path);
      if (pkg === undefined) return undefined;
      if (!args.importer.includes('/node_modules/') && !BUNDLED.has(pkg)) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/**
 * A source file's `import.meta.url` keeps meaning "where tsc put this file" (dist/src/<same path>.js), which is what
 * the files beside it are found from (the simulator's and charts' assets, ../../../locales). Every output lands in
 * dist/src/, so the rewrite is relative to it. import.meta.dirname/filename are refused: nothing rewrites them.
 */
const keepModuleUrls = {
  name: 'mediabot-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(SRC)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)/.test(text)) {
        return { errors: [{ text: `${relative(ROOT, args.path)} uses import.meta.dirname/filename: use import.meta.url (the bundle rewrites only that)` }] };
      }
      const asBuilt = `./${relative(SRC, args.path).replace(/\.ts$/, '.js')}`;
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(asBuilt)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

await build({
  absWorkingDir: ROOT,
  entryPoints: { main: 'src/main.ts' },
  outdir: OUT,
  entryNames: '[name]',
  chunkNames: '_[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS packages (grammY, undici) call require() for Node's builtins.
  banner: { js: "import { createRequire as __mediabotRequire } from 'node:module'; const require = __mediabotRequire(import.meta.url);" },
  plugins: [externals, keepModuleUrls],
});
