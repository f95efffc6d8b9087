import { animateCommand } from './pieces/animate.js';
import { approveCommand } from './pieces/approve.js';
import { askCommand } from './pieces/ask.js';
import { balanceCommand } from './pieces/balance.js';
import { webCommand } from './pieces/web.js';
import { budgetCommand } from './pieces/budget.js';
import { editCommand } from './pieces/edit.js';
import { imagineCommand } from './pieces/imagine.js';
import { jobCommand } from './pieces/job.js';
import { jobsCommand } from './pieces/jobs.js';
import { languageCommand } from './pieces/language.js';
import { settingsCommand } from './pieces/settings.js';
import { modelsCommand } from './pieces/models.js';
import { pricesCommand } from './pieces/prices.js';
import { queueCommand } from './pieces/queue.js';
import { remixCommand } from './pieces/remix.js';
import { rerollCommand } from './pieces/reroll.js';
import { setupCommand } from './pieces/setup.js';
import { tokenCommand } from './pieces/token.js';
import { usageCommand } from './pieces/usage.js';
import { upscaleCommand, varyCommand } from './pieces/variations.js';
import { videoCommand } from './pieces/video.js';
import { helpCommand } from './help.js';
import type { CommandDefinition } from './types.js';

export { commandArgs, findCommand, suggestCommand } from './lookup.js';

/**
 * Every chat command, in a stable order (menus, `/help` and Discord registration follow it; Discord's command
 * hash changes only when a definition does). A fresh array per call; the definitions themselves are shared constants.
 */
export function commandRegistry(): readonly CommandDefinition[] {
  const all: CommandDefinition[] = [
    imagineCommand,
    editCommand,
    videoCommand,
    askCommand,
    balanceCommand,
    jobsCommand,
    jobCommand,
    queueCommand,
    modelsCommand,
    budgetCommand,
    usageCommand,
    setupCommand,
    pricesCommand,
    tokenCommand,
    rerollCommand,
    animateCommand,
    remixCommand,
    varyCommand,
    upscaleCommand,
    languageCommand,
    settingsCommand,
    approveCommand,
    webCommand,
  ];
  all.push(helpCommand(() => all));
  return all;
}
