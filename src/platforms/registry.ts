import type { z } from 'zod';
import type { Config } from '../config.js';
import { consolePlatform } from './console/module.js';
import { discordPlatform } from './discord/module.js';
import type { PlatformModule } from './platform.js';
import { telegramPlatform } from './telegram/module.js';

/**
 * Every platform the bot knows, one line each. Adding a platform is its folder plus a line here: the configuration
 * schema, `OWNER_IDS`, the start-up of each `ROLE` and the readiness checks are read from this list. The order is the
 * order of the README's configuration groups and of start-up.
 */
export const PLATFORMS = [discordPlatform, telegramPlatform, consolePlatform] as const;

type Listed = (typeof PLATFORMS)[number];
type SettingsOf<M> = M extends PlatformModule<string, z.ZodRawShape, infer S> ? S : never;

/** The `Config` key of each platform that has settings (`config.discord`, `config.telegram`): undefined when not configured. */
export type PlatformConfigs = { [M in Listed as [SettingsOf<M>] extends [never] ? never : M['id']]: SettingsOf<M> | undefined };

/** A listed platform with its settings, when configured. */
export interface ConfiguredPlatform {
  module: PlatformModule;
  settings: unknown;
}

/** The platforms `config` enables (their settings are set), in registry order. */
export function configuredPlatforms(config: Pick<Config, keyof PlatformConfigs>): ConfiguredPlatform[] {
  const settingsOf = config as unknown as Record<string, unknown>;
  return (PLATFORMS as readonly PlatformModule[]).flatMap((module) => (settingsOf[module.id] === undefined ? [] : [{ module, settings: settingsOf[module.id] }]));
}
