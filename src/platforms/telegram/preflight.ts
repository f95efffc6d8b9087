import { Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { hostOf, withStartupTimeout } from '../../startup-errors.js';
import { explainTelegramStartError } from './startup-errors.js';

/**
 * One `getMe` call, made before the Telegram adapter starts, so a refused token or an unreachable host fails the
 * start at once with a sentence naming it. (grammY's own `bot.init()` retries network errors forever, which looked
 * like a silent hang.) Bounded by `timeoutMs`. Returns the answer, which the adapter's start reuses instead of asking again.
 * @throws StartupError from {@link explainTelegramStartError} or {@link withStartupTimeout}.
 */
export async function telegramPreflight(token: string, apiRoot: string, timeoutMs: number): Promise<UserFromGetMe> {
  const api = new Api(token, { apiRoot });
  const controller = new AbortController();
  try {
    return await withStartupTimeout(api.getMe(controller.signal as Parameters<Api['getMe']>[0]), timeoutMs, 'Telegram', hostOf(apiRoot));
  } catch (e) {
    throw explainTelegramStartError(e, apiRoot);
  } finally {
    controller.abort();
  }
}
