import type { Actor, ArgValue, CommandDefinition, SurfaceCore } from '../../core/api/surface.js';
import { FINAL_STATUSES } from '../../core/api/jobs.js';
import type { CommandDispatcher } from '../../core/commands/dispatch.js';
import { parseCommandText } from '../../core/commands/grammar.js';
import { t } from '../../core/i18n/catalog.js';
import { say } from '../../core/i18n/phrase.js';
import { commandArgs, findCommand } from '../../core/commands/lookup.js';
import { consoleRequest, CONSOLE_SURFACE, type ConsoleAddress } from './console-surface.js';
import { isFile, localFile, takeImageFlags } from './local-files.js';
import { renderReply } from './render.js';
import { postReply } from '../../core/jobs/post-result.js';

/** What a session works with; built by the playground. */
export interface ConsoleSessionDeps {
  dispatcher: CommandDispatcher;
  core: SurfaceCore;
  /** The console scope and its single user (an admin there). */
  actor: Actor;
  /** This playground process's delivery address (videos come back here). */
  address: ConsoleAddress;
  /** Where results are written (created on demand). */
  outputDir: string;
  print(line: string): void;
}

const FINAL = new Set<string>(FINAL_STATUSES);

/** `/token …` and `/setup token …`: linking a gateway token makes no sense on the playground's own gateway. */
const TOKEN_COMMAND = /^\/(?:token|setup\s+token)(?:\s|$)/i;

/** Every command name the console completes: the listed commands of the registry, and `/quit`. */
export function consoleCommandNames(commands: readonly CommandDefinition[]): string[] {
  return [...commands.filter((c) => !c.hidden).map((c) => `/${c.name}`), '/quit'];
}

/**
 * One terminal conversation over the command layer: each line is parsed with the shared text grammar (console-only:
 * `--image <path>` names local files), run by the dispatcher as the console user, and its reply printed. Commands
 * run one at a time; video jobs keep running after their command returns and are tracked in {@link pending}.
 */
export class ConsoleSession {
  readonly pending = new Set<string>();

  constructor(private readonly deps: ConsoleSessionDeps) {}

  get commands(): readonly CommandDefinition[] {
    return this.deps.dispatcher.commands;
  }

  /** A video job ended (delivered or failed). */
  finished(jobId: string): void {
    this.pending.delete(jobId);
  }

  /**
   * Handles one line. Returns 'quit' for `/quit` (and `/exit`). Unexpected errors are printed, never thrown,
   * so one bad command does not end the session.
   */
  async handle(line: string): Promise<'quit' | void> {
    const text = line.trim();
    if (text === '') return;
    if (/^\/(quit|exit)$/i.test(text)) return 'quit';
    const { print, core, actor } = this.deps;
    // The language in effect now (`/language` may have changed it), also for the lines that never reach the dispatcher.
    const locale = await core.locale(actor).catch(() => actor.locale ?? 'en');
    if (!text.startsWith('/')) return print(t(locale, 'playground-slash'));
    if (TOKEN_COMMAND.test(text)) {
      return print(`✗ ${t(locale, 'playground-no-token', { command: text.split(/\s+/).slice(0, /^\/setup/i.test(text) ? 2 : 1).join(' ') })}`);
    }
    try {
      await this.run(text, locale);
    } catch (e) {
      print(`✗ ${t(locale, 'playground-unexpected', { command: text.split(/\s/)[0] ?? '', error: e instanceof Error ? e.message : String(e) })}`);
    }
  }

  private async run(text: string, locale: string): Promise<void> {
    const { dispatcher, core, actor, print } = this.deps;
    const images = takeImageFlags(text);
    if ('error' in images) return print(`✗ ${say(locale, images.error)}`);
    const parsed = parseCommandText(images.text, this.commands);
    if (!parsed.ok) return print(`✗ ${core.explain(parsed.failure, CONSOLE_SURFACE.commandHint, { actor, surface: CONSOLE_SURFACE.id, admin: true }, locale)}`);
    const args: Record<string, ArgValue> = { ...parsed.args };
    if (images.paths.length > 0) {
      const missing = images.paths.findIndex((p) => !isFile(p));
      if (missing >= 0) return print(`✗ ${t(locale, 'playground-no-file', { typed: images.typed[missing] ?? '', path: images.paths[missing] ?? '' })}`);
      const spec = commandArgs(findCommand(this.commands, parsed.command), parsed.subcommand).find((a) => a.kind === 'attachment')?.name;
      if (!spec) return print(`✗ ${t(locale, 'playground-no-image', { command: `/${parsed.command}` })}`);
      args[spec] = images.paths.map(localFile);
    }
    const reply = await dispatcher.run({
      command: parsed.command,
      ...(parsed.subcommand ? { subcommand: parsed.subcommand } : {}),
      args,
      request: consoleRequest(actor, this.deps.address, print),
    });
    if (reply.silent) return;
    await postReply(
      this.deps.core,
      reply,
      async () => {
        const written = await renderReply({ print, outputDir: this.deps.outputDir, commands: this.commands }, reply);
        return written.length ? written : ['console'];
      },
      { surface: 'console', failure: (e) => ({ reason: e instanceof Error ? e.message : String(e) }) },
    );
    if (parsed.command === 'help' && reply.tone !== 'error' && args.command === undefined) print(`  ${t(reply.locale ?? locale, 'playground-help-quit')}`);
    if (reply.jobId && reply.tone !== 'error' && !reply.files?.length) await this.track(reply.jobId);
  }

  /** Remembers a video job that is still running, so the end of the input waits for it. */
  private async track(jobId: string): Promise<void> {
    const r = await this.deps.core.job(this.deps.actor, jobId);
    if (r.ok && r.value.kind === 'video' && !FINAL.has(r.value.status)) this.pending.add(jobId);
  }
}
