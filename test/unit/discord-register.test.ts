import { DiscordAPIError, REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandRegistry } from '../../src/core/commands/registry.js';
import { buildCommandDefinitions } from '../../src/platforms/discord/commands/definitions.js';
import { commandsHashKey, registerCommands, type KeyValueStore } from '../../src/platforms/discord/commands/register.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';

const definitions = () => buildCommandDefinitions(commandRegistry());

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: (k) => map.get(k), set: (k, v) => void map.set(k, v) };
}

describe('registerCommands against the fake Discord', () => {
  let fake: FakeDiscord;
  let rest: REST;

  beforeAll(async () => {
    fake = await startFakeDiscord();
    rest = new REST({ api: fake.apiBase, timeout: 5_000, retries: 0 }).setToken(fake.botToken);
  });
  afterAll(async () => {
    await fake.close();
  });

  it('registers globally once, skips unchanged definitions, registers again when they change', async () => {
    const store = memoryStore();
    const applicationId = fake.applicationId;
    expect(await registerCommands(rest, { applicationId, store, definitions: definitions() })).toBe('registered');
    expect(fake.commandPutCount()).toBe(1);
    expect(fake.commands().map((c) => c.name)).toEqual(definitions().map((d) => d.name));

    expect(await registerCommands(rest, { applicationId, store, definitions: definitions() })).toBe('unchanged');
    expect(fake.commandPutCount()).toBe(1);

    const changed = definitions();
    const first = changed[0];
    if (!first || !('description' in first)) throw new Error('first definition is not a slash command');
    first.description = 'Make a picture';
    expect(await registerCommands(rest, { applicationId, store, definitions: changed })).toBe('registered');
    expect(fake.commandPutCount()).toBe(2);
    expect(fake.commands()[0]?.description).toBe('Make a picture');
    expect(store.map.size).toBe(1);
  });

  it('registers per guild under its own key', async () => {
    const store = memoryStore();
    const opts = { applicationId: fake.applicationId, guildId: fake.guildId, store, definitions: definitions() };
    expect(await registerCommands(rest, opts)).toBe('registered');
    expect(await registerCommands(rest, opts)).toBe('unchanged');
    expect(fake.commandPutCount(fake.guildId)).toBe(1);
    expect(store.get(commandsHashKey(fake.applicationId, fake.guildId))).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps no hash when Discord refuses, so the next start tries again', async () => {
    const store = memoryStore();
    const badRest = new REST({ api: fake.apiBase, timeout: 5_000, retries: 0 }).setToken('not-the-token');
    const err = await registerCommands(badRest, { applicationId: fake.applicationId, store, definitions: definitions() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).status).toBe(401);
    expect(store.map.size).toBe(0);
    expect(String((err as Error).message)).not.toContain(fake.botToken);
  });
});
