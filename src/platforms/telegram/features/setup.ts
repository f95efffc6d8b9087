import { Composer, InlineKeyboard, type Context } from 'grammy';
import type { Actor } from '../../../core/api.js';
import { fail } from '../../../core/failures.js';
import { actorOf, userOf } from '../actor.js';
import { isAdmin, isChatAdmin, isOwner } from '../admin-check.js';
import { commandOf, words } from '../command-text.js';
import type { TelegramDeps } from '../deps.js';
import { bestEffort, sendReply } from '../reply.js';
import type { PendingToken } from '../setup-state.js';
import { runAdmin } from './admin.js';

/** Gateway-key-looking text, deleted wherever it is posted outside a token flow. */
const TOKEN_LIKE = /\bsk-[A-Za-z0-9_-]{8,}/;
/** Deep-link payload of a group setup: `s_<nonce>`. */
const SETUP_PAYLOAD = /^s_([A-Za-z0-9_-]{8,40})$/;

/** `https://t.me/<bot>?start=<payload>`. */
export function startLink(botUsername: string, payload: string): string {
  return `https://t.me/${botUsername}?start=${encodeURIComponent(payload)}`;
}

/**
 * The token flows. `/setup` (group admins) answers with a button opening the private chat through a one-time deep
 * link; there, and after `/token` (personal), the NEXT message is taken as the token: it is deleted at once, checked
 * by the core (`GET /v1/models`), stored encrypted, and confirmed by its last 4 characters only. A gateway key posted
 * anywhere else is deleted with a warning. `/setup show|unlink|timezone <IANA>` manage the group's settings.
 */
export function setupFeature(deps: TelegramDeps): Composer<Context> {
  const c = new Composer<Context>();
  const { api, setup } = deps;

  c.on('message:text', async (ctx, next) => {
    const chat = ctx.chat;
    const text = ctx.msg.text.trim();
    const cmd = commandOf(ctx.msg, deps.botUsername());
    if (chat.type === 'private') {
      const pending = setup.pendingToken(chat.id);
      if (pending && !text.startsWith('/')) return acceptToken(deps, ctx, pending, text);
      if (cmd?.command === 'token' && TOKEN_LIKE.test(cmd.args)) {
        return acceptToken(deps, ctx, { personal: true, userId: String(ctx.from.id), expiresAt: Infinity }, cmd.args);
      }
    }
    if (TOKEN_LIKE.test(text)) {
      deps.secrets.add(TOKEN_LIKE.exec(text)?.[0]);
      await bestEffort(deps, 'delete pasted token', () => ctx.deleteMessage());
      const hint = chat.type === 'private' ? 'Send /token first, then paste it.' : 'Tokens belong in a private chat with me: admins use /setup, members /token.';
      await sendReply(api, chat.id, undefined, `That looked like a gateway token, so I deleted the message (if I could). ${hint}`);
      return;
    }
    return next();
  });

  c.command('cancel', async (ctx) => {
    const had = setup.pendingToken(ctx.chat.id) !== undefined;
    setup.clearToken(ctx.chat.id);
    await sendReply(api, ctx.chat.id, ctx.msg.message_id, had ? 'Cancelled: I am no longer waiting for a token.' : 'Nothing to cancel.');
  });

  c.command('start', async (ctx, next) => {
    const payload = ctx.match.trim();
    if (ctx.chat.type !== 'private' || payload === '') return next();
    if (payload === 'token') return askPersonalToken(deps, ctx);
    const m = SETUP_PAYLOAD.exec(payload);
    if (!m) return next();
    const grant = setup.takeNonce(m[1] ?? '', String(ctx.from?.id ?? ''));
    if (!grant || !ctx.from) {
      await sendReply(api, ctx.chat.id, ctx.msg.message_id, 'This setup link has expired, was already used, or belongs to another admin. Run /setup in the group again.');
      return;
    }
    setup.expectToken(ctx.chat.id, { personal: false, scope: grant.scope, userId: String(ctx.from.id) });
    const title = grant.scope.title ? `"${grant.scope.title}"` : 'the group';
    await sendReply(api, ctx.chat.id, ctx.msg.message_id, `Paste the gateway token for ${title} now. I will delete your message at once and keep the token encrypted. Send /cancel to stop.`);
  });

  c.command('token', async (ctx) => {
    const actor = actorOf(ctx);
    if (!actor) return;
    if (ctx.chat.type !== 'private') {
      await sendReply(api, ctx.chat.id, ctx.msg.message_id, 'Personal tokens are set in a private chat with me:', {
        reply_markup: new InlineKeyboard().url('Set my token', startLink(deps.botUsername(), 'token')),
      });
      return;
    }
    if (words(ctx.match)[0]?.toLowerCase() === 'unlink') {
      const res = await deps.core.unlinkToken(actor, true);
      await sendReply(api, ctx.chat.id, ctx.msg.message_id, res.ok ? res.value.text : deps.core.explain(res.failure));
      return;
    }
    await askPersonalToken(deps, ctx);
  });

  c.command('setup', async (ctx) => {
    const [sub, ...rest] = words(ctx.match);
    if (ctx.chat.type === 'private') {
      await sendReply(api, ctx.chat.id, ctx.msg.message_id, 'Run /setup in your group (as an admin) to link its token. To use your own token, send /token here.');
      return;
    }
    switch (sub?.toLowerCase()) {
      case 'show':
        return runAdmin(deps, ctx, { op: 'token_show' });
      case 'unlink':
        return runAdmin(deps, ctx, { op: 'token_unlink' });
      case 'timezone':
      case 'tz':
        if (!rest[0]) return void (await sendReply(api, ctx.chat.id, ctx.msg.message_id, 'Usage: /setup timezone <IANA zone>, e.g. /setup timezone Europe/Berlin'));
        return runAdmin(deps, ctx, { op: 'timezone', timeZone: rest[0] });
      case undefined:
        return offerSetupLink(deps, ctx);
      default:
        await sendReply(api, ctx.chat.id, ctx.msg.message_id, 'Usage: /setup · /setup show · /setup unlink · /setup timezone <IANA zone>');
    }
  });

  return c;
}

async function offerSetupLink(deps: TelegramDeps, ctx: Context): Promise<void> {
  const actor = actorOf(ctx);
  if (!actor || !ctx.chat || !ctx.from || !ctx.msg) return;
  if (!(await isAdmin(deps, ctx))) {
    await sendReply(deps.api, ctx.chat.id, ctx.msg.message_id, deps.core.explain(fail('not_admin')));
    return;
  }
  const nonce = deps.setup.createNonce(actor.scope, actor.user.externalId);
  await sendReply(deps.api, ctx.chat.id, ctx.msg.message_id, 'Open the private chat and paste the gateway token there. The button works once, for 15 minutes, and only for you.', {
    reply_markup: new InlineKeyboard().url('Link the token privately', startLink(deps.botUsername(), `s_${nonce}`)),
  });
}

async function askPersonalToken(deps: TelegramDeps, ctx: Context): Promise<void> {
  if (!ctx.chat || !ctx.from) return;
  deps.setup.expectToken(ctx.chat.id, { personal: true, userId: String(ctx.from.id) });
  await sendReply(deps.api, ctx.chat.id, ctx.msg?.message_id, 'Paste your personal gateway token now. I will delete your message at once and keep the token encrypted. Send /cancel to stop, /token unlink to remove a linked one.');
}

async function acceptToken(deps: TelegramDeps, ctx: Context, pending: PendingToken, raw: string): Promise<void> {
  const chat = ctx.chat;
  const from = ctx.from;
  if (!chat || !from) return;
  const token = raw.trim();
  deps.secrets.add(token);
  let deleted = true;
  try {
    await ctx.deleteMessage();
  } catch {
    deleted = false;
  }
  const note = deleted ? '' : ' I could not delete your message: please delete it yourself.';
  if (!/^\S{8,512}$/.test(token)) {
    await sendReply(deps.api, chat.id, undefined, `That does not look like a token (one word, no spaces). Paste it again or send /cancel.${note}`);
    return;
  }
  deps.setup.clearToken(chat.id);
  let actor: Actor;
  if (pending.personal || !pending.scope) {
    actor = { scope: { platform: 'telegram', externalId: String(chat.id), kind: 'private' }, user: userOf(from) };
  } else {
    actor = { scope: pending.scope, user: userOf(from) };
    const groupId = Number(pending.scope.externalId);
    if (!isOwner(deps.ownerIds, from.id) && !(await isChatAdmin(deps, groupId, from.id))) {
      await sendReply(deps.api, chat.id, undefined, `You are no longer an admin of that group, so the token was not stored.${note}`);
      return;
    }
  }
  const personal = pending.personal;
  deps.tasks.serial(`token:${chat.id}`, 'link token', async () => {
    const res = await deps.core.linkToken(actor, token, personal);
    await sendReply(deps.api, chat.id, undefined, (res.ok ? res.value.text : deps.core.explain(res.failure)) + note);
  });
}
