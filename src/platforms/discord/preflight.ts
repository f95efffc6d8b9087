import { hostOf, withStartupTimeout } from '../../startup-errors.js';
import { explainDiscordStartError } from './startup-errors.js';

/**
 * One `GET /v10/users/@me` with the bot token, made before anything else starts (the database, the catalogue warm-up
 * against the gateway), so a refused token or an unreachable host fails the start at once with a sentence naming it.
 * Other answers (429, 5xx) are left to the real login. Bounded by `timeoutMs`.
 * @throws StartupError from {@link explainDiscordStartError} or {@link withStartupTimeout}.
 */
export async function discordPreflight(token: string, apiBase: string | undefined, timeoutMs: number): Promise<void> {
  const base = (apiBase ?? 'https://discord.com/api').replace(/\/+$/, '');
  const controller = new AbortController();
  try {
    const res = await withStartupTimeout(fetch(`${base}/v10/users/@me`, { headers: { authorization: `Bot ${token}` }, signal: controller.signal }), timeoutMs, 'Discord', hostOf(base));
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 401) throw Object.assign(new Error('401: Unauthorized'), { status: 401 });
  } catch (e) {
    throw explainDiscordStartError(e, apiBase);
  } finally {
    controller.abort();
  }
}
