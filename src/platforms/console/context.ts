import type { Actor, CoreApi } from '../../core/api.js';

/** What every console command handler gets. */
export interface ConsoleContext {
  core: CoreApi;
  /** The console scope (`console:local`) and its single user, who is an admin there. */
  actor: Actor;
  /** Where results are written (created on demand). */
  outputDir: string;
  print(line: string): void;
  /** Video jobs started in this session and not finished yet. */
  pending: Set<string>;
}

/** The delivery target of console video jobs. */
export function consoleTarget(actor: Actor) {
  return { platform: 'console' as const, chatId: 'console', userExternalId: actor.user.externalId };
}
