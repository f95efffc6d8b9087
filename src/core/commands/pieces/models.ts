import type { ModelKind } from '../../pricing.js';
import { t } from '../../i18n/catalog.js';
import { en } from '../words.js';
import type { CommandDefinition } from '../types.js';
import { failureReply, str } from '../reply-kit.js';

const KINDS: readonly ModelKind[] = ['image', 'video', 'text'];

/**
 * `/models [kind]`: what the actor's token reaches, as the core words it (`core.modelsReport`): one field per kind
 * with `id · price (where the price comes from)` lines and the default marked, then the core's paragraphs on the
 * defaults and the price rule. Unpriced and unsold models carry the core's own words; surfaces add none.
 */
export const modelsCommand: CommandDefinition = {
  name: 'models',
  get description() { return en('cmd-models'); },
  get help() { return en('cmd-models.help'); },
  usage: ['/models [image|video|text]'],
  examples: ['/models', '/models video'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [{ name: 'kind', kind: 'choice', get description() { return en('cmd-models-opt-kind'); }, choices: KINDS.map((k) => ({ value: k, label: k })) }],
  async run(ctx, args) {
    const kind = str(args, 'kind') as ModelKind | undefined;
    const res = await ctx.core.modelsReport(ctx.actor, kind);
    if (!res.ok) return failureReply(ctx, res.failure);
    const { models, text, notes, locale } = res.value;
    const title = t(locale, 'models-title');
    if (models.length === 0) return { visibility: 'private', tone: 'info', title, blocks: [text] };
    const mark = t(locale, 'models-default-word');
    const fields = KINDS.flatMap((k) => {
      const ms = models.filter((m) => m.kind === k);
      return ms.length ? [{ name: k, value: ms.map((m) => `${m.id} · ${m.priceText}${m.isDefault ? ` · ${mark}` : ''}`).join('\n') }] : [];
    });
    return { visibility: 'private', tone: 'info', title, blocks: notes, fields };
  },
};
