import type { ModelKind } from '../../pricing.js';
import type { CommandDefinition } from '../types.js';
import { failureReply, str } from '../reply-kit.js';

const KINDS: readonly ModelKind[] = ['image', 'video', 'text'];

/** `/models [kind]`: what the actor's token reaches, grouped by kind, one field per kind (`id · price` lines). */
export const modelsCommand: CommandDefinition = {
  name: 'models',
  description: 'List the models available here and their prices',
  help: 'Lists the models the gateway token used here can reach, with their prices. Give a kind to see only image, video or text models.',
  usage: ['/models [image|video|text]'],
  examples: ['/models', '/models video'],
  role: 'member',
  place: 'anywhere',
  args: [{ name: 'kind', kind: 'choice', description: 'Only models of this kind', choices: KINDS.map((k) => ({ value: k, label: k })) }],
  async run(ctx, args) {
    const kind = str(args, 'kind') as ModelKind | undefined;
    const res = await ctx.core.models(ctx.actor, kind);
    if (!res.ok) return failureReply(ctx, res.failure);
    const list = res.value;
    if (list.length === 0) return { visibility: 'private', tone: 'info', title: 'Models', blocks: ['No models are available to this token.'] };
    const fields = KINDS.flatMap((k) => {
      const ms = list.filter((m) => m.kind === k);
      return ms.length ? [{ name: k, value: ms.map((m) => `${m.id} · ${m.priceText}`).join('\n') }] : [];
    });
    return { visibility: 'private', tone: 'info', title: 'Models', blocks: [], fields };
  },
};
