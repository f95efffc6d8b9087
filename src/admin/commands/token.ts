import { isGatewayFailure } from '../../core/ports/media-gateway.js';
import type { TokenOwner } from '../../core/admin/ports.js';
import { gatewayBalanceText } from '../../core/use-cases/gateway-balance.js';
import { HttpMediaGateway } from '../../gateway/index.js';
import { expectArity, type ParsedArgs } from '../args.js';
import { OPERATOR, type AdminContext } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { formatTime } from '../format.js';
import { parseRef, refText, scopeId, userId } from '../refs.js';

/** The forms of `token`. */
export const TOKEN_USAGE = [
  'token link <scope|user:<platform>:<id>> [--no-verify]   (the token is read from stdin)',
  'token unlink <scope|user:<platform>:<id>>',
  'token show <scope|user:<platform>:<id>>',
];

interface Target {
  owner: TokenOwner;
  scopeId: string | null;
  label: string;
}

async function target(ctx: AdminContext, text: string | undefined, create: boolean): Promise<Target> {
  const { db, directory } = ctx.store;
  if (text?.startsWith('user:')) {
    const ref = parseRef(text.slice(5), 'user');
    return { owner: { kind: 'personal', ownerId: await userId(db, directory, ref, create) }, scopeId: null, label: `personal token of ${refText(ref.platform, ref.externalId)}` };
  }
  const ref = parseRef(text, 'scope');
  const sid = await scopeId(db, directory, ref, create);
  return { owner: { kind: 'scope', ownerId: sid }, scopeId: sid, label: `community token of ${refText(ref.platform, ref.externalId)}` };
}

/**
 * Checks a token with `GET /v1/models` on the configured gateway before it is stored.
 * @throws CliError when the gateway refuses it, cannot be reached, or is not configured (the message suggests --no-verify).
 */
async function verify(ctx: AdminContext, token: string): Promise<number> {
  const baseUrl = ctx.config.gateway.baseUrl;
  if (!baseUrl) throw new CliError('GATEWAY_BASE_URL is not set, so the token cannot be checked; set it or pass --no-verify');
  const gateway = new HttpMediaGateway({ baseUrl, timeoutMs: 20_000, maxRetries: 1, retryBaseMs: 200 });
  try {
    return (await gateway.listModels(token)).length;
  } catch (e) {
    if (isGatewayFailure(e) && e.kind === 'auth') throw new CliError('the gateway rejected this token (401); nothing was stored');
    if (isGatewayFailure(e) && (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'upstream')) {
      throw new CliError(`the gateway at ${baseUrl} could not be reached (${e.kind}); nothing was stored — retry, or pass --no-verify`);
    }
    throw new CliError(`the gateway did not accept the token check (${isGatewayFailure(e) ? e.kind : 'error'}); nothing was stored`);
  } finally {
    await gateway.close();
  }
}

/**
 * The gateway balance of a stored token (new-api token usage page, else dashboard billing), in the core's words;
 * a short reason when the gateway is not configured or shows no balance. The token is opened in memory only.
 */
async function balanceLine(ctx: AdminContext, owner: TokenOwner): Promise<string> {
  const baseUrl = ctx.config.gateway.baseUrl;
  if (!baseUrl) return 'Gateway balance: not checked (GATEWAY_BASE_URL is not set).';
  const nobody = '\u0000none';
  const r = await ctx.store.tokens.resolveToken(owner.kind === 'scope' ? owner.ownerId : nobody, owner.kind === 'personal' ? owner.ownerId : nobody);
  if (r.source !== owner.kind) return 'Gateway balance: unknown (the token could not be read).';
  const gateway = new HttpMediaGateway({ baseUrl, timeoutMs: 20_000, maxRetries: 1, retryBaseMs: 200 });
  try {
    const b = await gateway.getBalance(r.token);
    return gatewayBalanceText(owner.kind === 'scope' ? 'scope' : 'personal', b.remainingMicros, b.usedMicros, b.expiresAt);
  } catch (e) {
    return `Gateway balance: unavailable (${isGatewayFailure(e) ? e.kind : 'error'}).`;
  } finally {
    await gateway.close();
  }
}

/** Runs `token link|unlink|show …`. The token itself is only ever read from stdin and never printed. */
export async function tokenCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  const [op, ...rest] = args.positional;
  const a: ParsedArgs = { positional: rest, flags: args.flags };
  switch (op) {
    case 'link': {
      expectArity(a, 1, 1, TOKEN_USAGE[0]!);
      const t = await target(ctx, rest[0], true);
      const token = (await ctx.readSecret(`Paste the gateway token for the ${t.label} and press Enter: `)).trim();
      if (token === '') throw new CliError('no token on stdin; pipe it in, e.g. `printf %s "$TOKEN" | npm run admin -- token link …`');
      const models = args.flags.get('no-verify') === true ? null : await verify(ctx, token);
      try {
        const info = await ctx.store.admin.linkToken(OPERATOR, t.owner, token, t.scopeId);
        const checked = models === null ? 'not verified (--no-verify)' : `verified, ${models} models reachable`;
        ctx.print(`Linked the ${t.label}: ${info.masked} (${checked}).`);
      } catch (e) {
        if (e instanceof Error && (e.name === 'AdminError' || e.name === 'EncryptionKeyError')) throw new CliError(e.message);
        throw e;
      }
      return;
    }
    case 'unlink': {
      expectArity(a, 1, 1, TOKEN_USAGE[1]!);
      const t = await target(ctx, rest[0], false);
      const removed = await ctx.store.admin.unlinkToken(OPERATOR, t.owner, t.scopeId);
      ctx.print(removed ? `Removed the ${t.label} (${removed.masked}).` : `There was no ${t.label}.`);
      return;
    }
    case 'show': {
      expectArity(a, 1, 1, TOKEN_USAGE[2]!);
      const t = await target(ctx, rest[0], false);
      const info = await ctx.store.admin.showToken(t.owner);
      ctx.print(info ? `${t.label}: ${info.masked}, linked by ${info.createdBy} at ${formatTime(info.createdAt)}` : `No ${t.label} is linked.`);
      if (info) ctx.print(await balanceLine(ctx, t.owner));
      return;
    }
    default:
      throw new UsageError(`usage:\n  ${TOKEN_USAGE.join('\n  ')}`);
  }
}
