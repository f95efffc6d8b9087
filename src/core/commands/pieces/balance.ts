import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import { formatMoney, formatReset } from '../../i18n/format.js';
import type { CommandDefinition } from '../types.js';
import { chartFile, str } from '../reply-kit.js';
import { en } from '../words.js';
import { viewArg } from './common-args.js';

/**
 * `/balance`: the core's sentence, plus the numbers as fields in the member's locale (money to the cent, the reset
 * in the community's time zone, as in the text). The numbers are the community allowance, so they are shown only
 * when it limits the member; when their own token pays, the fields say so instead. With `chart`, the member's spend
 * per day against the allowance comes as an image, its labels and amounts in the member's locale.
 */
export const balanceCommand: CommandDefinition = {
  name: 'balance',
  get description() { return en('cmd-balance'); },
  get help() { return en('cmd-balance.help'); },
  usage: ['/balance [chart]'],
  examples: ['/balance', '/balance chart'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [viewArg('cmd-balance-opt-view')],
  async run(ctx, a) {
    const l = ctx.actor.locale ?? DEFAULT_LOCALE;
    const drawn = str(a, 'view') === 'chart' ? await ctx.core.balanceChart(ctx.actor) : null;
    const b = drawn ? drawn.balance : await ctx.core.balance(ctx.actor);
    const money = (m: number) => formatMoney(l, m);
    const fields =
      b.tokenSource === 'personal'
        ? [
            { name: t(l, 'balance-field-paid-by'), value: t(l, 'balance-value-own-token') },
            { name: t(l, 'balance-field-community-limit'), value: t(l, 'balance-value-does-not-apply') },
          ]
        : [
            { name: t(l, 'balance-field-limit'), value: b.limitMicros === null ? t(l, 'balance-value-no-limit') : t(l, 'balance-allowance', { amount: money(b.limitMicros), period: b.period }) },
            { name: t(l, 'balance-field-spent'), value: money(b.spentMicros) },
            ...(b.heldMicros > 0 ? [{ name: t(l, 'balance-field-held'), value: money(b.heldMicros) }] : []),
            { name: t(l, 'balance-field-left'), value: b.remainingMicros === null ? t(l, 'balance-value-no-limit') : money(Math.max(0, b.remainingMicros)) },
            { name: t(l, 'balance-field-resets'), value: b.resetsAt === null ? t(l, 'balance-value-never') : formatReset(l, b.resetsAt, Date.now(), b.timeZone) },
          ];
    if (b.blocked) fields.push({ name: t(l, 'balance-field-blocked'), value: t(l, 'balance-value-yes') });
    const chart = drawn?.chart;
    const blocks = drawn && !chart ? [t(l, 'chart-failed'), b.text] : [b.text];
    return { visibility: 'private', tone: 'info', title: t(l, 'balance-title', { subject: 'self', who: '' }), blocks, fields, ...(chart ? { files: [chartFile(chart)] } : {}) };
  },
};
