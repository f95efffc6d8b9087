/**
 * Discord OAuth2 for the web sign-in: the authorization code flow with scopes `identify guilds`. The code is
 * exchanged with the client secret (never rendered or logged) at `<apiBase>/oauth2/token`, then the person and their
 * guilds are read with the access token, which is used for these two reads only and never kept.
 */
import { request } from 'undici';
import type { DiscordLoginOptions } from './sign-in-options.js';

/** Discord's default addresses (tests point `apiBase`/`authorizeUrl` at a fake server on 127.0.0.1). */
export const DISCORD_API = 'https://discord.com/api/v10';
export const DISCORD_AUTHORIZE = 'https://discord.com/oauth2/authorize';

/** Manage Server (0x20) or Administrator (0x8): the permission the chat's admin check asks for (`managesGuild`). */
const MANAGE_GUILD = 0x20n;
const ADMINISTRATOR = 0x8n;

/** What OAuth2 tells of the person. */
export interface DiscordIdentity {
  id: string;
  username: string;
  displayName?: string;
  /** Their guilds and whether they manage each (Manage Server, Administrator, or owner). */
  guilds: { id: string; name: string; manages: boolean }[];
}

/** The authorize URL the browser is sent to. */
export function discordAuthorizeUrl(o: DiscordLoginOptions, state: string): string {
  const u = new URL(o.authorizeUrl ?? DISCORD_AUTHORIZE);
  u.search = new URLSearchParams({ client_id: o.clientId, redirect_uri: o.redirectUri, response_type: 'code', scope: 'identify guilds', state, prompt: 'none' }).toString();
  return u.toString();
}

async function json(res: Awaited<ReturnType<typeof request>>, what: string): Promise<unknown> {
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw new Error(`Discord ${what} answered ${res.statusCode}`);
  }
  return res.body.json();
}

/** Exchanges `code` and reads the person and their guilds. Throws (a short reason, no secret) when Discord refuses. */
export async function discordIdentity(o: DiscordLoginOptions, code: string): Promise<DiscordIdentity> {
  const api = (o.apiBase ?? DISCORD_API).replace(/\/+$/, '');
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: o.redirectUri, client_id: o.clientId, client_secret: o.clientSecret });
  const tok = (await json(await request(`${api}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), headersTimeout: 10_000, bodyTimeout: 10_000 }), 'token exchange')) as { access_token?: unknown; token_type?: unknown };
  if (typeof tok.access_token !== 'string') throw new Error('Discord token exchange gave no access token');
  const auth = { authorization: `Bearer ${tok.access_token}` };
  const me = (await json(await request(`${api}/users/@me`, { headers: auth, headersTimeout: 10_000, bodyTimeout: 10_000 }), 'user')) as { id?: unknown; username?: unknown; global_name?: unknown };
  const guilds = (await json(await request(`${api}/users/@me/guilds`, { headers: auth, headersTimeout: 10_000, bodyTimeout: 10_000 }), 'guilds')) as { id?: unknown; name?: unknown; owner?: unknown; permissions?: unknown }[];
  if (typeof me.id !== 'string' || !/^\d{1,20}$/.test(me.id) || !Array.isArray(guilds)) throw new Error('Discord answered an unexpected user or guild list');
  const manages = (g: { owner?: unknown; permissions?: unknown }) => {
    if (g.owner === true) return true;
    if (typeof g.permissions !== 'string' || !/^\d+$/.test(g.permissions)) return false;
    const p = BigInt(g.permissions);
    return (p & MANAGE_GUILD) !== 0n || (p & ADMINISTRATOR) !== 0n;
  };
  return {
    id: me.id,
    username: typeof me.username === 'string' ? me.username : me.id,
    ...(typeof me.global_name === 'string' ? { displayName: me.global_name } : {}),
    guilds: guilds.filter((g) => typeof g.id === 'string').map((g) => ({ id: g.id as string, name: typeof g.name === 'string' ? g.name : (g.id as string), manages: manages(g) })),
  };
}
