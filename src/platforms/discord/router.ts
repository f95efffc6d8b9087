import type { ChatInputCommandInteraction, Interaction } from 'discord.js';
import { fail } from '../../core/failures.js';
import { EDIT_WITH_AI } from './commands/definitions.js';
import { errorFields, parseCustomId } from './render.js';
import { handleBudget, handleSetup, handleUsage, SETUP_TOKEN_MODAL, TOKEN_LINK_MODAL } from './handlers/admin.js';
import { handleAutocomplete } from './handlers/autocomplete.js';
import { handleButton, handleEditWithAi, handleInstructionModal } from './handlers/components.js';
import { replyFailure, type HandlerContext } from './handlers/context.js';
import { handleBalance, handleJob, handleJobs, handleModels } from './handlers/info.js';
import { handleAsk, handleEdit, handleImagine, handleVideo } from './handlers/media.js';
import { handleToken, handleTokenModal } from './handlers/token.js';

type SlashHandler = (i: ChatInputCommandInteraction, ctx: HandlerContext) => Promise<void>;

const SLASH: Record<string, SlashHandler> = {
  imagine: handleImagine,
  edit: handleEdit,
  video: handleVideo,
  ask: handleAsk,
  balance: handleBalance,
  jobs: handleJobs,
  job: handleJob,
  models: handleModels,
  budget: handleBudget,
  usage: handleUsage,
  setup: handleSetup,
  token: handleToken,
};

async function dispatch(i: Interaction, ctx: HandlerContext): Promise<void> {
  if (i.isAutocomplete()) return handleAutocomplete(i, ctx);
  if (i.isChatInputCommand()) {
    const h = SLASH[i.commandName];
    if (h) await h(i, ctx);
    return;
  }
  if (i.isMessageContextMenuCommand() && i.commandName === EDIT_WITH_AI) return handleEditWithAi(i, ctx);
  if (i.isButton()) return handleButton(i, ctx);
  if (i.isModalSubmit()) {
    if (i.customId === SETUP_TOKEN_MODAL || i.customId === TOKEN_LINK_MODAL) return handleTokenModal(i, ctx);
    const action = parseCustomId(i.customId)?.action;
    if (action === 'editm' || action === 'ctxm') return handleInstructionModal(i, ctx);
  }
}

/**
 * Routes one interaction to its handler. Unexpected errors are logged (never the interaction token) and, when the
 * interaction can still be answered, the user gets the core's "something went wrong" text with a ref.
 */
export async function routeInteraction(i: Interaction, ctx: HandlerContext): Promise<void> {
  try {
    await dispatch(i, ctx);
  } catch (e) {
    const failure = fail('internal', {}, { log: { note: errorFields(e).message } });
    ctx.logger.error({ error: errorFields(e), ref: failure.ref, interactionId: i.id, type: i.type }, 'discord: handler failed');
    if (i.isRepliable()) await replyFailure(i, ctx, failure).catch(() => undefined);
    else if (i.isAutocomplete() && !i.responded) await i.respond([]).catch(() => undefined);
  }
}
