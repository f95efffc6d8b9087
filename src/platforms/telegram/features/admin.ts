import { Composer, InputFile, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import type { AdminCommand } from '../../../core/api.js';
import { fail } from '../../../core/failures.js';
import { actorFrom, actorOf } from '../actor.js';
import { isAdmin } from '../admin-check.js';
import { words } from '../command-text.js';
import type { TelegramDeps } from '../deps.js';
import { sendReply } from '../reply.js';

/** The `/budget` syntax, shown on a malformed command. */
export const BUDGET_USAGE = [
  'Usage (amounts in USD, periods day|week|month|total):',
  '/budget default <amount> [period] — every member',
  '/budget set [@user|id] <amount> [period] — one member (or reply to their message)',
  '/budget clear|block|unblock|show [@user|id]',
  '/budget adjust [@user|id] <+/-amount> [note]',
  '/budget pool <amount|none> [period] — the whole group',
  '/usage [period] — spending report with a CSV file',
].join('\n');

const ID = /^(?:telegram:)?\d{3,}$/;

/** Result of {@link parseBudget}: a command, or a usage problem to show. */
export type ParsedBudget = { ok: true; cmd: AdminCommand } | { ok: false; usage: string };

/**
 * Parses `/budget …` arguments. A target is `@username`, a numeric id or `telegram:<id>`; when none is written,
 * `replyTarget` (the author of the replied-to message) is used. Amounts and periods are passed as typed: the core
 * validates them.
 */
export function parseBudget(args: string, replyTarget: string | undefined): ParsedBudget {
  const [op, ...rest] = words(args);
  const bad: ParsedBudget = { ok: false, usage: BUDGET_USAGE };
  const takeTarget = (needsMore: boolean): string | undefined => {
    const first = rest[0];
    if (first !== undefined && (first.startsWith('@') || (ID.test(first) && (!needsMore || rest.length >= 2)))) return rest.shift();
    return replyTarget;
  };
  switch (op?.toLowerCase()) {
    case 'default':
    case 'pool': {
      const [amount, period] = rest;
      if (!amount) return bad;
      return { ok: true, cmd: { op: op.toLowerCase() as 'default' | 'pool', amount, ...(period ? { period } : {}) } };
    }
    case 'set': {
      const target = takeTarget(true);
      const [amount, period] = rest;
      if (!target || !amount) return bad;
      return { ok: true, cmd: { op: 'set', target, amount, ...(period ? { period } : {}) } };
    }
    case 'adjust': {
      const target = takeTarget(true);
      const [amount, ...note] = rest;
      if (!target || !amount) return bad;
      return { ok: true, cmd: { op: 'adjust', target, amount, ...(note.length ? { note: note.join(' ') } : {}) } };
    }
    case 'clear':
    case 'block':
    case 'unblock': {
      const target = takeTarget(false);
      if (!target) return bad;
      return { ok: true, cmd: { op: op.toLowerCase() as 'clear' | 'block' | 'unblock', target } };
    }
    case 'show': {
      const target = takeTarget(false);
      return { ok: true, cmd: target ? { op: 'show', target } : { op: 'show' } };
    }
    default:
      return bad;
  }
}

/** The author of a replied-to message as a target id (bots excluded). */
function replyAuthor(msg: Message | undefined): Message['from'] | undefined {
  const from = msg?.reply_to_message?.from;
  return from && !from.is_bot ? from : undefined;
}

/**
 * Runs an admin command for `ctx` after the admin check (creator/administrator via `getChatMember`, or an owner);
 * replies with the core's text, and with the CSV as a document for `usage`.
 */
export async function runAdmin(deps: TelegramDeps, ctx: Context, cmd: AdminCommand): Promise<void> {
  const actor = actorOf(ctx);
  const chatId = ctx.chat?.id;
  const replyTo = ctx.msg?.message_id;
  if (!actor || chatId === undefined) return;
  if (!(await isAdmin(deps, ctx))) {
    await sendReply(deps.api, chatId, replyTo, deps.core.explain(fail('not_admin')));
    return;
  }
  const res = await deps.core.admin(actor, cmd);
  if (!res.ok) {
    await sendReply(deps.api, chatId, replyTo, deps.core.explain(res.failure));
    return;
  }
  await sendReply(deps.api, chatId, replyTo, res.value.text);
  const csv = res.value.csv;
  if (csv) {
    await deps.api.sendDocument(chatId, new InputFile(Buffer.from(csv.content, 'utf8'), csv.filename), {
      ...(replyTo !== undefined ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } } : {}),
    });
  }
}

/** `/budget …` and `/usage [period]` for group admins and owners. */
export function adminFeature(deps: TelegramDeps): Composer<Context> {
  const c = new Composer<Context>();
  c.command('budget', async (ctx) => {
    const target = replyAuthor(ctx.msg);
    if (target) await deps.core.touch(actorFrom(ctx.chat, target));
    const parsed = parseBudget(ctx.match, target ? String(target.id) : undefined);
    if (!parsed.ok) {
      await sendReply(deps.api, ctx.chat.id, ctx.msg.message_id, parsed.usage);
      return;
    }
    await runAdmin(deps, ctx, parsed.cmd);
  });
  c.command('usage', async (ctx) => {
    const [period, target] = words(ctx.match);
    await runAdmin(deps, ctx, { op: 'usage', ...(period ? { period } : {}), ...(target ? { target } : {}) });
  });
  return c;
}
