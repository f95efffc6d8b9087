import type { AppliedSetting, SettingKey } from '../api/settings.js';
import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import type { CommandContext, Reply } from './types.js';

/** One option a command may fill from the settings: its key, whether a flag gave it, and whether a value fits here. */
export interface SettingWanted {
  key: SettingKey;
  /** The member typed it: a flag always wins, the setting is not used. */
  typed: boolean;
  /** False for a stored value this command cannot take (a 21:9 aspect on a video): the command's default applies. */
  fits?: (value: string) => boolean;
}

/** The settings a command used, and how it tells the member. */
export interface SettingsUsed {
  /** The value of `key` from the settings, when the command should use it. */
  value(key: SettingKey): string | undefined;
  /**
   * `reply` with a short line naming what came from the settings ("16:9 from your settings"), and, when the member's
   * `private` setting is on and `privateResult` is true, shown only to them (Discord: ephemeral).
   */
  tell(reply: Reply, privateResult?: boolean): Reply;
}

/**
 * Reads the actor's settings in effect (one read) and picks, for each wanted option the member did not type, the
 * stored value that fits. A flag always wins; a key without a setting leaves the command's own default.
 */
export async function useSettings(ctx: CommandContext, wanted: readonly SettingWanted[]): Promise<SettingsUsed> {
  const all = await (ctx.settingsInEffect ? ctx.settingsInEffect() : ctx.core.settingsInEffect(ctx.actor));
  const used = new Map<SettingKey, AppliedSetting>();
  for (const w of wanted) {
    const s = all[w.key];
    if (!w.typed && s && (w.fits?.(s.value) ?? true)) used.set(w.key, s);
  }
  const privately = all.private?.value === 'on';
  return {
    value: (key) => used.get(key)?.value,
    tell(reply, privateResult = false) {
      const l = reply.locale ?? ctx.actor.locale ?? DEFAULT_LOCALE;
      const lines: string[] = [];
      for (const group of [['member', 'personal'], ['community']] as const) {
        const items = [...used].filter(([, s]) => (group as readonly string[]).includes(s.source)).map(([key, s]) => t(l, 'settings-used-item', { key, value: s.value }));
        if (items.length) lines.push(t(l, group[0] === 'member' ? 'settings-used' : 'settings-used-community', { items: items.join(', ') }));
      }
      const shown = lines.length ? { ...reply, blocks: [...reply.blocks, lines.join(' · ')] } : reply;
      return privately && privateResult && shown.tone !== 'error' ? { ...shown, visibility: 'private' } : shown;
    },
  };
}
