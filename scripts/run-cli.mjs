// The operator commands behind `npm run admin|keygen|migrate|rekey`, in every setting with one script each:
// - a development checkout (tsx installed, src/ present): the TypeScript source, loaded through tsx, so an edit is
//   seen without a build;
// - production (`npm run build && npm prune --omit=dev`, or the container image, which has no src/ and no tsx):
//   the compiled dist/src/…js.
// The command runs in this same process (no child, so signals, stdin and the exit code are its own), with
// process.argv as if it had been started directly: `npm run admin -- budget show …` passes `budget show …`.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** npm script name → module under src/ (without extension). */
const COMMANDS = { admin: 'admin/cli', keygen: 'store/keygen-cli', migrate: 'store/migrate-cli', rekey: 'store/rekey-cli' };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
const entry = Object.hasOwn(COMMANDS, name ?? '') ? COMMANDS[name] : undefined;
if (!entry) {
  console.error(`usage: node scripts/run-cli.mjs <${Object.keys(COMMANDS).join('|')}> [arguments]`);
  process.exit(2);
}

function tsxInstalled() {
  try {
    import.meta.resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

const src = join(root, 'src', `${entry}.ts`);
const dist = join(root, 'dist', 'src', `${entry}.js`);
let target;
if (existsSync(src) && tsxInstalled()) {
  const { register } = await import('tsx/esm/api');
  register();
  target = src;
} else if (existsSync(dist)) {
  target = dist;
} else {
  console.error(`npm run ${name}: found neither dist/src/${entry}.js (run npm run build) nor tsx with src/${entry}.ts (run npm ci).`);
  process.exit(1);
}
process.argv = [process.argv[0], target, ...args];
await import(pathToFileURL(target).href);
