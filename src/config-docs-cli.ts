/**
 * `npm run docs:config`: regenerates the configuration table of README.md and `.env.example` from the schema in
 * `src/config.ts`. `--check` writes nothing and exits 1 when either file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderEnvExample, updateReadme } from './config-docs.js';

const check = process.argv.includes('--check');
const files: [string, (old: string) => string][] = [
  ['README.md', updateReadme],
  ['.env.example', () => renderEnvExample()],
];
let stale = 0;
for (const [path, render] of files) {
  const old = readFileSync(path, 'utf8');
  const next = render(old);
  if (next === old) continue;
  stale += 1;
  if (check) process.stderr.write(`${path} is out of date: run npm run docs:config\n`);
  else {
    writeFileSync(path, next);
    process.stdout.write(`updated ${path}\n`);
  }
}
if (check && stale) process.exitCode = 1;
