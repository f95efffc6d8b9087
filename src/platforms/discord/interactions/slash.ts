import { negotiateLocale } from '../../../core/i18n/negotiate.js';
import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
} from 'discord.js';
import type { ArgSpec, ArgValue, IncomingFile } from '../../../core/api/surface.js';
import { actorOf, scopeOf, userRefOf } from '../actor.js';
import { incomingFileOf, remoteFileOf } from '../attachments.js';
import { argOfOption, argsOf, findTarget, optionNamesOf, type CommandTarget } from '../commands/option-names.js';
import { secretModalId } from '../custom-ids.js';
import { clip, LIMITS } from '../render.js';
import { surfaceRequest } from '../request.js';
import { expectedVisibility, runCommand } from '../run-command.js';
import { DISCORD_SURFACE, type SurfaceContext } from '../surface.js';

/** The options the user filled in, below the subcommand when there is one. */
function leafOptions(i: ChatInputCommandInteraction): readonly CommandInteractionOption[] {
  const top = i.options.data;
  const first = top[0];
  if (top.length === 1 && first && (first.type === ApplicationCommandOptionType.Subcommand || first.type === ApplicationCommandOptionType.SubcommandGroup)) {
    const inner = first.options ?? [];
    const sub = inner[0];
    return first.type === ApplicationCommandOptionType.SubcommandGroup && sub ? (sub.options ?? []) : inner;
  }
  return top;
}

/**
 * Slash options → argument values by registry name. Every ATTACHMENT option (whatever its name, so a fifth file sent
 * by a client with stale commands is counted too) goes to the target's attachment argument as an {@link IncomingFile}
 * with Discord's declared size: the dispatcher checks count and size before anything is downloaded. A member picked
 * in a USER option is remembered (`core.touch`) so the core can name them; its value is the user id. Prompts pass as
 * typed (the core judges blank ones); other strings are trimmed, empty ones left out.
 */
export async function argsFromOptions(i: ChatInputCommandInteraction, target: CommandTarget, ctx: SurfaceContext): Promise<Record<string, ArgValue>> {
  const out: Record<string, ArgValue> = {};
  const given: { name: string; file: IncomingFile }[] = [];
  for (const o of leafOptions(i)) {
    if (o.type === ApplicationCommandOptionType.Attachment) {
      if (o.attachment) given.push({ name: o.name, file: incomingFileOf(remoteFileOf(o.attachment)) });
      continue;
    }
    const arg = argOfOption(target, o.name);
    if (!arg) continue;
    if (o.type === ApplicationCommandOptionType.User) {
      if (!o.user) continue;
      await ctx.core.touch({ scope: scopeOf(i), user: userRefOf(o.user) }).catch(() => undefined);
      out[arg.name] = o.user.id;
    } else if (typeof o.value === 'number') {
      out[arg.name] = o.value;
    } else if (typeof o.value === 'string') {
      const v = arg.kind === 'text' ? o.value : o.value.trim();
      if (v !== '') out[arg.name] = v;
    }
  }
  const attachment = argsOf(target).find((a) => a.kind === 'attachment');
  // In the options' declared order (`image` before `end_image`), whatever order the client sent them in.
  const order = attachment ? optionNamesOf(target, attachment) : [];
  const rank = (n: string) => (order.includes(n) ? order.indexOf(n) : order.length);
  const files = given.sort((a, b) => rank(a.name) - rank(b.name)).map((g) => g.file);
  if (attachment && files.length > 0) out[attachment.name] = files;
  return out;
}

/** A private modal with one short text input for a secret (a gateway token), so it never appears in the channel. */
export function secretModal(target: CommandTarget, arg: ArgSpec): ModalBuilder {
  const input = new TextInputBuilder()
    .setCustomId(arg.name)
    .setLabel(clip(arg.description, LIMITS.inputLabel))
    .setStyle(TextInputStyle.Short)
    .setRequired(true)
    .setMinLength(8)
    .setMaxLength(200);
  const title = clip((target.sub ?? target.command).description, LIMITS.modalTitle);
  return new ModalBuilder()
    .setCustomId(secretModalId(target.command.name, target.sub?.name, arg.name))
    .setTitle(title)
    .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
}

/**
 * A slash command: a command taking a `secret` answers with the private modal first (a modal must be the first
 * answer), but only after the dispatcher's place and role check says this user may run it (a member is refused at
 * once, privately, instead of typing a token for nothing; the dispatcher checks again on submit); every other one
 * runs at once.
 */
export async function handleSlash(i: ChatInputCommandInteraction, ctx: SurfaceContext): Promise<void> {
  const subcommand = i.options.getSubcommand(false) ?? undefined;
  const target = findTarget(ctx.dispatcher.commands, i.commandName, subcommand);
  if (!target) {
    await runCommand(i, ctx, { command: i.commandName, ...(subcommand ? { subcommand } : {}), args: {} }, 'private');
    return;
  }
  const secret = argsOf(target).find((a) => a.kind === 'secret');
  if (secret) {
    const path = { command: target.command.name, ...(target.sub ? { subcommand: target.sub.name } : {}) };
    const refused = await ctx.dispatcher.check({ ...path, args: {}, request: surfaceRequest(i, ctx, { visibility: 'private' }) });
    if (refused) {
      await i.reply({ content: clip(ctx.core.explain(refused, DISCORD_SURFACE.commandHint, { actor: actorOf(i), surface: DISCORD_SURFACE.id }, await ctx.core.locale(actorOf(i)).catch(() => negotiateLocale(i.locale))), LIMITS.content), flags: MessageFlags.Ephemeral });
      return;
    }
    await i.showModal(secretModal(target, secret));
    return;
  }
  const args = await argsFromOptions(i, target, ctx);
  await runCommand(i, ctx, { command: target.command.name, ...(target.sub ? { subcommand: target.sub.name } : {}), args }, expectedVisibility(target));
}
