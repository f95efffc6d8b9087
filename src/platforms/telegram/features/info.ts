import { Composer, InputFile, type Context } from 'grammy';
import { actorOf } from '../actor.js';
import { words } from '../command-text.js';
import type { TelegramDeps } from '../deps.js';
import { helpText, jobDetails, jobLine, modelsText } from '../render.js';
import { bestEffort, sendReply } from '../reply.js';

/** `/balance`, `/jobs`, `/job <id>`, `/models`, `/help`, and `/start` without a setup payload. */
export function infoFeature(deps: TelegramDeps): Composer<Context> {
  const c = new Composer<Context>();
  const { core, api } = deps;

  c.command(['help', 'start'], async (ctx) => {
    await sendReply(api, ctx.chat.id, ctx.msg.message_id, helpText());
  });

  c.command('balance', async (ctx) => {
    const actor = actorOf(ctx);
    if (!actor) return;
    const b = await core.balance(actor);
    await sendReply(api, ctx.chat.id, ctx.msg.message_id, b.text);
  });

  c.command('jobs', async (ctx) => {
    const actor = actorOf(ctx);
    if (!actor) return;
    const list = await core.jobs(actor, 10);
    await sendReply(api, ctx.chat.id, ctx.msg.message_id, list.length === 0 ? 'No jobs yet.' : `Recent jobs:\n${list.map(jobLine).join('\n')}`);
  });

  c.command('job', async (ctx) => {
    const actor = actorOf(ctx);
    if (!actor) return;
    const id = words(ctx.match)[0];
    const chatId = ctx.chat.id;
    const replyTo = ctx.msg.message_id;
    if (!id) {
      await sendReply(api, chatId, replyTo, 'Usage: /job <id> (see /jobs for ids)');
      return;
    }
    const res = await core.job(actor, id);
    if (!res.ok) {
      await sendReply(api, chatId, replyTo, core.explain(res.failure));
      return;
    }
    const job = res.value;
    await sendReply(api, chatId, replyTo, jobDetails(job));
    const outputs = job.outputs ?? [];
    if (outputs.length > 0) {
      deps.tasks.run('repost outputs', async () => {
        for (const o of outputs) {
          const file = new InputFile(o.path, o.filename);
          const reply = { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } };
          await bestEffort(deps, 'repost output', () =>
            o.mime.startsWith('video/') && o.bytes <= deps.settings.uploadLimitBytes ? api.sendVideo(chatId, file, reply) : api.sendDocument(chatId, file, reply),
          );
        }
      });
    }
  });

  c.command('models', async (ctx) => {
    const actor = actorOf(ctx);
    if (!actor) return;
    const chatId = ctx.chat.id;
    const replyTo = ctx.msg.message_id;
    deps.tasks.run('models', async () => {
      const res = await core.models(actor);
      await sendReply(api, chatId, replyTo, res.ok ? modelsText(res.value) : core.explain(res.failure));
    });
  });

  return c;
}
