import { GATE_PRESET } from './concurrency-gate.js';
import type { SimulatorOptions } from './types.js';

/** Named simulator set-ups, for `npm run simulator` (`SIM_FLAVOR`) and tests. */
export type SimPresetName = 'seed' | 'new-api' | 'one-api' | 'real' | 'legacy-video' | 'expr-prices' | 'new-api-2026';

/**
 * The `new-api-2026` preset, one line per behaviour of a late-2026 new-api deployment (see docs/gateway.md, "Gateway
 * dialects"). A behaviour the simulator learns (the per-token concurrency gate, violation fees, slow and streaming
 * images, billed seconds that differ from the pre-charge, the token log) adds its line here; later lines win.
 */
export const NEW_API_2026: readonly SimulatorOptions[] = [
  // The new-api dialect: `{error:{message,type,code}}` errors, "(request id: …)" suffixes, both video route families.
  { flavor: 'new-api', videoRoutes: 'both' },
  // Provider ids priced by expressions (`billing_mode: "tiered_expr"`), the `expr-prices` catalogue.
  { catalogue: 'expr' },
  // The per-token concurrency gate (2 in flight; 429 token_concurrency_limit_reached past it) and a $0.05 violation fee.
  GATE_PRESET,
  // The token log (`GET /api/log/token`) comes with the new-api flavor: charge, pre-charge and refund rows.
];

/**
 * - `new-api` (default): new-api dialect, the neutral catalogue, both video route families, pricing and balance pages;
 * - `seed`: the seed's documented shapes only (no pricing or balance pages);
 * - `one-api`: one-api dialect: no video routes, edits answer 501, no `/api/pricing`, dashboard billing only;
 * - `real`: new-api dialect with late-2026 provider ids (`gpt-image-2`, `seedream-4.0`, `flux-kontext-pro`, `veo-3.1`,
 *   `kling-v2-1`, `seedance-1-0-pro`, `gpt-4o-mini`) and their published prices (`flux-kontext-pro` unpublished);
 * - `legacy-video`: new-api dialect whose only video routes are `/v1/video/generations` (downloads via `result_url`);
 * - `expr-prices`: new-api dialect with the `expr` catalogue: prices published and billed as expressions;
 * - `new-api-2026`: a late-2026 new-api deployment, built from {@link NEW_API_2026} (expression prices and 2026
 *   provider ids, the per-token concurrency gate, violation fees, the token log; image streaming on request). No video model of it
 *   offers remix (remix was Sora's).
 */
export const SIM_PRESETS: Readonly<Record<SimPresetName, SimulatorOptions>> = {
  'new-api': { flavor: 'new-api' },
  seed: { flavor: 'seed' },
  'one-api': { flavor: 'one-api', videoRoutes: 'none' },
  real: { flavor: 'new-api', catalogue: 'real' },
  'legacy-video': { flavor: 'new-api', videoRoutes: 'legacy' },
  'expr-prices': { flavor: 'new-api', catalogue: 'expr' },
  'new-api-2026': Object.assign({}, ...NEW_API_2026) as SimulatorOptions,
};

/** The preset named `name`, or undefined. */
export function simPreset(name: string): SimulatorOptions | undefined {
  return Object.hasOwn(SIM_PRESETS, name) ? SIM_PRESETS[name as SimPresetName] : undefined;
}
