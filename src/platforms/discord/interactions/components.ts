import { actorOf } from '../actor.js';
import { negotiateLocale } from '../../../core/i18n/negotiate.js';
import {
  ActionRowBuilder,
  ComponentType,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonInteraction,
  type MessageContextMenuCommandInteraction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { randomBytes } from 'node:crypto';
import type { ArgSpec, ArgValues } from '../../../core/api/surface.js';
import { fail } from '../../../core/failures.js';
import { INTERACTION_TTL_MS } from '../address.js';
import { incomingFileOf, looksLikeImage, remoteFileOf } from '../attachments.js';
import { EDIT_COMMAND } from '../commands/definitions.js';
import { argsOf, findTarget, type CommandTarget } from '../commands/option-names.js';
import {
  contextModalId,
  inputModalId,
  parseActionCustomId,
  parseContextModalId,
  parseInputModalId,
  parseMenuCustomId,
  parseSecretModalId,
} from '../custom-ids.js';
import { clip, LIMITS } from '../render.js';
import { expectedVisibility, runCommand } from '../run-command.js';
import { DISCORD_SURFACE, type PendingEdit, type SurfaceContext } from '../surface.js';

/** Longest typed input (Discord's text input allows 4000). */
const INPUT_MAX_LENGTH = 2000;

/** The first required text argument the action did not supply: what the user must type before it runs. */
function missingText(target: CommandTarget, given: Readonly<Record<string, string>>): ArgSpec | undefined {
  return argsOf(target).find((a) => a.kind === 'text' && a.required && given[a.name] === undefined);
}

/** A modal with one paragraph input for `arg` (its custom id is the argument's name). */
function inputModal(customId: string, title: string, arg: ArgSpec): ModalBuilder {
  const input = new TextInputBuilder()
    .setCustomId(arg.name)
    .setLabel(clip(arg.description, LIMITS.inputLabel))
    .setStyle(TextInputStyle.Paragraph)
    .setRequired(true)
    .setMaxLength(Math.min(arg.max ?? INPUT_MAX_LENGTH, 4000));
  return new ModalBuilder()
    .setCustomId(customId)
    .setTitle(clip(title, LIMITS.modalTitle))
    .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
}

/** The typed value of `name` in a modal, or of its only text input (modals made before inputs were named by argument). */
function typedValue(i: ModalSubmitInteraction, name: string): string {
  const texts = [...i.fields.fields.values()].filter((f) => f.type === ComponentType.TextInput);
  const field = texts.find((f) => f.customId === name) ?? texts[0];
  return field && 'value' in field ? field.value : '';
}

const pathOf = (command: string, subcommand?: string) => ({ command, ...(subcommand ? { subcommand } : {}) });

/**
 * A button under a result (`mb:<command>:<job>`): runs that command with the job as its argument, paid by whoever
 * clicks. When the action needs typed input (Edit: "what should change?"), a modal asks for it first; the modal's id
 * carries the command and job, so nothing is kept in memory and buttons survive restarts.
 */
export async function handleButton(i: ButtonInteraction, ctx: SurfaceContext): Promise<void> {
  const ref = parseActionCustomId(i.customId);
  if (!ref) return;
  const target = findTarget(ctx.dispatcher.commands, ref.command, ref.subcommand);
  const input = target ? (ref.input ? argsOf(target).find((a) => a.name === ref.input) : missingText(target, ref.args)) : undefined;
  if (target && input) {
    // The clicked button's label ("Edit") titles the modal; discord.js finds the component in the message, if cached.
    const clicked = i.component as { label?: string | null } | null | undefined;
    const title = clicked?.label || target.command.description;
    await i.showModal(inputModal(inputModalId({ ...ref, input: input.name }), title, input));
    return;
  }
  await runCommand(i, ctx, { ...pathOf(ref.command, ref.subcommand), args: ref.args }, expectedVisibility(target));
}

/**
 * A choice in a select menu (`mbsel:<command>:<args>:<arg>`): runs that command with the chosen value, as the member
 * who chose (everything travels in the id and the value, so menus survive restarts).
 */
export async function handleMenu(i: StringSelectMenuInteraction, ctx: SurfaceContext): Promise<void> {
  const ref = parseMenuCustomId(i.customId, i.values[0] ?? '');
  if (!ref) return;
  const target = findTarget(ctx.dispatcher.commands, ref.command, ref.subcommand);
  await runCommand(i, ctx, { ...pathOf(ref.command, ref.subcommand), args: ref.args }, expectedVisibility(target));
}

/** "Edit with AI" on a message: keeps its image attachments (links, not bytes) under a short key and asks what to change. */
export async function handleEditWithAi(i: MessageContextMenuCommandInteraction, ctx: SurfaceContext): Promise<void> {
  const files = [...i.targetMessage.attachments.values()].map(remoteFileOf).filter(looksLikeImage);
  const target = findTarget(ctx.dispatcher.commands, EDIT_COMMAND);
  const prompt = target ? missingText(target, {}) : undefined;
  if (files.length === 0 || !prompt) {
    await i.reply({ content: clip(ctx.core.explain(fail('attachment_missing'), DISCORD_SURFACE.commandHint, { actor: actorOf(i), surface: DISCORD_SURFACE.id }, negotiateLocale(i.locale)), LIMITS.content), flags: MessageFlags.Ephemeral });
    return;
  }
  prunePending(ctx.pendingEdits);
  const key = randomBytes(6).toString('base64url');
  ctx.pendingEdits.set(key, { files, expiresAt: Date.now() + INTERACTION_TTL_MS });
  await i.showModal(inputModal(contextModalId(key), i.commandName, prompt));
}

/** Removes expired "Edit with AI" entries. */
export function prunePending(map: Map<string, PendingEdit>, now = Date.now()): void {
  for (const [k, v] of map) if (v.expiresAt <= now) map.delete(k);
}

/**
 * Modal submissions: an action's typed input (runs the action), a secret (added to the log scrubber before anything
 * else, then the command runs privately; the dispatcher checks the role now), or "Edit with AI" (runs `edit` with the
 * kept attachments, downloaded only after the dispatcher validated them).
 */
export async function handleModal(i: ModalSubmitInteraction, ctx: SurfaceContext): Promise<void> {
  const secret = parseSecretModalId(i.customId);
  if (secret) {
    const value = typedValue(i, secret.arg).trim();
    if (value) ctx.secrets?.add(value);
    await runCommand(i, ctx, { ...pathOf(secret.command, secret.subcommand), args: { [secret.arg]: value } }, 'private');
    return;
  }
  const input = parseInputModalId(i.customId);
  if (input) {
    const target = findTarget(ctx.dispatcher.commands, input.command, input.subcommand);
    const args: ArgValues = { ...input.args, [input.input]: typedValue(i, input.input) };
    await runCommand(i, ctx, { ...pathOf(input.command, input.subcommand), args }, expectedVisibility(target));
    return;
  }
  const key = parseContextModalId(i.customId);
  if (key === undefined) return;
  const pending = ctx.pendingEdits.get(key);
  ctx.pendingEdits.delete(key);
  const target = findTarget(ctx.dispatcher.commands, EDIT_COMMAND);
  const prompt = target ? missingText(target, {}) : undefined;
  const attachment = target ? argsOf(target).find((a) => a.kind === 'attachment') : undefined;
  if (!pending || pending.expiresAt <= Date.now() || !prompt || !attachment) {
    const text = ctx.core.explain(fail('attachment_download_failed', { reason: 'expired' }), DISCORD_SURFACE.commandHint, { actor: actorOf(i), surface: DISCORD_SURFACE.id }, negotiateLocale(i.locale));
    await i.reply({ content: clip(text, LIMITS.content), flags: MessageFlags.Ephemeral });
    return;
  }
  const args: ArgValues = { [prompt.name]: typedValue(i, prompt.name), [attachment.name]: pending.files.map(incomingFileOf) };
  await runCommand(i, ctx, { command: EDIT_COMMAND, args }, 'public');
}
