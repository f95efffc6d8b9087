import { isGatewayFailure } from '../../core/ports/media-gateway.js';
import type { TokenOwner } from '../../core/ports/token-vault.js';
import { gatewayBalanceText } from '../../core/use-cases/gateway-balance.js';
import { runningJobsText } from '../../core/admin-text/texts.js';
import { DEFAULT_LOCALE } from '../../core/i18n/catalog.js';
import { HttpMediaGateway } from '../../gateway/index.js';
import { expectArity, type ParsedArgs } from '../args.js';
import { OPERATOR, type AdminContext } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { formatTime } from '../format.js';
import { replyText, runAsOperator } from '../operator-surface.js';
import { parseRef, refText, scopeId, userId, type PlatformRef } from '../refs.js';
import { scopeAndWords } from './budget.js';

/** The forms of `token`. */
export const TOKEN_USAGE = [
  'token link <scope|user:<platform>:<id>> [--no-verify]   (the token is read from stdin)',
  'token unlink <scope|user:<platform>:<id>>',
  'token show <scope|user:<platform>:<id>>',
];

/** `token link|unlink|show <scope>` → the chat command `/setup token|unlink|show` of that scope. */
const SETUP_OP: Record<string, string> = { link: 'token', unlink: 'unlink', show: 'show' };

/**
 * Runs `token link|unlink|show …`. A community's token goes through the chat command `/setup` of that scope, as the
 * operator (the core checks it with `GET /v1/models` and stores it encrypted and audited); `--no-verify` skips the
 * check. A member's personal token (`user:<platform>:<id>`) has no chat command for anyone but that member, so the
 * operator's change goes straight to the audited admin service. The token itself is only read from stdin, never printed.
 */
export async function tokenCommand(ctx: AdminContext, args: ParsedArgs): Promise<void> {
  const [op, ...rest] = args.positional;
  const index = ['link', 'unlink', 'show'].indexOf(op ?? '');
  const form = TOKEN_USAGE[index];
  if (op === undefined || form === undefined) throw new UsageError(`usage:\n  ${TOKEN_USAGE.join('\n  ')}`);
  const a: ParsedArgs = { positional: rest, flags: args.flags };
  if (rest[0]?.startsWith('user:')) {
    expectArity(a, 1, 1, form);
    return personal(ctx, op, parseRef(rest[0].slice(5), 'user'), args.flags.get('no-verify') === true);
  }
  const { scope, words } = scopeAndWords(args, rest, form);
  if (words.length > 0) throw new UsageError(`usage: ${form}`);
  const noVerify = op === 'link' && args.flags.get('no-verify') === true;
  if (op !== 'link') await scopeId(ctx.store.directory, scope, false);
  const secret = op === 'link' ? await readToken(ctx, noVerify, `the community token of ${refText(scope.platform, scope.externalId)}`) : undefined;
  const reply = await runAsOperator(ctx.dispatcher, scope, ['setup', SETUP_OP[op]!], form, secret);
  // With --no-verify the gateway was not asked, so the core's model count means nothing.
  ctx.print(noVerify ? `${replyText(reply).replace(/\s*It reaches \d+ models?\./, '')} Not verified (--no-verify).` : replyText(reply));
  if (op === 'show' && reply.tone !== 'error') {
    const owner: TokenOwner = { kind: 'scope', ownerId: await scopeId(ctx.store.directory, scope, false) };
    if (await ctx.store.admin.showToken(owner)) ctx.print(await balanceLine(ctx, owner));
  }
}

/** Reads the token from stdin; without --no-verify a gateway must be configured to check it. */
async function readToken(ctx: AdminContext, noVerify: boolean, label: string): Promise<string> {
  if (!noVerify && !ctx.config.gateway.baseUrl) throw new CliError('GATEWAY_BASE_URL is not set, so the token cannot be checked; set it or pass --no-verify');
  const token = (await ctx.readSecret(`Paste the gateway token for ${label} and press Enter: `)).trim();
  if (token === '') throw new CliError('no token on stdin; pipe it in, e.g. `printf %s "$TOKEN" | npm run admin -- token link …`');
  return token;
}

/**
 * Checks a token with `GET /v1/models` on the configured gateway before it is stored.
 * @throws CliError when the gateway refuses it or cannot be reached (the message suggests --no-verify).
 */
async function verify(ctx: AdminContext, token: string): Promise<number> {
  const baseUrl = ctx.config.gateway.baseUrl!;
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

/** A member's personal token, changed by the operator through the audited admin service (actor `operator`). */
async function personal(ctx: AdminContext, op: string, ref: PlatformRef, noVerify: boolean): Promise<void> {
  const label = `personal token of ${refText(ref.platform, ref.externalId)}`;
  const { admin, directory } = ctx.store;
  const owner = async (create: boolean): Promise<TokenOwner> => ({ kind: 'personal', ownerId: await userId(directory, ref, create) });
  if (op === 'link') {
    const o = await owner(true);
    const token = await readToken(ctx, noVerify, `the ${label}`);
    const models = noVerify ? null : await verify(ctx, token);
    const info = await admin.linkToken(OPERATOR, o, token, null).catch((e: unknown) => {
      throw e instanceof Error && (e.name === 'AdminError' || e.name === 'EncryptionKeyError') ? new CliError(e.message) : e;
    });
    ctx.print(`Linked the ${label}: ${info.masked} (${models === null ? 'not verified (--no-verify)' : `verified, ${models} models reachable`}).`);
  } else if (op === 'unlink') {
    const removed = await admin.unlinkToken(OPERATOR, await owner(false), null);
    ctx.print(removed ? `Removed the ${label} (${removed.masked}).${removed.runningJobs > 0 ? ` ${runningJobsText(DEFAULT_LOCALE, removed.runningJobs)}` : ''}` : `There was no ${label}.`);
  } else {
    const info = await admin.showToken(await owner(false));
    ctx.print(info ? `${label}: ${info.masked}, linked by ${info.createdBy} at ${formatTime(info.createdAt)}` : `No ${label} is linked.`);
    if (info) ctx.print(await balanceLine(ctx, await owner(false)));
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
    return gatewayBalanceText(owner.kind === 'scope' ? 'scope' : 'personal', b.remainingMicros, b.usedMicros, b.expiresAt, { locale: DEFAULT_LOCALE, timeZone: 'UTC', now: Date.now() });
  } catch (e) {
    return `Gateway balance: unavailable (${isGatewayFailure(e) ? e.kind : 'error'}).`;
  } finally {
    await gateway.close();
  }
}
