/** Settings: a member's defaults (`/settings`) and a community's (`/setup defaults`). */
import type { Result } from '../failures.js';
import type { SettingKey } from '../ports/settings-store.js';
import type { Actor } from './actor.js';

export type { SettingKey } from '../ports/settings-store.js';

/**
 * Where a setting in effect comes from, strongest first after a flag typed in the command: `member` (the member's
 * choice in this community), `personal` (the member's default in every community), `community` (the community's
 * default, `/setup defaults`), `bot` (the bot's own default).
 */
export type SettingSource = 'member' | 'personal' | 'community' | 'bot';

/** One stored setting in effect, for a command to fill an option the member did not type. */
export interface AppliedSetting {
  value: string;
  source: Exclude<SettingSource, 'bot'>;
}

/** The stored settings in effect for the actor here (keys without one are absent: the bot's default applies). */
export type SettingsInEffect = Partial<Record<SettingKey, AppliedSetting>>;

/** `/settings [key] [value] [where]` as the command passes it. */
export interface SettingsRequest {
  key?: string;
  /** A value for `key`, or `reset`. Absent with a key: that key is shown. */
  value?: string;
  /** `here` (default): this community only; `everywhere`: the member's personal default. */
  where?: 'here' | 'everywhere';
}

/** An answer of `/settings` or `/setup defaults`: its words and the language they are in. */
export interface SettingsAnswer {
  text: string;
  locale: string;
}

/** Settings: a member's defaults and a community's. */
export interface SettingsApi {
  /** The stored settings in effect for the actor here, for commands to fill untyped options (never fails). */
  settingsInEffect(actor: Actor): Promise<SettingsInEffect>;
  /**
   * `/settings`: bare, every key with its value and source; with a key and a value, validates it (a model must exist
   * and be of the key's kind; aspect, seconds, n and quality within range) and stores it; `reset` clears it. A
   * refused value stores nothing (`unknown_setting`, `bad_setting`, `bad_aspect`, `bad_duration`, `bad_count`,
   * `model_unknown`, `model_wrong_kind`). `language` shares the storage of `/language` (personal, every community).
   */
  settings(actor: Actor, req: SettingsRequest): Promise<Result<SettingsAnswer>>;
  /**
   * `/setup defaults [key] [value]` (admins; the dispatcher checked the role): the community's defaults, validated as
   * {@link settings}; `private` and `language` are not community defaults (`/setup language` sets the language).
   * Every change is audited (`settings.default.set`).
   */
  communityDefaults(actor: Actor, req: Omit<SettingsRequest, 'where'>): Promise<Result<SettingsAnswer>>;
}
