import { MessageFlags, type RepliableInteraction } from 'discord.js';
import type { CoreApi, DeliveryTarget } from '../../../core/api.js';
import { fail, type Failure } from '../../../core/failures.js';
import type { Logger, SecretSet } from '../../../log.js';
import type { DownloadLimitsFor, RemoteFile } from '../attachments.js';
import { clip, LIMITS } from '../render.js';

/** Lifetime of an interaction token (Discord: 15 minutes). */
export const INTERACTION_TTL_MS = 15 * 60_000;

/** Image attachments of a message picked with "Edit with AI", kept until its modal is submitted. */
export interface PendingEdit {
  files: RemoteFile[];
  expiresAt: number;
}

/** What every handler gets: the core, a logger and the adapter's small settings. No Discord client state. */
export interface HandlerContext {
  core: CoreApi;
  logger: Logger;
  /** `OWNER_IDS`: `discord:<id>` or bare ids. */
  ownerIds: readonly string[];
  secrets?: SecretSet;
  /** Reference download limits for a job kind and model id (the core's `referenceLimitBytes` unless a fixed limit is configured). */
  download: DownloadLimitsFor;
  /** Keyed by a short id carried in the modal's custom id; entries live 15 minutes. */
  pendingEdits: Map<string, PendingEdit>;
}

/** Where a video's result should go: this interaction's response (while valid), its channel, its user. */
export function deliveryTargetOf(i: RepliableInteraction, statusMessageId?: string): DeliveryTarget {
  return {
    platform: 'discord',
    chatId: i.channelId ?? `dm:${i.user.id}`,
    userExternalId: i.user.id,
    ...(statusMessageId ? { statusMessageId } : {}),
    interaction: { applicationId: i.applicationId, token: i.token, expiresAt: i.createdTimestamp + INTERACTION_TTL_MS },
    ...(i.guildId ? { guildId: i.guildId } : {}),
    uploadLimitBytes: i.attachmentSizeLimit,
  };
}

/**
 * Shows a failure privately. After a public defer the "thinking…" placeholder is deleted and the text goes in an
 * ephemeral follow-up (Discord cannot turn a public deferred reply ephemeral); after an ephemeral defer the reply is
 * edited; before any answer an ephemeral reply is sent.
 */
export async function replyFailure(i: RepliableInteraction, ctx: HandlerContext, failure: Failure): Promise<void> {
  await replyPrivately(i, ctx.core.explain(failure));
}

/** Same routing as {@link replyFailure}, for a text. */
export async function replyPrivately(i: RepliableInteraction, text: string): Promise<void> {
  const content = clip(text, LIMITS.content);
  if (!i.deferred && !i.replied) {
    await i.reply({ content, flags: MessageFlags.Ephemeral });
    return;
  }
  if (i.ephemeral) {
    await i.editReply({ content, embeds: [], components: [], files: [] });
    return;
  }
  await i.deleteReply().catch(() => undefined);
  await i.followUp({ content, flags: MessageFlags.Ephemeral });
}

/** The failure for a non-admin running an admin command. */
export function notAdminFailure(): Failure {
  return fail('not_admin');
}

/** Removes expired entries of {@link HandlerContext.pendingEdits}. */
export function prunePending(map: Map<string, PendingEdit>, now = Date.now()): void {
  for (const [k, v] of map) if (v.expiresAt <= now) map.delete(k);
}
