import { Composer, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import type { Actor, ArgValue, CommandDefinition } from '../../core/api/surface.js';
import { commandArgs, findCommand } from '../../core/commands/lookup.js';
import { parseCommandText } from '../../core/commands/grammar.js';
import { actorOfMessage, isAnonymousAdmin, userOf } from './actor.js';
import { resolvedOf } from './seen-actors.js';
import { commandOf, TOKEN_LIKE } from './command-text.js';
import type { TelegramDeps } from './deps.js';
import { fileRefOf, type FileRef } from './files.js';
import { newRequest, replyFailure, runCommand, type Asker } from './run-command.js';
import { secretSubcommand } from './secret-args.js';
import { secretCommand } from './token-flow.js';
import { withMentionIds } from './text-mentions.js';
import { AlbumCollector, type AlbumGroup } from './util/album-collector.js';

/** One message of an album, as collected. */
interface AlbumItem {
  msg: Message;
  ref: FileRef;
}

/** Options of {@link commandRouter}. */
export interface CommandRouterOptions {
  /** Quiet time that closes an album, ms; default 800. */
  albumQuietMs?: number;
}

/**
 * The one command path: a message whose text or caption starts with `/` is parsed by the core's grammar
 * (`/cmd[@bot] [sub] words --flag value`), its files become the command's attachment argument, and the dispatcher
 * runs it in the background; the reply is rendered by `showReply`. Files are the message's own photo or document,
 * after the replied-to message's (`/edit` or `/video` as a reply to a photo; with a photo attached too, the replied one
 * comes first: a first+last-frame video), or a whole album (its parts collected by
 * `media_group_id`, the caption's command applying to all). Files carry their declared sizes, so the core refuses a
 * wrong count or an oversized file before any download (a file within the core's limit but over what the Bot API
 * serves is refused by the fetcher, naming Telegram's 20 MB, still without a download). Replies to the bot's force-reply prompts (an action's `input`) run that action.
 * Unknown commands are answered in private chats and when a suggestion exists; in groups, other bots' commands
 * (`/x@other_bot`, or unknown ones without a close match) are left alone.
 */
export function commandRouter(deps: TelegramDeps, opts: CommandRouterOptions = {}): { composer: Composer<Context>; albums: AlbumCollector<AlbumItem> } {
  const c = new Composer<Context>();
  const albums = new AlbumCollector<AlbumItem>({
    coordination: deps.coordination,
    quietMs: opts.albumQuietMs ?? 800,
    onGroup: (g) => onAlbum(deps, g),
    onError: (e) => deps.logger.warn({ err: e }, 'telegram album parts could not be read from the shared state'),
  });

  c.on('message', async (ctx, next) => {
    const msg = ctx.msg;
    const ref = fileRefOf(msg);
    if (msg.media_group_id && ref) {
      const part: { messageId: number; item: AlbumItem; caption?: string } = { messageId: msg.message_id, item: { msg, ref } };
      if (msg.caption !== undefined) part.caption = msg.caption;
      await albums.add(`${msg.chat.id}:${msg.media_group_id}`, part);
      return;
    }
    const replied = msg.reply_to_message;
    if (msg.text !== undefined && replied?.from?.id === ctx.me.id && msg.from && !msg.text.startsWith('/')) {
      const pending = await deps.inputs.take(msg.chat.id, replied.message_id, msg.from.id);
      if (pending) return answerInput(deps, msg, pending.action, msg.text);
    }
    // A reply to a photo with a photo attached: the replied one first (a video's first frame, then its last).
    const fromReply = fileRefOf(replied);
    const files = [...(fromReply ? [fromReply] : []), ...(ref ? [ref] : [])];
    if (!(await handleCommand(deps, msg, files))) return next();
  });

  return { composer: c, albums };
}

function onAlbum(deps: TelegramDeps, g: AlbumGroup<AlbumItem>): void {
  const anchor = g.items.find((i) => i.msg.message_id === g.anchorMessageId) ?? g.items[0];
  if (!anchor) return;
  const msg: Message = g.caption !== undefined ? { ...anchor.msg, caption: g.caption } : anchor.msg;
  deps.tasks.run('album', () => handleCommand(deps, msg, g.items.map((i) => i.ref)));
}

/** Who asks and where, for a message. */
function askerOf(msg: Message, actor: Actor): Asker {
  const resolved = resolvedOf(msg);
  return {
    actor: resolved ? { ...actor, resolved } : actor,
    place: { chatId: msg.chat.id, replyTo: msg.message_id },
    adminOf: isAnonymousAdmin(msg) ? 'anonymous_admin' : { chatId: msg.chat.id, chatType: msg.chat.type, userId: msg.from?.id ?? 0 },
  };
}

/**
 * Whether a member command that did not parse must go unanswered here: the channel (chat or topic) is silent
 * (`/setup channel silent`), as the dispatcher would keep it for a command that parsed. Admin and owner commands are
 * answered (an admin can undo the rule from there); a store failure answers as usual.
 */
async function silentHere(deps: TelegramDeps, actor: Actor, def: CommandDefinition | undefined, typed: string): Promise<boolean> {
  if (actor.scope.kind === 'private' || !actor.channel || (def && def.role !== 'member')) return false;
  const verdict = await deps.core.channelCheck(actor, def?.name ?? typed).catch(() => undefined);
  return verdict?.kind === 'silent';
}

/** Parses and starts the command of `msg` with `files`; false when the message holds no command for this bot. */
async function handleCommand(deps: TelegramDeps, msg: Message, files: FileRef[]): Promise<boolean> {
  const typed = (msg.text ?? msg.caption ?? '').trim();
  const head = commandOf(typed, deps.botUsername());
  const actor = actorOfMessage(msg);
  if (!head || head.otherBot || !actor) return false;
  const commands = deps.dispatcher.commands;
  const place = { chatId: msg.chat.id, replyTo: msg.message_id };

  const replyAuthor = msg.reply_to_message?.from;
  const target = replyAuthor && !replyAuthor.is_bot ? replyAuthor : undefined;
  if (target) await deps.core.touch({ scope: actor.scope, user: { platform: 'telegram', externalId: String(target.id), ...(target.username ? { username: target.username } : {}) } });

  const def = findCommand(commands, head.command);
  const secret = secretSubcommand(def);
  // `/setup`, `/token` and `/token <token>` mean the subcommand that takes the token; in the private chat any word
  // that names no subcommand is taken as the token (so it is never quoted back as an unknown subcommand).
  const first = head.args.split(/\s+/)[0] ?? '';
  const named = def?.subcommands?.some((s) => s.name === first.toLowerCase()) ?? false;
  // A member picked from the mention list without a @username arrives as their name: named by id where the command
  // takes a member (never inside a prompt), and known from here on, as a replied-to member is.
  const mentioned = commandArgs(def, named ? first.toLowerCase() : undefined).some((a) => a.kind === 'user') ? withMentionIds(msg) : undefined;
  for (const m of mentioned?.members ?? []) await deps.core.touch({ scope: actor.scope, user: userOf(m) });
  const text = mentioned ? mentioned.text.trim() : typed;
  const isSecret = secret !== undefined && (first === '' || (!named && (msg.chat.type === 'private' || TOKEN_LIKE.test(first))));
  // Telegram's own `/start` (a deep link without payload, or the first contact) is help.
  const source = head.command === 'start' && !def ? '/help' : isSecret && secret ? `/${head.command} ${secret.subcommand} ${head.args}` : text;

  const parsed = parseCommandText(source, commands, { botUsername: deps.botUsername(), ...(target ? { replyTarget: String(target.id) } : {}) });
  if (!parsed.ok) {
    const f = parsed.failure;
    if (f.code === 'unknown_command' && (f.details.otherBot || (msg.chat.type !== 'private' && !f.details.suggestion))) return true;
    if (await silentHere(deps, actor, def, head.command)) return true;
    await replyFailure(deps, place, f, actor);
    return true;
  }
  const parsedDef = findCommand(commands, parsed.command);
  if (!parsedDef) return true;
  if (secret && parsed.subcommand === secret.subcommand) {
    const value = parsed.args[secret.arg];
    await secretCommand(deps, msg, parsedDef, secret, typeof value === 'string' ? value : undefined);
    return true;
  }

  const args: Record<string, ArgValue> = { ...parsed.args };
  const attachment = commandArgs(parsedDef, parsed.subcommand).find((a) => a.kind === 'attachment');
  if (attachment && files.length > 0) args[attachment.name] = files.map((f) => deps.files.incoming(f));
  const request = newRequest(deps, askerOf(msg, actor), parsed.command);
  deps.tasks.run(parsed.command, () => runCommand(deps, request, { command: parsed.command, ...(parsed.subcommand ? { subcommand: parsed.subcommand } : {}), args }));
  return true;
}

/**
 * The answer to a force-reply prompt: the action's command with its arguments plus the typed text (parsed with the
 * command's grammar, so flags work there too), run by the person who pressed the button.
 */
async function answerInput(deps: TelegramDeps, msg: Message, action: { command: string; subcommand?: string; args: Readonly<Record<string, string>>; input: { arg: string } }, text: string): Promise<void> {
  const actor = actorOfMessage(msg);
  if (!actor) return;
  const place = { chatId: msg.chat.id, replyTo: msg.message_id };
  const path = action.subcommand ? `${action.command} ${action.subcommand}` : action.command;
  // The button's own arguments are given, so every typed word goes to the others (`/remix` takes a job, then prose).
  const parsed = parseCommandText(`/${path} ${text}`, deps.dispatcher.commands, { botUsername: deps.botUsername(), given: action.args });
  if (!parsed.ok) {
    await replyFailure(deps, place, parsed.failure, actor);
    return;
  }
  const request = newRequest(deps, askerOf(msg, actor), action.command);
  const args = parsed.args;
  deps.tasks.run(action.command, () => runCommand(deps, request, { command: action.command, ...(action.subcommand ? { subcommand: action.subcommand } : {}), args }));
}
