import { MessageFlags, type ChatInputCommandInteraction, type ModalSubmitInteraction } from 'discord.js';
import { actorOf, isAdmin } from '../actor.js';
import { clip, LIMITS } from '../render.js';
import { SETUP_TOKEN_MODAL, TOKEN_FIELD, TOKEN_LINK_MODAL, tokenModal } from './admin.js';
import { notAdminFailure, replyFailure, type HandlerContext } from './context.js';

/** `/token link` (modal) and `/token unlink`; usable in DMs and servers, always ephemeral. */
export async function handleToken(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  if (i.options.getSubcommand(true) === 'link') {
    await i.showModal(tokenModal(TOKEN_LINK_MODAL, 'Your gateway token'));
    return;
  }
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const res = await ctx.core.unlinkToken(actorOf(i), true);
  if (!res.ok) return replyFailure(i, ctx, res.failure);
  await i.editReply({ content: clip(res.value.text, LIMITS.content) });
}

/**
 * Submissions of the token modals. The token is registered as a secret before anything else (so no log line can
 * carry it), validated and stored by the core (`GET /v1/models` first), and only the core's masked text is shown.
 * The server token needs admin rights again: the modal could be submitted by someone else's client.
 */
export async function handleTokenModal(i: ModalSubmitInteraction, ctx: HandlerContext): Promise<void> {
  const token = i.fields.getTextInputValue(TOKEN_FIELD).trim();
  ctx.secrets?.add(token);
  const personal = i.customId !== SETUP_TOKEN_MODAL;
  if (!personal && !isAdmin(i, ctx.ownerIds)) return replyFailure(i, ctx, notAdminFailure());
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const res = await ctx.core.linkToken(actorOf(i), token, personal);
  if (!res.ok) return replyFailure(i, ctx, res.failure);
  await i.editReply({ content: clip(res.value.text, LIMITS.content) });
}
