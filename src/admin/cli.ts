/**
 * `npm run admin -- <command>`: the operator CLI (budgets, tokens, usage, jobs, audit) on the configured
 * database. See `npm run admin -- help`. Exit codes: 0 ok, 1 request refused, 2 malformed command line.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadConfig, loadDotEnv } from '../config.js';
import { runAdmin } from './run.js';

/** Reads the first non-empty line of stdin; at a terminal, prompts on stderr and does not echo what is typed. */
async function readSecret(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (stdin.isTTY) {
    process.stderr.write(prompt);
    const muted = new Writable({ write: (_c, _e, cb) => cb() });
    const rl = createInterface({ input: stdin, output: muted, terminal: true });
    const line = await new Promise<string>((resolve) => rl.once('line', resolve).once('close', () => resolve('')));
    rl.close();
    process.stderr.write('\n');
    return line;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
}

loadDotEnv();
const code = await runAdmin(process.argv.slice(2), () => loadConfig(), {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  readSecret,
});
process.exitCode = code;
