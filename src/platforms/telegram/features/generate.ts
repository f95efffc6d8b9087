import { Composer, type Context } from 'grammy';
import type { Actor } from '../../../core/api.js';
import { fail } from '../../../core/failures.js';
import { actorOf } from '../actor.js';
import type { TelegramDeps } from '../deps.js';
import { sendReply } from '../reply.js';
import { flagFields, runImageJob, type Place } from '../run-jobs.js';
import { parsePromptFlags, VALID_FLAGS, type ParsedPrompt } from '../util/flags.js';

/**
 * Parses a prompt's trailing flags; on a bad flag replies with the core's rendering of `bad_flag` (which lists the
 * valid flags) and returns undefined.
 */
export async function promptOrExplain(deps: TelegramDeps, place: Place, text: string): Promise<ParsedPrompt | undefined> {
  const parsed = parsePromptFlags(text);
  if (parsed.ok) return parsed;
  const said = deps.core.explain(fail('bad_flag', { message: parsed.message }));
  // The core drops a long or odd reason; the list of valid flags must still be shown.
  await sendReply(deps.api, place.chatId, place.replyTo, said.includes(VALID_FLAGS) ? said : `${said}\n${VALID_FLAGS}.`);
  return undefined;
}

/** Starts an imagine job in the background (used by `/imagine`, `/imagine` captions and the Reroll button). */
export function startImagine(deps: TelegramDeps, actor: Actor, place: Place, parsed: ParsedPrompt): void {
  deps.tasks.run('imagine', () => runImageJob(deps, place, 'imagine', (hooks) => deps.core.imagine({ ...actor, prompt: parsed.prompt, ...flagFields(parsed.flags) }, hooks)));
}

/** `/imagine <prompt> [--ar W:H] [--size WxH] [--model id] [--n N]`. */
export function generateFeature(deps: TelegramDeps): Composer<Context> {
  const c = new Composer<Context>();
  c.command('imagine', async (ctx) => {
    const actor = actorOf(ctx);
    if (!actor || !ctx.chat) return;
    const place = { chatId: ctx.chat.id, replyTo: ctx.msg.message_id };
    const parsed = await promptOrExplain(deps, place, ctx.match);
    if (parsed) startImagine(deps, actor, place, parsed);
  });
  return c;
}
