import type { SurfaceCore, SurfaceInfo } from '../../core/api/surface.js';
import type { CommandDispatcher } from '../../core/commands/dispatch.js';
import type { Logger, SecretSet } from '../../log.js';
import type { RemoteFile } from './attachments.js';
import { optionNamesOf } from './commands/option-names.js';

/**
 * Discord as the core sees it: slash commands (`/setup token`), buttons under results, and options named as the
 * slash command shows them (`model:`, `image1:`; none for a secret, which a private modal asks for).
 */
export const DISCORD_SURFACE: SurfaceInfo = {
  id: 'discord',
  buttons: true,
  previews: true,
  commandHint: (command, subcommand) => (subcommand ? `/${command} ${subcommand}` : `/${command}`),
  optionHint(arg, at) {
    const names = optionNamesOf(at, arg);
    return names.length ? names.map((n) => `${n}:`).join(' ') : undefined;
  },
};

/** Image attachments of a message picked with "Edit with AI", kept until its modal is submitted. */
export interface PendingEdit {
  readonly files: readonly RemoteFile[];
  readonly expiresAt: number;
}

/** What every interaction handler gets. No Discord client state: everything else comes with the interaction. */
export interface SurfaceContext {
  readonly dispatcher: CommandDispatcher;
  /** For what is not a command: autocomplete (`cachedModels`), `recordDelivery`, `touch`, `explain`. */
  readonly core: SurfaceCore;
  readonly logger: Logger;
  /** Typed secrets (gateway tokens from modals) are added here before anything can log them. */
  readonly secrets?: SecretSet;
  /** Keyed by a short id carried in the "Edit with AI" modal's custom id; entries live 15 minutes. */
  readonly pendingEdits: Map<string, PendingEdit>;
}
