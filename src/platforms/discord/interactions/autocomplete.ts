import type { AutocompleteInteraction } from 'discord.js';
import type { ArgSpec, ModelView } from '../../../core/api/surface.js';
import { actorOf } from '../actor.js';
import { argOfOption, argsOf, findTarget, type CommandTarget } from '../commands/option-names.js';
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

/**
 * A model option's values (`quality`, `resolution`, `audio`…) for the model chosen in the same command (its `model`
 * option), else the actor's default model of that kind: only what that model offers; none when it offers nothing.
 */
export function modelOptionChoices(arg: ArgSpec, models: readonly ModelView[], chosen: string | undefined, typed: string): Choice[] {
  const option = arg.modelOption;
  if (!option) return [];
  const model = chosen ? models.find((m) => m.id === chosen) : models.find((m) => m.isDefault);
  const o = model?.options;
  const values = option === 'audio' ? (o?.audio ? ['on', 'off'] : []) : option === 'quality' || option === 'background' || option === 'format' || option === 'resolution' ? [...(o?.[option] ?? [])] : [];
  const t = typed.trim().toLowerCase();
  return values.filter((v) => v.toLowerCase().includes(t)).slice(0, LIMITS.autocompleteChoices).map((v) => ({ name: clip(v, LIMITS.choiceName), value: v }));
}

function choicesFor(arg: ArgSpec, typed: string, ctx: SurfaceContext, i: AutocompleteInteraction, target: CommandTarget | undefined): Choice[] {
  const t = typed.trim().toLowerCase();
  if (arg.kind === 'model') return modelChoices(ctx.core.cachedModels(actorOf(i), arg.modelKind), typed, arg.modelKind === undefined);
  if (arg.modelOption) {
    const kind = (target ? argsOf(target) : []).find((a) => a.kind === 'model')?.modelKind;
    const chosen = i.options.get('model')?.value;
    return modelOptionChoices(arg, ctx.core.cachedModels(actorOf(i), kind), typeof chosen === 'string' && chosen ? chosen : undefined, typed);
  }
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
 * to the argument's `modelKind` (every model when it names none), price in the label; a model option from what the
 * chosen (or default) model offers ({@link modelOptionChoices}); a time zone from the runtime's IANA zones; a
 * `choice` from its choices. Anything else gets no choices.
 */
export async function handleAutocomplete(i: AutocompleteInteraction, ctx: SurfaceContext): Promise<void> {
  const focused = i.options.getFocused(true);
  const target = findTarget(ctx.dispatcher.commands, i.commandName, i.options.getSubcommand(false));
  const arg = target ? argOfOption(target, focused.name) : undefined;
  await i.respond(arg ? choicesFor(arg, String(focused.value ?? ''), ctx, i, target) : []);
}
