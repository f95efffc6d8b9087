import { t } from '../../core/i18n/catalog.js';
import { negotiateLocale } from '../../core/i18n/negotiate.js';
import { Composer, InlineKeyboard, type Context, type Filter } from 'grammy';
import type { Message } from 'grammy/types';
import type { CommandDefinition } from '../../core/api/surface.js';
import { isCoordinationUnavailable } from '../../core/ports/coordination.js';
import { actorOfMessage, scopeOf, userOf } from './actor.js';
import { commandOf, TOKEN_LIKE } from './command-text.js';
import type { TelegramDeps } from './deps.js';
import { newRequest, runCommand, showReply } from './run-command.js';
import { secretSubcommand } from './secret-args.js';
import { bestEffort, sendPlain } from './send.js';
import type { PendingToken, SecretTarget } from './setup-state.js';
import { TELEGRAM_SURFACE } from './surface.js';

/** Deep-link payload of a group setup: `s_<nonce>`. */
const SETUP_PAYLOAD = /^s_([A-Za-z0-9_-]{8,40})$/;
const hint = TELEGRAM_SURFACE.commandHint;

/** `https://t.me/<bot>?start=<payload>`. */
function startLink(botUsername: string, payload: string): string {
  return `https://t.me/${botUsername}?start=${encodeURIComponent(payload)}`;
}

/**
 * The token flows, before any command parsing. A gateway token is only ever taken in the private chat: after
 * `/token` (personal) or a `/setup` deep link (a group's, opened by the admin who asked), the NEXT message there is
 * the token; it is deleted at once and handed to the core's `token link` / `setup token` command, which checks the
 * role (for a group: whether the sender still administers it) and the token. A token-like text anywhere else is
 * deleted and refused, never passed to a command. Also `/start <payload>` (the deep links) and `/cancel` (a pending
 * token, or the sender's open force-reply prompts in that chat).
 */
export function tokenFlow(deps: TelegramDeps): Composer<Context> {
  const c = new Composer<Context>();
  c.on('message', async (ctx, next) => {
    try {
      await flow(deps, ctx, next);
    } catch (e) {
      if (!isCoordinationUnavailable(e)) throw e;
      await sharedStateDown(deps, ctx.msg, e);
    }
  });
  return c;
}

/**
 * The shared state (Redis) did not answer while a message was handled: a token-looking text is still deleted, and
 * the sender is told to try again; nothing ran, so nothing was charged.
 */
async function sharedStateDown(deps: TelegramDeps, msg: Message, e: unknown): Promise<void> {
  deps.logger.warn({ err: e }, 'telegram: shared state unavailable; message not handled');
  const text = (msg.text ?? msg.caption ?? '').trim();
  if (TOKEN_LIKE.test(text)) {
    deps.secrets.add(TOKEN_LIKE.exec(text)?.[0]);
    await bestEffort(deps.logger, 'delete pasted token', () => deps.api.deleteMessage(msg.chat.id, msg.message_id));
  }
  await bestEffort(deps.logger, 'tell the shared state is down', () =>
    sendPlain(deps.api, msg.chat.id, msg.message_id, t(localeOf(msg), 'shared-state-down')),
  );
}

/** The token flows for one message (see {@link tokenFlow}). */
async function flow(deps: TelegramDeps, ctx: Filter<Context, 'message'>, next: () => Promise<void>): Promise<void> {
  const msg = ctx.msg;
  const text = (msg.text ?? msg.caption ?? '').trim();
  const head = commandOf(text, deps.botUsername());
  if (head?.command === 'cancel' && !head.otherBot && msg.from) return cancel(deps, msg);
  if (msg.chat.type === 'private' && msg.from) {
    const pending = await deps.setup.pendingToken(msg.chat.id);
    if (pending && msg.text !== undefined && !text.startsWith('/')) return acceptToken(deps, msg, pending, text);
    if (head?.command === 'start' && !head.otherBot && head.args !== '') return start(deps, msg, head.args);
  }
  if (!TOKEN_LIKE.test(text)) return next();
  const def = head && !head.otherBot ? deps.dispatcher.commands.find((d) => d.name === head.command) : undefined;
  if (msg.chat.type === 'private' && secretSubcommand(def)) return next();
  const found = TOKEN_LIKE.exec(text)?.[0];
  deps.secrets.add(found);
  await bestEffort(deps.logger, 'delete pasted token', () => ctx.deleteMessage());
  const l = localeOf(msg);
  const where = msg.chat.type === 'private' ? t(l, 'token-where-private', { tokenLink: hint('token', 'link') }) : t(l, 'token-where-group', { setupToken: hint('setup', 'token'), tokenLink: hint('token', 'link') });
  await sendPlain(deps.api, msg.chat.id, undefined, t(l, 'token-deleted', { kind: found?.startsWith('sk-') ? 'gateway' : 'secret', where }));
}

/**
 * A parsed command whose subcommand takes a secret (`/setup`, `/token`, with or without the token). In a group the
 * token is never taken: a message carrying one is deleted; otherwise a group command (`setup`) checks the role with
 * the core and offers a one-time deep link, a personal one (`token`) links to the private chat. In the private chat
 * the token is taken from the message (deleted at once) or from the next one.
 */
export async function secretCommand(deps: TelegramDeps, msg: Message, def: CommandDefinition, target: { subcommand: string; arg: string }, secret: string | undefined): Promise<void> {
  const chat = msg.chat;
  const l = localeOf(msg);
  const place = { chatId: chat.id, replyTo: msg.message_id };
  const group = def.place === 'community';
  if (secret !== undefined) deps.secrets.add(secret);
  if (chat.type !== 'private') {
    if (secret !== undefined) {
      await bestEffort(deps.logger, 'delete pasted token', () => deps.api.deleteMessage(chat.id, msg.message_id));
      await sendPlain(deps.api, chat.id, undefined, t(l, 'token-deleted-in-group', { command: hint(def.name, target.subcommand) }));
      return;
    }
    if (!group) {
      await sendPlain(deps.api, chat.id, msg.message_id, t(l, 'token-personal-private'), {
        reply_markup: new InlineKeyboard().url(t(l, 'token-button-personal'), startLink(deps.botUsername(), def.name)),
      });
      return;
    }
    return offerGroupSetup(deps, msg, def, target);
  }
  if (group) {
    await sendPlain(deps.api, chat.id, msg.message_id, t(l, 'token-group-from-private', { command: hint(def.name, target.subcommand), tokenLink: hint('token', 'link') }));
    return;
  }
  const pending: PendingToken = { target: { command: def.name, subcommand: target.subcommand }, userId: String(msg.from?.id ?? '') };
  if (secret !== undefined) return acceptToken(deps, msg, pending, secret);
  await askPersonalToken(deps, place.chatId, place.replyTo, msg.from?.id ?? 0, pending.target, l);
}

/**
 * `/setup` in a group: the core decides whether this member may link the group's token (the command is run with
 * the secret still missing: a role refusal is shown as it is, `missing_argument` means the role passed); then a
 * one-time deep link to the private chat is offered, bound to this admin.
 */
async function offerGroupSetup(deps: TelegramDeps, msg: Message, def: CommandDefinition, target: { subcommand: string }): Promise<void> {
  const actor = actorOfMessage(msg);
  if (!actor || !msg.from) return;
  const request = newRequest(deps, { actor, place: { chatId: msg.chat.id, replyTo: msg.message_id }, adminOf: { chatId: msg.chat.id, chatType: msg.chat.type, userId: msg.from.id } }, def.name);
  const probe = await deps.dispatcher.run({ command: def.name, subcommand: target.subcommand, args: {}, request });
  if (probe.failure?.code !== 'missing_argument') return showReply(deps, request, probe);
  const l = probe.locale ?? localeOf(msg);
  if (msg.sender_chat) {
    await sendPlain(deps.api, msg.chat.id, msg.message_id, t(l, 'token-anonymous-admin', { command: hint(def.name, target.subcommand) }));
    return;
  }
  const nonce = await deps.setup.createNonce({ command: def.name, subcommand: target.subcommand, scope: actor.scope }, String(msg.from.id));
  await sendPlain(deps.api, msg.chat.id, msg.message_id, t(l, 'token-open-private'), {
    reply_markup: new InlineKeyboard().url(t(l, 'token-button-private'), startLink(deps.botUsername(), `s_${nonce}`)),
  });
}

async function askPersonalToken(deps: TelegramDeps, chatId: number, replyTo: number | undefined, userId: number, target: SecretTarget, locale: string): Promise<void> {
  await deps.setup.expectToken(chatId, { target, userId: String(userId) });
  await sendPlain(deps.api, chatId, replyTo, t(locale, 'token-paste-personal', { tokenUnlink: hint('token', 'unlink') }));
}

/** `/start <payload>` in the private chat: a group's setup link (`s_<nonce>`) or a command's token flow (`token`). */
async function start(deps: TelegramDeps, msg: Message, payload: string): Promise<void> {
  const chatId = msg.chat.id;
  const from = msg.from;
  if (!from) return;
  const l = localeOf(msg);
  const m = SETUP_PAYLOAD.exec(payload);
  if (m) {
    const grant = await deps.setup.takeNonce(m[1] ?? '', String(from.id));
    if (!grant) {
      await sendPlain(deps.api, chatId, msg.message_id, t(l, 'token-link-expired', { setupToken: hint('setup', 'token') }));
      return;
    }
    await deps.setup.expectToken(chatId, { target: grant.target, userId: String(from.id) });
    const group = grant.target.scope.title ? `"${grant.target.scope.title}"` : 'none';
    await sendPlain(deps.api, chatId, msg.message_id, t(l, 'token-paste-group', { group }));
    return;
  }
  const def = deps.dispatcher.commands.find((d) => d.name === payload);
  const secret = secretSubcommand(def);
  if (def && secret && def.place !== 'community') return askPersonalToken(deps, chatId, msg.message_id, from.id, { command: def.name, subcommand: secret.subcommand }, l);
  const actor = actorOfMessage(msg);
  if (!actor) return;
  const request = newRequest(deps, { actor, place: { chatId, replyTo: msg.message_id }, adminOf: { chatId, chatType: 'private', userId: from.id } }, 'help');
  deps.tasks.run('help', () => runCommand(deps, request, { command: 'help', args: {} }));
}

async function cancel(deps: TelegramDeps, msg: Message): Promise<void> {
  const chatId = msg.chat.id;
  const had = (await deps.setup.pendingToken(chatId)) !== undefined;
  await deps.setup.clearToken(chatId);
  const inputs = msg.from ? await deps.inputs.cancel(chatId, msg.from.id) : 0;
  const l = localeOf(msg);
  await sendPlain(deps.api, chatId, msg.message_id, t(l, had ? 'token-cancelled-waiting' : inputs > 0 ? 'token-cancelled' : 'token-nothing-to-cancel'));
}

/**
 * Takes a pasted token: deletes the message first, then runs the target command with it (the core checks the
 * role and the token, stores it encrypted and confirms by its last 4 characters only). Linking is serialized per
 * chat, so two pastes never race.
 */
async function acceptToken(deps: TelegramDeps, msg: Message, pending: PendingToken, raw: string): Promise<void> {
  const chat = msg.chat;
  const from = msg.from;
  if (!from) return;
  const token = raw.trim();
  deps.secrets.add(token);
  let deleted = true;
  try {
    await deps.api.deleteMessage(chat.id, msg.message_id);
  } catch {
    deleted = false;
  }
  const l = localeOf(msg);
  const note = deleted ? 'none' : t(l, 'token-not-deleted');
  if (!/^\S{8,512}$/.test(token)) {
    await sendPlain(deps.api, chat.id, undefined, t(l, 'token-not-a-token', { note }));
    return;
  }
  await deps.setup.clearToken(chat.id);
  const { target } = pending;
  const arg = secretSubcommand(deps.dispatcher.commands.find((d) => d.name === target.command))?.arg;
  if (!arg) return;
  const scope = target.scope ?? scopeOf(chat);
  const groupId = target.scope ? Number(target.scope.externalId) : chat.id;
  const request = newRequest(
    deps,
    { actor: { scope, user: userOf(from) }, place: { chatId: chat.id }, adminOf: { chatId: groupId, chatType: target.scope ? 'supergroup' : 'private', userId: from.id } },
    target.command,
  );
  deps.tasks.serial(`token:${chat.id}`, 'link token', async () => {
    const reply = await deps.dispatcher.run({ command: target.command, ...(target.subcommand ? { subcommand: target.subcommand } : {}), args: { [arg]: token }, request });
    await showReply(deps, request, deleted ? reply : { ...reply, blocks: [...reply.blocks, note] });
  });
}

/** The sender's app language for these set-up messages (they run before the dispatcher resolves the stored choices). */
function localeOf(msg: Message): string {
  return negotiateLocale(msg.from?.language_code);
}
