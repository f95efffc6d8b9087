/**
 * Stored settings (`/settings`, `/setup defaults`): a member's choices per community and their personal default
 * across communities, and a community's defaults. Values are text the core validated before storing; the store never
 * interprets them. The language is not here: it lives with the user and the scope (`Directory`).
 */

/** The keys a member can set (`language` is stored by `Directory.setUserLanguage`, `private` only per member). */
export type SettingKey = 'image_model' | 'video_model' | 'text_model' | 'aspect' | 'seconds' | 'quality' | 'n' | 'language' | 'private';

/** Stored values by key; a key absent is not set. */
export type SettingValues = Partial<Record<SettingKey, string>>;

/** A member's stored settings as seen from one community. */
export interface MemberSettingRows {
  /** Set for this community only. */
  community: SettingValues;
  /** The member's personal default (every community). */
  personal: SettingValues;
}

/** The settings repository (migration 0015). */
export interface SettingsStore {
  /** The member's settings in `scopeId` and their personal ones, in one read. */
  memberSettings(userId: string, scopeId: string): Promise<MemberSettingRows>;
  /** Stores (or with `value` null clears) one member setting; `scopeId` null is the personal default. Not audited. */
  setMemberSetting(userId: string, scopeId: string | null, key: SettingKey, value: string | null): Promise<void>;
  /** The community's defaults (`/setup defaults`). */
  scopeDefaults(scopeId: string): Promise<SettingValues>;
  /** Stores (or with `value` null clears) one community default; the caller audits it. */
  setScopeDefault(scopeId: string, key: SettingKey, value: string | null, updatedBy: string): Promise<void>;
}
