import { causeText, hostOf, networkCode, StartupError } from '../../startup-errors.js';

/**
 * Translates an error of the Discord adapter's start (`client.login`, gateway discovery) into a
 * {@link StartupError} naming the host and the cause: a refused token (401 / TokenInvalid), a network error code,
 * disallowed intents, or the raw message.
 */
export function explainDiscordStartError(e: unknown, apiBase: string | undefined): StartupError {
  if (e instanceof StartupError) return e;
  const host = hostOf(apiBase ?? 'https://discord.com/api');
  const o = e as { code?: unknown; status?: unknown; message?: unknown };
  const message = e instanceof Error ? e.message : String(e);
  if (o?.code === 'TokenInvalid' || o?.status === 401 || /401|unauthori[sz]ed|invalid token/i.test(message)) {
    return new StartupError(`Discord rejected the bot token (401) at ${host}: check DISCORD_TOKEN (Developer Portal → your application → Bot → Reset Token).`, { cause: e });
  }
  if (/disallowed intents|4014/i.test(message)) {
    return new StartupError(`Discord refused the gateway intents at ${host}: the bot needs only the Guilds intent; turn off privileged intents it does not need, or enable them in the Developer Portal.`, { cause: e });
  }
  const code = networkCode(e);
  if (code) return new StartupError(`Discord: cannot reach ${host}: ${code} (check DISCORD_API_BASE, DNS and outbound HTTPS).`, { cause: e });
  if (typeof o?.status === 'number') return new StartupError(`Discord answered ${o.status} at ${host} during start-up: ${message}`, { cause: e });
  return new StartupError(`Discord start-up failed at ${host}: ${message}${causeText(e)}`, { cause: e });
}
