import type { RepliableInteraction } from 'discord.js';
import type { DeliveryAddress } from '../../core/api/surface.js';
import { isPrivateDelivery } from '../../core/jobs/private-delivery.js';

/** Lifetime of an interaction token (Discord: 15 minutes). */
export const INTERACTION_TTL_MS = 15 * 60_000;

/** Discord's default per-file upload limit (unboosted guild), used when an address did not record one. */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * Where a Discord job's result goes; opaque to the core, stored with the job as JSON. The interaction's original
 * response while its token is valid, else the channel (mentioning the user), else a DM.
 */
export type DiscordAddress = {
  readonly surface: 'discord';
  readonly channelId: string;
  /** The requester (for mentions and the DM fallback). */
  readonly userId: string;
  readonly guildId?: string;
  /** The original response's message id (the public "thinking…" placeholder). */
  readonly statusMessageId?: string;
  /** The interaction webhook, usable until `expiresAt`. */
  readonly interaction?: { readonly applicationId: string; readonly token: string; readonly expiresAt: number };
  /** Largest upload the destination accepts, as Discord reported it (`attachmentSizeLimit`). */
  readonly uploadLimitBytes: number;
  /** The member's `private` setting was on at the start: a late result goes to their DMs. */
  readonly private?: true;
};

/** The address of an interaction's result. */
export function addressOf(i: RepliableInteraction, statusMessageId?: string): DiscordAddress {
  return {
    surface: 'discord',
    channelId: i.channelId ?? `dm:${i.user.id}`,
    userId: i.user.id,
    ...(i.guildId ? { guildId: i.guildId } : {}),
    ...(statusMessageId ? { statusMessageId } : {}),
    interaction: { applicationId: i.applicationId, token: i.token, expiresAt: i.createdTimestamp + INTERACTION_TTL_MS },
    uploadLimitBytes: i.attachmentSizeLimit,
  };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Reads a stored address at the Delivery boundary: this surface's shape, or the shape jobs stored before the command
 * layer (`platform: 'discord'`, `chatId`, `userExternalId`), so videos running across the upgrade still arrive.
 */
export function toDiscordAddress(a: DeliveryAddress): DiscordAddress {
  const r = a as Record<string, unknown>;
  const hook = r.interaction as { applicationId?: unknown; token?: unknown; expiresAt?: unknown } | undefined;
  const interaction =
    hook && str(hook.applicationId) && str(hook.token) && typeof hook.expiresAt === 'number'
      ? { applicationId: hook.applicationId as string, token: hook.token as string, expiresAt: hook.expiresAt }
      : undefined;
  const guildId = str(r.guildId);
  const statusMessageId = str(r.statusMessageId);
  const limit = typeof r.uploadLimitBytes === 'number' && r.uploadLimitBytes > 0 ? r.uploadLimitBytes : DEFAULT_UPLOAD_LIMIT_BYTES;
  return {
    surface: 'discord',
    channelId: str(r.channelId) ?? str(r.chatId) ?? '',
    userId: str(r.userId) ?? str(r.userExternalId) ?? '',
    ...(guildId ? { guildId } : {}),
    ...(statusMessageId ? { statusMessageId } : {}),
    ...(interaction ? { interaction } : {}),
    uploadLimitBytes: limit,
    ...(isPrivateDelivery(r) ? { private: true as const } : {}),
  };
}
