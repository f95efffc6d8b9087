import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import { formatNumber, formatPrice } from '../../i18n/format.js';
import { en } from '../words.js';
import type { AskResult } from '../../api/ask.js';
import type { CommandDefinition, Reply } from '../types.js';
import { failureReply, finishedJobActions, progressHooks, resultDelivery, str } from '../reply-kit.js';
import { modelArg, promptArg } from './common-args.js';
import { useSettings } from '../settings-apply.js';

/** `/ask <question> [--model ID]`: a text model's answer, with model, tokens and cost. */
export const askCommand: CommandDefinition = {
  name: 'ask',
  get description() { return en('cmd-ask'); },
  get help() { return en('cmd-ask.help'); },
  usage: ['/ask <question> [--model ID]'],
  examples: ['/ask what is a haiku?', '/ask --model beta-text-1 summarize the plot of Hamlet'],
  role: 'member',
  place: 'anywhere',
  visibility: 'public',
  args: [promptArg('cmd-ask-opt-prompt'), modelArg('text')],
  async run(ctx, args) {
    const prompt = str(args, 'prompt') ?? '';
    const s = await useSettings(ctx, [{ key: 'text_model', typed: str(args, 'model') !== undefined }]);
    const model = str(args, 'model') ?? s.value('text_model');
    const res = await ctx.core.ask({ ...ctx.actor, prompt, ...(model ? { model } : {}), ...(await resultDelivery(ctx)) }, progressHooks(ctx));
    return s.tell(res.ok ? askReply(res.value, ctx.actor.locale ?? DEFAULT_LOCALE) : failureReply(ctx, res.failure), true);
  },
};

/**
 * An answer with its model, tokens, cost (marked as an estimate, tokens with "≈", when the gateway reported no usage)
 * and job id, and the follow-ups of a finished answer ({@link finishedJobActions}: none).
 */
export function askReply(r: AskResult, locale: string): Reply {
  const l = locale;
  return {
    visibility: 'public',
    tone: 'result',
    blocks: [r.text || t(l, 'result-empty-answer')],
    fields: [
      { name: t(l, 'field-model'), value: r.model },
      { name: t(l, 'field-tokens'), value: `${r.usageEstimated ? '≈ ' : ''}${formatNumber(l, r.totalTokens)}` },
      { name: t(l, 'field-cost'), value: r.usageEstimated ? t(l, 'field-cost-estimated', { cost: formatPrice(l, r.costMicros) }) : formatPrice(l, r.costMicros) },
      { name: t(l, 'field-job'), value: r.jobId },
    ],
    actions: finishedJobActions({ id: r.jobId, kind: 'ask', locale: l }),
    jobId: r.jobId,
  };
}
