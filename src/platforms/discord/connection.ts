import type { ConnectionTracker } from '../../app/compose.js';

/** The subset of a discord.js `Client` the tracker reads. */
export interface DiscordClientLike {
  isReady(): boolean;
  ws: { status: number };
}

/** Discord: connected while the client's gateway websocket is ready (discord.js `Status.Ready`). */
export function trackDiscord(client: DiscordClientLike): ConnectionTracker {
  return {
    state: () => (client.isReady() ? 'connected' : 'disconnected'),
    reason: () => (client.isReady() ? undefined : `gateway websocket status ${client.ws.status}`),
  };
}
