import { MessageFlags, type RepliableInteraction } from 'discord.js';
import type { ArgValues, Reply } from '../../core/api/surface.js';
import { postReply } from '../../core/jobs/post-result.js';
import type { CommandTarget } from './commands/option-names.js';
import { renderReply, type OutgoingMessage } from './reply-render.js';
import { errorFields } from './render.js';
import { surfaceRequest, type Acknowledged } from './request.js';
import type { SurfaceContext } from './surface.js';

/** What a handler asks to run: a command path and its arguments, as the registry names them. */
export interface CommandCall {
  readonly command: string;
  readonly subcommand?: string;
  readonly args: ArgValues;
}

/**
 * How a command's answer is expected to be shown, decided BEFORE it runs because Discord wants an acknowledgment
 * within 3 s and a public "thinking…" cannot become private later: the definition's own `visibility` (private when it
 * does not say, or when the command is unknown: a refusal is private).
 */
export function expectedVisibility(target: CommandTarget | undefined): 'public' | 'private' {
  return target?.command.visibility ?? 'private';
}

/** Defers the interaction (public: with the response, whose message id a video's address needs). */
export async function acknowledge(i: RepliableInteraction, visibility: 'public' | 'private'): Promise<Acknowledged> {
  if (visibility === 'private') {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    return { visibility };
  }
  const r = await i.deferReply({ withResponse: true });
  const messageId = r.resource?.message?.id;
  return messageId ? { visibility, messageId } : { visibility };
}

const payload = (m: OutgoingMessage) => ({ content: m.content, embeds: m.embeds, components: m.components, files: m.files, allowedMentions: { parse: [] } });

/**
 * Posts a reply on an acknowledged interaction and returns the message ids. A private reply (or an error) after a
 * public defer deletes the "thinking…" placeholder and goes in an ephemeral follow-up (Discord cannot make a public
 * deferred reply ephemeral); a public reply after a private defer stays private (it cannot become public either).
 */
export async function sendReply(i: RepliableInteraction, ack: Acknowledged, reply: Reply): Promise<string[]> {
  const { first, more } = renderReply(reply, { uploadLimitBytes: i.attachmentSizeLimit });
  const privately = reply.visibility === 'private' || reply.tone === 'error';
  const ids: string[] = [];
  if (privately && ack.visibility === 'public') {
    await i.deleteReply().catch(() => undefined);
    for (const m of [first, ...more]) ids.push((await i.followUp({ ...payload(m), flags: MessageFlags.Ephemeral })).id);
    return ids;
  }
  ids.push((await i.editReply(payload(first))).id);
  const flags = ack.visibility === 'private' ? { flags: MessageFlags.Ephemeral as const } : {};
  for (const m of more) ids.push((await i.followUp({ ...payload(m), ...flags })).id);
  return ids;
}

/**
 * Acknowledges the interaction, runs the call through the dispatcher (which checks place, role and arguments and
 * never throws for expected failures), and posts the reply through {@link postReply} (a result is recorded where it
 * went, or handed over).
 */
export async function runCommand(i: RepliableInteraction, ctx: SurfaceContext, call: CommandCall, visibility: 'public' | 'private'): Promise<void> {
  const ack = await acknowledge(i, visibility);
  const reply = await ctx.dispatcher.run({ ...call, request: surfaceRequest(i, ctx, ack) });
  // A silent channel: the "thinking…" placeholder goes, nothing is posted.
  if (reply.silent) return void (await i.deleteReply().catch(() => undefined));
  // A result that cannot be posted here (channel, DM) is posted by the delivery step: never an error that says otherwise.
  await postReply(ctx.core, reply, () => sendReply(i, ack, reply), { surface: 'discord', logger: ctx.logger, failure: (e) => ({ reason: errorFields(e).message }) });
}
