/**
 * Verification of the Telegram Login Widget's data (https://core.telegram.org/widgets/login#checking-authorization):
 * the fields other than `hash`, sorted by name as `name=value` lines, signed with HMAC-SHA256 keyed by SHA-256 of the
 * bot token; `auth_date` at most {@link TELEGRAM_LOGIN_MAX_AGE_S} old. A verified payload is accepted once
 * ({@link ReplayGuard}): a copied callback URL opens nothing a second time.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Oldest `auth_date` accepted: one day. */
export const TELEGRAM_LOGIN_MAX_AGE_S = 86_400;

/** The person the widget vouches for. */
export interface TelegramLoginUser {
  id: string;
  username?: string;
  displayName?: string;
}

export type TelegramLoginCheck = { ok: true; user: TelegramLoginUser; hash: string; authDate: number } | { ok: false; reason: 'missing' | 'bad_hash' | 'expired' | 'replayed' };

const FIELDS = new Set(['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash']);

/** Checks the widget's query fields against `botToken` at `nowMs` (unknown fields are ignored, not signed over). */
export function verifyTelegramLogin(fields: Readonly<Record<string, string>>, botToken: string, nowMs: number): TelegramLoginCheck {
  const hash = fields.hash;
  const id = fields.id;
  const authDate = Number(fields.auth_date);
  if (!hash || !/^[0-9a-f]{64}$/.test(hash) || !id || !/^\d{1,20}$/.test(id) || !Number.isInteger(authDate)) return { ok: false, reason: 'missing' };
  const check = Object.keys(fields)
    .filter((k) => k !== 'hash' && FIELDS.has(k))
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const key = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', key).update(check).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'bad_hash' };
  const age = nowMs / 1000 - authDate;
  if (age > TELEGRAM_LOGIN_MAX_AGE_S || age < -300) return { ok: false, reason: 'expired' };
  const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
  return { ok: true, hash, authDate, user: { id, ...(fields.username ? { username: fields.username.toLowerCase() } : {}), ...(name ? { displayName: name } : {}) } };
}

/**
 * Remembers what was used until it could no longer be accepted anyway (`ttlMs`), in this process's memory: with
 * several processes a payload could be used once in each (the session it opens is the same person's either way).
 */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True the first time `key` is offered within its lifetime; false for a repeat. */
  first(key: string): boolean {
    const now = this.now();
    for (const [k, until] of this.seen) if (until <= now) this.seen.delete(k);
    if (this.seen.has(key)) return false;
    this.seen.set(key, now + this.ttlMs);
    return true;
  }
}
