import { startDiscord, type DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import type { KeyValueStore } from '../../src/platforms/discord/commands/register.js';
import { MemoryKeyValueStore } from '../../src/platforms/discord/kv-file.js';
import type { FakeDiscord } from '../fakes/discord/index.js';
import type { TestStack } from './harness.js';

/**
 * Starts the real Discord adapter (discord.js) against `fake`, over the stack's core, with its delivery registered
 * on the stack's app. `kv` defaults to a fresh in-memory store (command hashes); `ownerIds` to none.
 */
export function startDiscordFor(stack: TestStack, fake: FakeDiscord, o: { kv?: KeyValueStore; ownerIds?: string[]; registerDelivery?: boolean } = {}): Promise<DiscordBot> {
  return startDiscord({
    config: { discord: { token: fake.botToken, applicationId: fake.applicationId, apiBase: fake.apiBase, guildId: fake.guildId }, ownerIds: o.ownerIds ?? [], databasePath: stack.dbPath },
    core: stack.core,
    logger: stack.logger,
    secrets: stack.secrets,
    ...(o.registerDelivery === false ? {} : { registerDelivery: (d) => stack.app.registerDelivery(d) }),
    kv: o.kv ?? new MemoryKeyValueStore(),
  });
}
