import type { Message } from 'grammy/types';
import type { ResolvedActor } from '../../core/api/actor.js';

/**
 * The actor each incoming message's sender was resolved to by the "remember the member" middleware, so the command
 * the same message carries reuses it (the dispatcher resolves an actor only when none is given) instead of upserting
 * the scope, the user and the membership a second time. Keyed weakly by the message object grammY hands both; an
 * album's command (a copied message) finds none and resolves its own.
 */
const seen = new WeakMap<Message, ResolvedActor>();

/** Records what `msg`'s sender resolved to. */
export function rememberResolved(msg: Message, resolved: ResolvedActor): void {
  seen.set(msg, resolved);
}

/** What `msg`'s sender resolved to in this update, if the middleware resolved it. */
export function resolvedOf(msg: Message): ResolvedActor | undefined {
  return seen.get(msg);
}
