import type { AutocompleteInteraction } from 'discord.js';
import type { ArgSpec, ModelView } from '../../../core/api/surface.js';
import { actorOf } from '../actor.js';
import { argOfOption, findTarget } from '../commands/option-names.js';
import { clip, LIMITS } from '../render.js';
import type { SurfaceContext } from '../surface.js';

type Choice = { name: string; value: string };

let zones: string[] | undefined;
function timeZones(): string[] {
  zones ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  return zones;
}

/** Whether an argument takes an IANA time zone (completed from the runtime's list). */
const isTimeZone = (arg: ArgSpec) => /^(tz|time_?zone)$/.test(arg.name);

/**
 * Model choices: matching ids first by prefix, then by substring; price in the label; at most 25. On-sale models
 * only, unless `all` (an argument expecting no particular kind: an admin pricing a model that has no price yet).
 */
export function modelChoices(models: readonly ModelView[], typed: string, all = false): Choice[] {
  const t = typed.trim().toLowerCase();
  const usable = all ? models : models.filter((m) => m.onSale);
  const prefix = usable.filter((m) => m.id.toLowerCase().startsWith(t));
  const inner = usable.filter((m) => !m.id.toLowerCase().startsWith(t) && m.id.toLowerCase().includes(t));
  return [...prefix, ...inner].slice(0, LIMITS.autocompleteChoices).map((m) => ({ name: clip(`${m.id} · ${m.priceText}`, LIMITS.choiceName), value: m.id }));
}

function choicesFor(arg: ArgSpec, typed: string, ctx: SurfaceContext, i: AutocompleteInteraction): Choice[] {
  const t = typed.trim().toLowerCase();
  if (arg.kind === 'model') return modelChoices(ctx.core.cachedModels(actorOf(i), arg.modelKind), typed, arg.modelKind === undefined);
  if (isTimeZone(arg)) {
    return timeZones()
      .filter((z) => z.toLowerCase().includes(t))
      .slice(0, LIMITS.autocompleteChoices)
      .map((z) => ({ name: clip(z, LIMITS.choiceName), value: z }));
  }
  return (arg.choices ?? [])
    .filter((c) => c.value.toLowerCase().includes(t) || c.label.toLowerCase().includes(t))
    .slice(0, LIMITS.autocompleteChoices)
    .map((c) => ({ name: clip(c.label, LIMITS.choiceName), value: c.value }));
}

/**
 * Autocomplete (3 s, no defer): a `model` argument from the core's cached model list only (never waits), filtered
 * to the argument's `modelKind` (every model when it names none), price in the label; a time zone from the runtime's IANA zones; a `choice` from its
 * choices. Anything else gets no choices.
 */
export async function handleAutocomplete(i: AutocompleteInteraction, ctx: SurfaceContext): Promise<void> {
  const focused = i.options.getFocused(true);
  const target = findTarget(ctx.dispatcher.commands, i.commandName, i.options.getSubcommand(false));
  const arg = target ? argOfOption(target, focused.name) : undefined;
  await i.respond(arg ? choicesFor(arg, String(focused.value ?? ''), ctx, i) : []);
}
