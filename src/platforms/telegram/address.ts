import type { DeliveryAddress } from '../../core/api/surface.js';
import { isPrivateDelivery } from '../../core/jobs/private-delivery.js';

/**
 * Where a Telegram job's result goes, stored with the job (JSON) so the poller can deliver after a restart. Ids are
 * strings (chat ids exceed 32 bits; JSON keeps them exact as text). The core treats it as opaque.
 */
export interface TelegramAddress extends DeliveryAddress {
  readonly surface: 'telegram';
  readonly chatId: string;
  /** The requester's Telegram user id. */
  readonly userId: string;
  /** The bot's status message, edited with progress and deleted on delivery. */
  readonly statusMessageId?: string;
  /** The user's message the video answers. */
  readonly replyToMessageId?: string;
  /** The member's `private` setting was on at the start: the result goes to their private chat with the bot. */
  readonly private?: true;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * Reads an opaque address back as a {@link TelegramAddress}: the boundary cast. Rows stored before the surface
 * field existed (`platform: 'telegram'`, `userExternalId`) read the same. Throws on an address without a chat id
 * (a programming error: the router only hands Telegram addresses to the Telegram delivery).
 */
export function toTelegramAddress(address: DeliveryAddress): TelegramAddress {
  const a = address as Record<string, unknown>;
  const chatId = str(a.chatId);
  if (chatId === undefined) throw new TypeError('not a Telegram delivery address (no chatId)');
  const statusMessageId = str(a.statusMessageId);
  const replyToMessageId = str(a.replyToMessageId);
  return {
    surface: 'telegram',
    chatId,
    userId: str(a.userId) ?? str(a.userExternalId) ?? '',
    ...(statusMessageId !== undefined ? { statusMessageId } : {}),
    ...(replyToMessageId !== undefined ? { replyToMessageId } : {}),
    ...(isPrivateDelivery(a) ? { private: true as const } : {}),
  };
}
