/**
 * Stored settings (`/settings`, `/setup defaults`): a member's choices per community and their personal default
 * across communities, and a community's defaults. Values are text the core validated before storing; the store never
 * interprets them. The language is not here: it lives with the user and the scope (`Directory`).
 */
import type { AuditInput } from './audit-log.js';

/** Every key of `/settings`, in the order it lists them (`language` is stored by `Directory.setUserLanguage`). */
export const SETTING_KEYS = ['image_model', 'video_model', 'text_model', 'aspect', 'seconds', 'quality', 'n', 'language', 'private'] as const;

/** A key a member can set. */
export type SettingKey = (typeof SETTING_KEYS)[number];

/** The keys a community can default (`/setup defaults`): `language` has `/setup language`, `private` is a member's own. */
export const DEFAULT_KEYS: readonly SettingKey[] = SETTING_KEYS.filter((k) => k !== 'language' && k !== 'private');

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
  /**
   * Stores (or with `value` null clears) one community default, with its `audit_log` entry (`a.action`, before and
   * after) in the same write transaction.
   */
  setScopeDefault(scopeId: string, key: SettingKey, value: string | null, a: AuditInput): Promise<{ before: string | null; after: string | null }>;
}
