import {
  ActionRowBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ChatInputCommandInteraction,
  type User,
} from 'discord.js';
import type { AdminCommand } from '../../../core/api.js';
import { actorOf, isAdmin, scopeOf, userRefOf } from '../actor.js';
import { clip, customId, LIMITS } from '../render.js';
import { notAdminFailure, replyFailure, type HandlerContext } from './context.js';

/** Custom id of the modal asking for the server's gateway token. */
export const SETUP_TOKEN_MODAL = customId('setup-token');
/** Custom id of the modal asking for a personal gateway token. */
export const TOKEN_LINK_MODAL = customId('token-link');
/** The text input's custom id in both token modals. */
export const TOKEN_FIELD = 'token';

/** A modal with one short text input for a gateway token, so the token never appears in the channel. */
export function tokenModal(id: string, title: string): ModalBuilder {
  const input = new TextInputBuilder()
    .setCustomId(TOKEN_FIELD)
    .setLabel('Gateway token (sk-…)')
    .setStyle(TextInputStyle.Short)
    .setRequired(true)
    .setMinLength(8)
    .setMaxLength(200);
  return new ModalBuilder().setCustomId(id).setTitle(title).addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
}

/** Remembers the target member (so the core can resolve them) and returns the id the core expects. */
async function target(i: ChatInputCommandInteraction, ctx: HandlerContext, user: User): Promise<string> {
  await ctx.core.touch({ scope: scopeOf(i), user: userRefOf(user) }).catch(() => undefined);
  return user.id;
}

/** `/budget <sub>` → an {@link AdminCommand}; amounts stay text (the core parses them exactly). */
async function budgetCommand(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<AdminCommand> {
  const sub = i.options.getSubcommand(true);
  const amount = () => i.options.getString('amount', true);
  const period = i.options.getString('period') ?? undefined;
  const user = async () => target(i, ctx, i.options.getUser('user', true));
  switch (sub) {
    case 'default':
      return { op: 'default', amount: amount(), period };
    case 'set':
      return { op: 'set', target: await user(), amount: amount(), period };
    case 'clear':
      return { op: 'clear', target: await user() };
    case 'pool':
      return { op: 'pool', amount: amount(), period };
    case 'block':
      return { op: 'block', target: await user() };
    case 'unblock':
      return { op: 'unblock', target: await user() };
    case 'adjust':
      return { op: 'adjust', target: await user(), amount: amount(), note: i.options.getString('note') ?? undefined };
    default: {
      const u = i.options.getUser('user');
      return u ? { op: 'show', target: await target(i, ctx, u) } : { op: 'show' };
    }
  }
}

/** Runs an admin command and answers ephemerally (with the CSV attached for `/usage`). */
async function runAdmin(i: ChatInputCommandInteraction, ctx: HandlerContext, cmd: AdminCommand): Promise<void> {
  const res = await ctx.core.admin(actorOf(i), cmd);
  if (!res.ok) return replyFailure(i, ctx, res.failure);
  const { text, csv } = res.value;
  const files = csv ? [{ attachment: Buffer.from(csv.content, 'utf8'), name: csv.filename }] : [];
  await i.editReply({ content: clip(text, LIMITS.content), files });
}

/** Refuses non-admins (ephemeral) and returns false; true for admins. */
async function requireAdmin(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<boolean> {
  if (isAdmin(i, ctx.ownerIds)) return true;
  await replyFailure(i, ctx, notAdminFailure());
  return false;
}

/** `/budget default|set|clear|pool|block|unblock|adjust|show`. */
export async function handleBudget(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  if (!(await requireAdmin(i, ctx))) return;
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  await runAdmin(i, ctx, await budgetCommand(i, ctx));
}

/** `/usage [user] [period]`: summary plus a CSV attachment. */
export async function handleUsage(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  if (!(await requireAdmin(i, ctx))) return;
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const u = i.options.getUser('user');
  const period = i.options.getString('period') ?? undefined;
  await runAdmin(i, ctx, { op: 'usage', period, ...(u ? { target: await target(i, ctx, u) } : {}) });
}

/** `/setup token|show|unlink|timezone`. `token` answers with a modal (no defer: a modal must be the first answer). */
export async function handleSetup(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  if (!(await requireAdmin(i, ctx))) return;
  const sub = i.options.getSubcommand(true);
  if (sub === 'token') {
    await i.showModal(tokenModal(SETUP_TOKEN_MODAL, "Server's gateway token"));
    return;
  }
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  if (sub === 'show') return runAdmin(i, ctx, { op: 'token_show' });
  if (sub === 'unlink') return runAdmin(i, ctx, { op: 'token_unlink' });
  return runAdmin(i, ctx, { op: 'timezone', timeZone: i.options.getString('tz', true) });
}
