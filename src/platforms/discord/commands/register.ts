import { createHash } from 'node:crypto';
import { Routes, type REST, type RESTPostAPIApplicationCommandsJSONBody } from 'discord.js';

/** A tiny key-value port (the composition root backs it with the database; tests use a Map). */
export interface KeyValueStore {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** Options of {@link registerCommands}. */
export interface RegisterCommandsOptions {
  applicationId: string;
  /** Register to this guild only (instant, good for development); omitted = globally. */
  guildId?: string;
  store: KeyValueStore;
  /** The definitions to install (`buildCommandDefinitions(registry)`). */
  definitions: RESTPostAPIApplicationCommandsJSONBody[];
}

/** sha256 (hex) of the definitions' JSON: what decides whether a new registration is needed. */
export function commandsHash(definitions: RESTPostAPIApplicationCommandsJSONBody[]): string {
  return createHash('sha256').update(JSON.stringify(definitions)).digest('hex');
}

/** The store key holding the last registered hash for an application and scope. */
export function commandsHashKey(applicationId: string, guildId?: string): string {
  return `discord.commands.sha256:${applicationId}:${guildId ?? 'global'}`;
}

/**
 * Bulk-overwrites the application commands (globally or in one guild) only when their hash differs from the
 * one stored after the last successful registration, because Discord limits command creations per day.
 * The hash is stored only after the PUT succeeded, so a failed attempt is retried on the next start.
 * Trade-off: commands changed by hand elsewhere (another deployment, the developer portal) are not detected.
 * Errors from Discord (DiscordAPIError/HTTPError) propagate to the caller.
 */
export async function registerCommands(rest: REST, opts: RegisterCommandsOptions): Promise<'registered' | 'unchanged'> {
  const { definitions } = opts;
  const hash = commandsHash(definitions);
  const key = commandsHashKey(opts.applicationId, opts.guildId);
  if (opts.store.get(key) === hash) return 'unchanged';
  const route = opts.guildId ? Routes.applicationGuildCommands(opts.applicationId, opts.guildId) : Routes.applicationCommands(opts.applicationId);
  await rest.put(route, { body: definitions });
  opts.store.set(key, hash);
  return 'registered';
}
