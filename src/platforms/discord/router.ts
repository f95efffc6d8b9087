import { actorOf } from './actor.js';
import { MessageFlags, type Interaction } from 'discord.js';
import { negotiateLocale } from '../../core/i18n/negotiate.js';
import { fail } from '../../core/failures.js';
import { EDIT_WITH_AI } from './commands/definitions.js';
import { handleAutocomplete } from './interactions/autocomplete.js';
import { handleButton, handleEditWithAi, handleMenu, handleModal } from './interactions/components.js';
import { handleSlash } from './interactions/slash.js';
import { clip, errorFields, LIMITS } from './render.js';
import { isAlreadyAcknowledged } from './shards.js';
import { DISCORD_SURFACE, type SurfaceContext } from './surface.js';

async function route(i: Interaction, ctx: SurfaceContext): Promise<void> {
  if (i.isAutocomplete()) return handleAutocomplete(i, ctx);
  if (i.isChatInputCommand()) return handleSlash(i, ctx);
  if (i.isMessageContextMenuCommand() && i.commandName === EDIT_WITH_AI) return handleEditWithAi(i, ctx);
  if (i.isButton()) return handleButton(i, ctx);
  if (i.isModalSubmit()) return handleModal(i, ctx);
  if (i.isStringSelectMenu()) return handleMenu(i, ctx);
}

/**
 * Routes one interaction. The dispatcher turns expected failures into replies; what lands here is unexpected
 * (Discord refusing an edit, a bug): logged without the interaction token and, when the interaction can still be
 * answered, the user gets the core's "something went wrong" text with its ref, privately. An interaction another
 * process already acknowledged (the same shard connected twice) is left alone: every command acknowledges before it
 * runs anything that costs, so the loser has done nothing and answers nothing.
 */
export async function routeInteraction(i: Interaction, ctx: SurfaceContext): Promise<void> {
  try {
    await route(i, ctx);
  } catch (e) {
    if (isAlreadyAcknowledged(e)) {
      ctx.logger.warn({ interactionId: i.id, type: i.type }, 'discord: interaction already acknowledged by another process (is the same shard running twice? see DISCORD_SHARD_IDS); left to it');
      return;
    }
    const failure = fail('internal', {}, { log: { note: errorFields(e).message } });
    ctx.logger.error({ error: errorFields(e), ref: failure.ref, interactionId: i.id, type: i.type }, 'discord: handler failed');
    if (i.isRepliable()) {
      const content = clip(ctx.core.explain(failure, DISCORD_SURFACE.commandHint, { actor: actorOf(i), surface: DISCORD_SURFACE.id }, negotiateLocale(i.locale)), LIMITS.content);
      const answer = i.deferred || i.replied ? i.followUp({ content, flags: MessageFlags.Ephemeral }) : i.reply({ content, flags: MessageFlags.Ephemeral });
      await answer.catch(() => undefined);
    } else if (i.isAutocomplete() && !i.responded) await i.respond([]).catch(() => undefined);
  }
}
