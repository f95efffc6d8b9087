import type { Actor, ArgValue, FailureCode, Reply, SurfaceInfo, SurfaceRequest } from '../core/api/surface.js';
import type { CommandDispatcher } from '../core/commands/dispatch.js';
import { parseCommandText } from '../core/commands/grammar.js';
import { commandArgs, findCommand } from '../core/commands/lookup.js';
import type { MediaGateway } from '../core/ports/media-gateway.js';
import { GatewayError } from '../gateway/index.js';
import { PLATFORMS } from '../platforms/registry.js';
import { CliError, UsageError } from './errors.js';
import type { PlatformRef } from './refs.js';

/** The operator CLI's surface id, and its one user: listed as an owner when the CLI composes the app. */
export const CLI = 'cli';
export const OPERATOR_USER = { platform: CLI, externalId: 'operator', displayName: 'operator', auditAs: 'operator' } as const;
/** The `OWNER_IDS` entry that makes {@link OPERATOR_USER} an owner (the CLI adds it to its own config only). */
export const OPERATOR_OWNER_ID = `${CLI}:${OPERATOR_USER.externalId}`;

/** Commands are typed as `npm run admin -- <command> <subcommand> <scope> …`; no buttons. */
export const CLI_SURFACE: SurfaceInfo = {
  id: CLI,
  buttons: false,
  commandHint: (command, subcommand) => `npm run admin -- ${command === 'setup' ? 'token' : command}${subcommand ? ` ${subcommand}` : ''} <scope>`,
};

/** The operator acting in the scope `ref` (a community of any surface). */
export function operatorActor(ref: PlatformRef): Actor {
  return { scope: { platform: ref.platform, externalId: ref.externalId, kind: PLATFORMS.find((m) => m.id === ref.platform)?.scopeKind ?? 'group' }, user: { ...OPERATOR_USER } };
}

/** The CLI's answer to "who, where, admin?": the operator, who administers every scope; nothing is delivered later. */
export function operatorRequest(actor: Actor): SurfaceRequest {
  return {
    actor,
    surface: CLI_SURFACE,
    isAdmin: () => Promise.resolve(true),
    uploadLimitBytes: Number.MAX_SAFE_INTEGER,
    progress: () => undefined,
    deliveryAddress: () => Promise.reject(new Error('the operator CLI starts no jobs that deliver later')),
  };
}

/**
 * Failures of a well-parsed line that mean "the command line is malformed" (exit 2); any other (a bad amount or
 * period, an unknown member) is "the request was refused" (exit 1).
 */
const USAGE_CODES: ReadonlySet<FailureCode> = new Set(['missing_argument', 'unknown_command']);

/**
 * Runs `/<command> <words…>` as the operator in `scope` through the shared grammar and dispatcher: the same parsing,
 * validation, role checks and audited changes as in the chats. `secret` fills the command's `secret` argument
 * (read from stdin, never from argv).
 * @returns the reply of a successful command.
 * @throws UsageError (exit 2, naming `form`) for a line that lacks an argument or names no subcommand; CliError
 * (exit 1) with the core's words for a refused value (amount, period, member, extra words).
 */
export async function runAsOperator(dispatcher: CommandDispatcher, scope: PlatformRef, words: readonly string[], form: string, secret?: string): Promise<Reply> {
  const parsed = parseCommandText(`/${words.join(' ')}`, dispatcher.commands);
  if (!parsed.ok) {
    // The grammar refuses values it can judge alone (a period, a flag): the request cannot be applied, as before.
    if (parsed.failure.code === 'bad_flag') throw new CliError(`${parsed.failure.details.message}\nusage: ${form}`);
    throw new UsageError(`usage: ${form}`);
  }
  const args: Record<string, ArgValue> = { ...parsed.args };
  if (secret !== undefined) {
    const name = commandArgs(findCommand(dispatcher.commands, parsed.command), parsed.subcommand).find((a) => a.kind === 'secret')?.name;
    if (!name) throw new Error(`${parsed.command} ${parsed.subcommand ?? ''} takes no secret`);
    args[name] = secret;
  }
  const reply = await dispatcher.run({
    command: parsed.command,
    ...(parsed.subcommand ? { subcommand: parsed.subcommand } : {}),
    args,
    request: operatorRequest(operatorActor(scope)),
  });
  if (reply.tone !== 'error') return reply;
  if (reply.failure && USAGE_CODES.has(reply.failure.code)) throw new UsageError(`usage: ${form}`);
  throw new CliError(stripRef(reply.blocks[0] ?? 'the request was refused', reply.failure?.ref));
}

/** The failure text without its last line, the reference: that is for chat users reporting a problem; the operator has the logs. */
function stripRef(text: string, ref: string | undefined): string {
  if (!ref) return text;
  const cut = text.lastIndexOf('\n');
  return cut >= 0 && text.slice(cut).includes(ref) ? text.slice(0, cut) : text;
}

/** A reply as plain lines for stdout: blocks, then `name: value` fields. */
export function replyText(reply: Reply): string {
  return [...(reply.title ? [reply.title] : []), ...reply.blocks, ...(reply.fields ?? []).map((f) => `  ${f.name}: ${f.value}`)].join('\n');
}

/**
 * The gateway of the CLI's app when `GATEWAY_BASE_URL` is not set: budgets and reports need none, and any call says
 * so as a network failure instead of reaching somewhere unexpected.
 */
export function unconfiguredGateway(): MediaGateway {
  const refuse = (): Promise<never> => Promise.reject(new GatewayError({ kind: 'network', message: 'GATEWAY_BASE_URL is not set' }));
  return { listModels: refuse, generateImage: refuse, editImage: refuse, fetchImage: refuse, createVideo: refuse, getVideo: refuse, downloadVideo: refuse, chat: refuse, messages: refuse };
}

/**
 * `token link --no-verify`: the operator vouches for the token, so the check the core makes before storing it
 * (`GET /v1/models`) is answered here with an empty list and never reaches a gateway; every other call refuses as
 * {@link unconfiguredGateway} does.
 */
export function vouchingGateway(): MediaGateway {
  return { ...unconfiguredGateway(), listModels: () => Promise.resolve([]) };
}
