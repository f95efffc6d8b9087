import type { Actor, CoreApi } from '../../core/api.js';
import * as info from './info-commands.js';
import { budget, usage } from './budget-command.js';
import type { ConsoleContext } from './context.js';
import { edit, imagine } from './image-commands.js';
import { splitCommand } from './parse.js';
import { video } from './video-command.js';

type Handler = (ctx: ConsoleContext, rest: string) => Promise<void>;

const HANDLERS: Record<string, Handler> = {
  imagine,
  edit,
  video,
  ask: info.ask,
  balance: (ctx) => info.balance(ctx),
  models: (ctx) => info.models(ctx),
  jobs: (ctx) => info.jobs(ctx),
  job: info.job,
  budget,
  usage,
  help: async (ctx) => ctx.print(info.helpText()),
};

/** Every command name the console knows (for completion and help). */
export const CONSOLE_COMMANDS = [...Object.keys(HANDLERS), 'quit'].map((c) => `/${c}`);

/**
 * One terminal conversation: turns lines into core calls and prints results. Commands run one at a time;
 * video jobs keep running after their command returns and are tracked in {@link ConsoleSession.pending}.
 */
export class ConsoleSession {
  readonly pending = new Set<string>();
  private readonly ctx: ConsoleContext;

  constructor(core: CoreApi, actor: Actor, outputDir: string, print: (line: string) => void) {
    this.ctx = { core, actor, outputDir, print, pending: this.pending };
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
    const { command, rest } = splitCommand(line);
    if (command === '' && rest === '') return;
    if (command === 'quit' || command === 'exit') return 'quit';
    if (command === '') return this.ctx.print('Commands start with a slash, e.g. /imagine a red fox. Type /help for the list.');
    const handler = HANDLERS[command];
    if (!handler) return this.ctx.print(`Unknown command /${command}. Type /help for the list.`);
    try {
      await handler(this.ctx, rest);
    } catch (e) {
      this.ctx.print(`✗ /${command} failed unexpectedly: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
