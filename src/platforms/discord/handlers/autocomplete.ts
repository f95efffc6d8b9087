import type { AutocompleteInteraction } from 'discord.js';
import type { ModelKind } from '../../../core/pricing.js';
import { actorOf } from '../actor.js';
import { clip, LIMITS, modelChoices } from '../render.js';
import type { HandlerContext } from './context.js';

const KIND_OF: Record<string, ModelKind> = { imagine: 'image', edit: 'image', video: 'video', ask: 'text' };

let zones: string[] | undefined;
function timeZones(): string[] {
  zones ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  return zones;
}

/**
 * Autocomplete: `model` from the core's cached model list only (Discord allows 3 s and no defer), filtered to the
 * command's kind, price in the label, at most 25; `tz` from the runtime's IANA zones. Unknown focus → no choices.
 */
export async function handleAutocomplete(i: AutocompleteInteraction, ctx: HandlerContext): Promise<void> {
  const focused = i.options.getFocused(true);
  const typed = String(focused.value ?? '');
  if (focused.name === 'model') {
    const kind = KIND_OF[i.commandName];
    await i.respond(modelChoices(ctx.core.cachedModels(actorOf(i), kind), typed));
    return;
  }
  if (focused.name === 'tz') {
    const t = typed.toLowerCase();
    const hits = timeZones().filter((z) => z.toLowerCase().includes(t)).slice(0, LIMITS.autocompleteChoices);
    await i.respond(hits.map((z) => ({ name: clip(z, LIMITS.choiceName), value: z })));
    return;
  }
  await i.respond([]);
}
