import type { Actor } from '../api/actor.js';
import type { SettingSource, SettingsAnswer, SettingsInEffect, SettingsRequest } from '../api/settings.js';
import { err, fail, ok, type Result } from '../failures.js';
import { supportedLocales, t } from '../i18n/catalog.js';
import { validateDuration } from '../media/inputs.js';
import { IMAGE_ASPECTS, normalizeAspect } from '../media/sizes.js';
import { suggestModel } from '../models/suggest.js';
import { DEFAULT_KEYS, SETTING_KEYS, type SettingKey, type SettingValues } from '../ports/settings-store.js';
import type { ModelKind } from '../pricing.js';
import { looksLikeKey } from '../secrets.js';
import { actorIds, type ActorIds } from './context.js';
import type { CoreDeps } from './deps.js';
import { languageName, shippedLocale } from './language.js';
import { models } from './models.js';

/** The image qualities a setting takes (`auto` lets the model choose). */
export const QUALITIES = ['auto', 'low', 'medium', 'high'] as const;

/** Most images one command makes (`--n`). */
export const MAX_N = 4;

/** Words that clear a setting (not `auto`: it is a quality). */
const RESET = /^(reset|clear|default)$/i;
const ON = /^(on|yes|true|1)$/i;
const OFF = /^(off|no|false|0)$/i;

const MODEL_KIND: Partial<Record<SettingKey, ModelKind>> = { image_model: 'image', video_model: 'video', text_model: 'text' };

/** A typed key as one of {@link SETTING_KEYS} (`image-model`, `Image_Model` accepted), or undefined. */
export function settingKey(given: string): SettingKey | undefined {
  const k = given.trim().toLowerCase().replace(/-/g, '_');
  return (SETTING_KEYS as readonly string[]).includes(k) ? (k as SettingKey) : undefined;
}

/**
 * Validates one value for `key` as it would be stored: a model listed for the actor's token and of the key's kind; an
 * aspect the image sizes know; seconds in the video range; `n` 1..{@link MAX_N}; a quality of {@link QUALITIES};
 * `private` on or off; `language` a shipped locale. Returns the value normalized (`16/9` → `16:9`, `yes` → `on`).
 */
export async function validateSetting(d: CoreDeps, a: Actor, key: SettingKey, given: string): Promise<Result<string>> {
  const v = given.trim();
  const kind = MODEL_KIND[key];
  if (kind) {
    // A key pasted as a model id is refused and never quoted back.
    if (looksLikeKey(v)) return err(fail('bad_setting', { key, given: '…', allowed: '/models' }));
    const listed = await models(d, a);
    if (!listed.ok) return listed;
    const found = listed.value.find((m) => m.id === v);
    if (!found) {
      const suggestion = suggestModel(v, listed.value.filter((m) => m.kind === kind).map((m) => m.id));
      return err(fail('model_unknown', suggestion ? { model: v, suggestion } : { model: v }));
    }
    if (found.kind !== kind) return err(fail('model_wrong_kind', { model: v, expected: kind }));
    return ok(found.id);
  }
  switch (key) {
    case 'aspect': {
      const n = normalizeAspect(v);
      return (IMAGE_ASPECTS as readonly string[]).includes(n) ? ok(n) : err(fail('bad_aspect', { given: v, allowed: [...IMAGE_ASPECTS] }));
    }
    case 'seconds': {
      const s = validateDuration(v);
      return s.ok ? ok(String(s.value)) : s;
    }
    case 'n': {
      const n = /^\d{1,2}$/.test(v) ? Number(v) : NaN;
      return n >= 1 && n <= MAX_N ? ok(String(n)) : err(fail('bad_count', { given: v, max: MAX_N }));
    }
    case 'quality': {
      const q = v.toLowerCase();
      return (QUALITIES as readonly string[]).includes(q) ? ok(q) : err(fail('bad_setting', { key, given: v, allowed: QUALITIES.join(', ') }));
    }
    case 'private':
      return ON.test(v) ? ok('on') : OFF.test(v) ? ok('off') : err(fail('bad_setting', { key, given: v, allowed: 'on, off' }));
    case 'language': {
      const code = shippedLocale(v);
      return code ? ok(code) : err(fail('unknown_language', { given: v, available: supportedLocales().join(', ') }));
    }
    default:
      return err(fail('unknown_setting', { given: key, keys: SETTING_KEYS.join(', ') }));
  }
}

/**
 * The stored rows that decide the actor's settings here; with `withLanguage`, the language from the user and the scope
 * (a command does not need it: the dispatcher already resolved the locale).
 */
async function storedFor(d: CoreDeps, ids: ActorIds, withLanguage = true): Promise<{ member: SettingValues; personal: SettingValues; community: SettingValues }> {
  const [rows, community, user, scope] = await Promise.all([
    d.store.settings.memberSettings(ids.userId, ids.scopeId),
    d.store.settings.scopeDefaults(ids.scopeId),
    withLanguage ? d.store.directory.getUser(ids.userId) : undefined,
    withLanguage ? d.store.directory.getScope(ids.scopeId) : undefined,
  ]);
  return {
    member: rows.community,
    personal: { ...rows.personal, ...(user?.language ? { language: user.language } : {}) },
    community: { ...community, ...(scope?.language ? { language: scope.language } : {}) },
  };
}

/** Flag > member here > member everywhere > community default (> the bot's default, which is not stored). */
function inEffect(s: { member: SettingValues; personal: SettingValues; community: SettingValues }): SettingsInEffect {
  const out: SettingsInEffect = {};
  for (const key of SETTING_KEYS) {
    const member = s.member[key];
    const personal = s.personal[key];
    const community = key === 'private' ? undefined : s.community[key];
    if (member !== undefined) out[key] = { value: member, source: 'member' };
    else if (personal !== undefined) out[key] = { value: personal, source: 'personal' };
    else if (community !== undefined) out[key] = { value: community, source: 'community' };
  }
  return out;
}

/** See `SettingsApi.settingsInEffect`. A store failure reads as "nothing set": a command still runs on its defaults. */
export async function settingsInEffect(d: CoreDeps, a: Actor): Promise<SettingsInEffect> {
  try {
    return inEffect(await storedFor(d, await actorIds(d, a), false));
  } catch (e) {
    d.logger.warn({ err: e }, 'settings could not be read; the command runs on the defaults');
    return {};
  }
}

/** The bot's own default of `key` as words (`auto` when the bot picks). */
function botDefault(d: CoreDeps, key: SettingKey, locale: string): string {
  const auto = t(locale, 'settings-value-auto');
  switch (key) {
    case 'image_model':
      return d.settings.defaults.imageModel?.trim() || auto;
    case 'video_model':
      return d.settings.defaults.videoModel?.trim() || auto;
    case 'text_model':
      return d.settings.defaults.textModel?.trim() || auto;
    case 'seconds':
      return String(d.settings.defaults.videoSeconds);
    case 'n':
      return '1';
    case 'private':
      return 'off';
    default:
      return auto;
  }
}

/** One line per key: `aspect: 16:9 (your setting in this community)`. */
function listText(ids: ActorIds, keys: readonly SettingKey[], pick: (k: SettingKey) => { value: string; source: SettingSource }): string {
  const l = ids.locale;
  const lines = keys.map((key) => {
    const { value, source } = pick(key);
    return t(l, 'settings-line', { key, value: key === 'language' ? `${languageName(value, l)} (${value})` : value, source });
  });
  return lines.join('\n');
}

/** See `SettingsApi.settings`. */
export async function settings(d: CoreDeps, a: Actor, req: SettingsRequest): Promise<Result<SettingsAnswer>> {
  const ids = await actorIds(d, a);
  const l = ids.locale;
  const givenKey = req.key?.trim();
  const stored = await storedFor(d, ids);
  const effect = inEffect(stored);
  const current = (k: SettingKey) => effect[k] ?? { value: k === 'language' ? l : botDefault(d, k, l), source: 'bot' as const };
  // A word that is not a key lands in `value` on text surfaces (`/settings colour`): name it as the unknown key.
  if (!givenKey && req.value?.trim()) return err(fail('unknown_setting', { given: req.value.trim(), keys: SETTING_KEYS.join(', ') }));
  if (!givenKey) {
    const text = `${t(l, 'settings-title')}\n${listText(ids, SETTING_KEYS, current)}`;
    return ok({ text, locale: l });
  }
  const key = settingKey(givenKey);
  if (!key) return err(fail('unknown_setting', { given: givenKey, keys: SETTING_KEYS.join(', ') }));
  const value = req.value?.trim();
  if (!value) return ok({ text: listText(ids, [key], current), locale: l });
  // The language is the member's own in every community (`/language`): `where` does not apply to it.
  const where = key === 'language' ? 'everywhere' : (req.where ?? 'here');
  const scopeId = where === 'here' ? ids.scopeId : null;
  const write = (v: string | null) => (key === 'language' ? d.store.directory.setUserLanguage(ids.userId, v) : d.store.settings.setMemberSetting(ids.userId, scopeId, key, v));
  if (RESET.test(value)) {
    await write(null);
    const after = inEffect(await storedFor(d, ids));
    const now = after[key] ?? { value: key === 'language' ? l : botDefault(d, key, l), source: 'bot' as const };
    return ok({ text: t(l, 'settings-reset', { key, where, value: now.value, source: now.source }), locale: l });
  }
  const valid = await validateSetting(d, { ...a, resolved: ids }, key, value);
  if (!valid.ok) return valid;
  await write(valid.value);
  const speak = key === 'language' ? valid.value : l;
  return ok({ text: t(speak, 'settings-set', { key, value: valid.value, where }), locale: speak });
}

/** See `SettingsApi.communityDefaults`. */
export async function communityDefaults(d: CoreDeps, a: Actor, req: Omit<SettingsRequest, 'where'>): Promise<Result<SettingsAnswer>> {
  const ids = await actorIds(d, a);
  const l = ids.locale;
  const defaults = await d.store.settings.scopeDefaults(ids.scopeId);
  const current = (k: SettingKey) => (defaults[k] !== undefined ? { value: defaults[k], source: 'community' as const } : { value: botDefault(d, k, l), source: 'bot' as const });
  const givenKey = req.key?.trim();
  if (!givenKey && req.value?.trim()) return err(fail('unknown_setting', { given: req.value.trim(), keys: DEFAULT_KEYS.join(', ') }));
  if (!givenKey) return ok({ text: `${t(l, 'settings-defaults-title')}\n${listText(ids, DEFAULT_KEYS, current)}`, locale: l });
  const key = settingKey(givenKey);
  if (!key || !DEFAULT_KEYS.includes(key)) return err(fail('unknown_setting', { given: givenKey, keys: DEFAULT_KEYS.join(', ') }));
  const value = req.value?.trim();
  if (!value) return ok({ text: listText(ids, [key], current), locale: l });
  const by = { actor: a.user.auditAs ?? ids.userId, action: 'settings.default.set' };
  if (RESET.test(value)) {
    await d.store.settings.setScopeDefault(ids.scopeId, key, null, by);
    return ok({ text: t(l, 'settings-defaults-reset', { key, value: botDefault(d, key, l) }), locale: l });
  }
  const valid = await validateSetting(d, { ...a, resolved: ids }, key, value);
  if (!valid.ok) return valid;
  await d.store.settings.setScopeDefault(ids.scopeId, key, valid.value, by);
  return ok({ text: t(l, 'settings-defaults-set', { key, value: valid.value }), locale: l });
}
