import { startDiscord, type DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import type { KeyValueStore } from '../../src/platforms/discord/commands/register.js';
import { MemoryKeyValueStore } from '../../src/platforms/discord/kv-file.js';
import type { App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import type { FakeDiscord, MessageSnapshot } from '../fakes/discord/index.js';
import type { TestStack } from './harness.js';

/**
 * Starts the real Discord adapter (discord.js) against `fake`, over the stack's core (or `o.app`'s: a second app on
 * the same database, as after a restart), with its delivery registered on that app. `kv` defaults to a fresh
 * in-memory store (command hashes); `ownerIds` to none.
 */
export function startDiscordFor(
  stack: TestStack,
  fake: FakeDiscord,
  o: { kv?: KeyValueStore; ownerIds?: string[]; registerDelivery?: boolean; app?: Pick<App, 'core' | 'registerDelivery'> } = {},
): Promise<DiscordBot> {
  const app = o.app ?? stack.app;
  return startDiscord({
    config: { discord: { token: fake.botToken, applicationId: fake.applicationId, apiBase: fake.apiBase, guildId: fake.guildId }, ownerIds: o.ownerIds ?? [], databasePath: stack.dbPath },
    core: app.core,
    logger: stack.logger,
    secrets: stack.secrets,
    ...(o.registerDelivery === false ? {} : { registerDelivery: (d) => app.registerDelivery(d) }),
    kv: o.kv ?? new MemoryKeyValueStore(),
  });
}

/** The actor of Discord user `userId` in the fake's guild. */
export function guildActor(fake: FakeDiscord, userId: string): Actor {
  return { scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' }, user: { platform: 'discord', externalId: userId } };
}

/** Whether a message carries an mp4 attachment. */
export const hasMp4 = (m: MessageSnapshot): boolean => m.attachments.some((a) => a.filename.endsWith('.mp4'));

/** Every successful upload of an mp4 to the fake (interaction edits and channel/DM posts). */
export function mp4Uploads(fake: FakeDiscord): ReturnType<FakeDiscord['requests']> {
  return fake.requests().filter((r) => r.status === 200 && r.files.some((f) => f.filename.endsWith('.mp4')));
}
