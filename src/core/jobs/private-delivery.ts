import type { DeliveryAddress } from '../api/actor.js';
import type { Actor } from '../api/actor.js';
import type { SettingsInEffect } from '../api/settings.js';

/**
 * Private results delivered late (issue 23): a job started by a member whose `private` setting is on, in a community
 * (a Discord guild or a Telegram group), carries `private: true` in its delivery address. The address is stored with
 * the job as JSON, so the choice made at the start survives a restart without a migration, and a later change of the
 * setting does not move a running job. The surface's `Delivery.post` reads the flag: the result goes to the member's
 * private chat with the bot, or — when that chat is closed — where the command was typed, with one line saying so.
 * Failure notices stay where the command was typed (they replace its status message).
 */

/** The address field that marks a private late delivery. */
export const PRIVATE_FIELD = 'private';

/**
 * `address` marked private when `settings` has `private` on and the actor is in a community; else `address` as is
 * (a private chat or the console has nowhere more private to go).
 */
export function withPrivateChoice(address: DeliveryAddress, actor: Actor, settings: SettingsInEffect): DeliveryAddress {
  const community = actor.scope.kind === 'guild' || actor.scope.kind === 'group';
  return community && settings.private?.value === 'on' ? { ...address, [PRIVATE_FIELD]: true } : address;
}

/** Whether a stored address asks for a private late delivery (addresses stored before the flag read as not). */
export function isPrivateDelivery(address: DeliveryAddress | Record<string, unknown>): boolean {
  return (address as Record<string, unknown>)[PRIVATE_FIELD] === true;
}
