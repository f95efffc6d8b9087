import type { ModelKind } from '../../pricing.js';
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
  description: en('cmd-models'),
  help: en('cmd-models.help'),
  usage: ['/models [image|video|text]'],
  examples: ['/models', '/models video'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [{ name: 'kind', kind: 'choice', description: en('cmd-models-opt-kind'), choices: KINDS.map((k) => ({ value: k, label: k })) }],
  async run(ctx, args) {
    const kind = str(args, 'kind') as ModelKind | undefined;
    const res = await ctx.core.modelsReport(ctx.actor, kind);
    if (!res.ok) return failureReply(ctx, res.failure);
    const { models, text } = res.value;
    if (models.length === 0) return { visibility: 'private', tone: 'info', title: 'Models', blocks: [text] };
    const fields = KINDS.flatMap((k) => {
      const ms = models.filter((m) => m.kind === k);
      return ms.length ? [{ name: k, value: ms.map((m) => `${m.id} · ${m.priceText}${m.isDefault ? ' · default' : ''}`).join('\n') }] : [];
    });
    return { visibility: 'private', tone: 'info', title: 'Models', blocks: afterList(text), fields };
  },
};

/**
 * The report's paragraphs after its model table (defaults, the price rule): the table itself is shown as fields.
 * The whole text when it has no `Defaults:` line (a shape this piece does not know: better twice than lost).
 */
function afterList(text: string): string[] {
  const at = text.search(/^Defaults:$/m);
  return at < 0 ? [text] : text.slice(at).split(/\n{2,}/).map((b) => b.trim()).filter(Boolean);
}
