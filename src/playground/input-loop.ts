import { FINAL_STATUSES } from '../core/api/jobs.js';
import { createInterface, type Interface } from 'node:readline';
import { t } from '../core/i18n/catalog.js';
import { formatDuration } from '../core/i18n/format.js';
import type { RunningPlayground } from './playground.js';
import { consoleCommandNames } from '../platforms/console/session.js';

/** The commands of the scripted demo run when stdin is not a terminal and carries no data at all. */
export const DEMO_SCRIPT = ['/imagine a red fox in the snow', '/video ocean waves at sunset --seconds 4', '/balance'];

const FINAL = new Set<string>(FINAL_STATUSES);

/**
 * Waits until every video job of the session ended (delivered or failed), at most `waitMs`, printing a progress
 * line every 10 s. Returns how many are still running. Checks the job rows too, so a job that ended without
 * a delivery callback (e.g. kept as too large) does not hold the wait.
 */
export async function waitForPending(pg: RunningPlayground, waitMs: number, stopped: () => boolean = () => false): Promise<number> {
  const { session, app, actor } = pg;
  if (session.pending.size === 0) return 0;
  const deadline = Date.now() + waitMs;
  let nextNote = 0;
  while (session.pending.size > 0 && Date.now() < deadline && !stopped()) {
    if (Date.now() >= nextNote) {
      pg.print(`… ${t(pg.actor.locale ?? 'en', 'playground-waiting', { count: session.pending.size, left: formatDuration(pg.actor.locale ?? 'en', Math.max(0, deadline - Date.now())) })}`);
      nextNote = Date.now() + 10_000;
    }
    await new Promise((r) => setTimeout(r, 250));
    for (const id of [...session.pending]) {
      const r = await app.core.job(actor, id);
      if (r.ok && FINAL.has(r.value.status)) session.finished(id);
    }
  }
  return session.pending.size;
}

/**
 * Reads commands line by line from a pipe or file. With no line at all (e.g. `< /dev/null`), runs {@link DEMO_SCRIPT}
 * instead. At the end of the input, waits for running videos (bounded by `settings.waitMs`); what becomes of those
 * still running is said by {@link RunningPlayground.close}. Returns the exit code.
 */
export async function runPiped(pg: RunningPlayground, input: NodeJS.ReadableStream, stopped: () => boolean): Promise<number> {
  const rl = createInterface({ input, terminal: false, crlfDelay: Infinity });
  let lines = 0;
  for await (const line of rl) {
    lines++;
    if (stopped()) break;
    if (line.trim() === '') continue;
    pg.print(`> ${line.trim()}`);
    if ((await pg.session.handle(line)) === 'quit') break;
  }
  rl.close();
  if (lines === 0 && !stopped()) return runDemo(pg, stopped);
  await waitForPending(pg, pg.settings.waitMs, stopped);
  return 0;
}

/** The scripted demo: one image, one short video (waited for), then the balance. */
export async function runDemo(pg: RunningPlayground, stopped: () => boolean): Promise<number> {
  pg.print(t(pg.actor.locale ?? 'en', 'playground-demo'));
  for (const line of DEMO_SCRIPT) {
    if (stopped()) break;
    if (line.startsWith('/balance')) await waitForPending(pg, pg.settings.waitMs, stopped);
    pg.print(`> ${line}`);
    await pg.session.handle(line);
  }
  pg.print(t(pg.actor.locale ?? 'en', 'playground-demo-done', { dir: pg.settings.outputDir }));
  return 0;
}

/**
 * The interactive prompt (node:readline): history, tab completion of command names, `/quit` or Ctrl-C to leave.
 * Lines printed while a command is not running (video progress) redraw the prompt.
 */
export async function runInteractive(pg: RunningPlayground, input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<number> {
  const names = consoleCommandNames(pg.session.commands);
  const rl: Interface = createInterface({
    input,
    output,
    terminal: true,
    historySize: 200,
    prompt: 'mediabot> ',
    completer: (line: string) => [names.filter((c) => c.startsWith(line)), line],
  });
  let busy = false;
  rl.on('SIGINT', () => rl.close());
  pg.setSink((text) => {
    if (busy) return void output.write(text);
    output.write(`\r\x1b[K${text}`);
    rl.prompt(true);
  });
  rl.prompt();
  for await (const line of rl) {
    busy = true;
    const quit = (await pg.session.handle(line)) === 'quit';
    busy = false;
    if (quit) break;
    rl.prompt();
  }
  rl.close();
  pg.setSink((text) => void output.write(text));
  return 0;
}
