import type { SimulatorOptions } from './types.js';

/** Named simulator set-ups, for `npm run simulator` (`SIM_FLAVOR`) and tests. */
export type SimPresetName = 'seed' | 'new-api' | 'one-api' | 'real' | 'legacy-video' | 'expr-prices';

/**
 * - `new-api` (default): new-api dialect, the neutral catalogue, both video route families, pricing and balance pages;
 * - `seed`: the seed's documented shapes only (no pricing or balance pages);
 * - `one-api`: one-api dialect: no video routes, edits answer 501, no `/api/pricing`, dashboard billing only;
 * - `real`: new-api dialect with late-2026 provider ids (`gpt-image-2`, `seedream-4.0`, `flux-kontext-pro`, `veo-3.1`,
 *   `kling-v2-1`, `seedance-1-0-pro`, `gpt-4o-mini`) and their published prices (`flux-kontext-pro` unpublished);
 * - `legacy-video`: new-api dialect whose only video routes are `/v1/video/generations` (downloads via `result_url`);
 * - `expr-prices`: new-api dialect with the `expr` catalogue: prices published and billed as expressions.
 */
export const SIM_PRESETS: Readonly<Record<SimPresetName, SimulatorOptions>> = {
  'new-api': { flavor: 'new-api' },
  seed: { flavor: 'seed' },
  'one-api': { flavor: 'one-api', videoRoutes: 'none' },
  real: { flavor: 'new-api', catalogue: 'real' },
  'legacy-video': { flavor: 'new-api', videoRoutes: 'legacy' },
  'expr-prices': { flavor: 'new-api', catalogue: 'expr' },
};

/** The preset named `name`, or undefined. */
export function simPreset(name: string): SimulatorOptions | undefined {
  return Object.hasOwn(SIM_PRESETS, name) ? SIM_PRESETS[name as SimPresetName] : undefined;
}
