import type { SlashCommandStringOption } from 'discord.js';

/** Longest prompt accepted from a slash command option (Discord allows up to 6000; 2000 keeps replies readable). */
export const PROMPT_MAX_LENGTH = 2000;

/** Aspect ratios offered as fixed choices on `/imagine` and `/video`. */
export const ASPECT_CHOICES = ['1:1', '16:9', '9:16', '4:3', '3:4'] as const;

/** Budget periods offered on `/budget` and `/usage`. `total` means "never resets". */
export const BUDGET_PERIODS = ['day', 'week', 'month', 'total'] as const;

/** Video length bounds in seconds for `/video seconds`. */
export const VIDEO_SECONDS = { min: 4, max: 15 } as const;

/** Adds the required `prompt` option (1–{@link PROMPT_MAX_LENGTH} characters). */
export function promptOption(what: string) {
  return (o: SlashCommandStringOption) =>
    o.setName('prompt').setDescription(what).setRequired(true).setMinLength(1).setMaxLength(PROMPT_MAX_LENGTH);
}

/** Adds the optional `model` option; choices come from autocomplete (the gateway's model list, cached). */
export function modelOption(kind: string) {
  return (o: SlashCommandStringOption) =>
    o.setName('model').setDescription(`Which ${kind} model to use (default: the server's default)`).setAutocomplete(true).setMaxLength(100);
}

/** Adds the optional `aspect` option with the fixed {@link ASPECT_CHOICES}. */
export function aspectOption(o: SlashCommandStringOption): SlashCommandStringOption {
  return o
    .setName('aspect')
    .setDescription('Aspect ratio (default 1:1)')
    .addChoices(...ASPECT_CHOICES.map((a) => ({ name: a, value: a })));
}

/** Adds the optional `size` option: exact pixels as `WxH` (e.g. 1024x1536); overrides `aspect`. */
export function sizeOption(o: SlashCommandStringOption): SlashCommandStringOption {
  return o.setName('size').setDescription('Exact size in pixels as WIDTHxHEIGHT, e.g. 1024x1536').setMinLength(3).setMaxLength(11);
}

/** Adds a budget `period` option with {@link BUDGET_PERIODS}. */
export function periodOption(required: boolean, description: string) {
  return (o: SlashCommandStringOption) =>
    o
      .setName('period')
      .setDescription(description)
      .setRequired(required)
      .addChoices(...BUDGET_PERIODS.map((p) => ({ name: p, value: p })));
}

/**
 * Adds an `amount` option. Money is typed as text in US dollars (e.g. `5` or `2.50`) so the adapter can turn it
 * into integer micro-dollars exactly; a NUMBER option would arrive as a float.
 */
export function amountOption(description: string) {
  return (o: SlashCommandStringOption) => o.setName('amount').setDescription(description).setRequired(true).setMinLength(1).setMaxLength(16);
}
