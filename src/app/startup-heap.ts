import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation at its initial size (1 MiB per semi-space) while the process starts, imported first by
 * `src/main.ts` so it applies before the other modules load.
 *
 * Why: start-up allocates in one burst (loading ~1,000 modules, migrations, the catalogue), which grows the young
 * generation to its 16 MiB semi-space maximum (32 MiB committed), and V8 gives that back only when its memory
 * reducer runs, seconds after the last full GC, so an idle bot measured ~30 MiB more than it needs 8 s after start.
 * With growth held, the burst costs more (cheap) scavenges and a few more objects promoted to the old generation.
 *
 * After start-up {@link releaseYoungGeneration} restores V8's default growth factor (2), so traffic grows the young
 * generation again as it needs (throughput is unchanged) and the memory reducer shrinks it when idle, as before.
 * Nothing is changed when the operator set a semi-space flag (`NODE_OPTIONS` or the command line).
 */
const OPERATOR_SET = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /semi[-_]space/.test(a));

let held = false;
if (!OPERATOR_SET) {
  setFlagsFromString('--semi-space-growth-factor=1');
  held = true;
}

/** Lets the young generation grow again (V8's default factor 2); idempotent, a no-op when nothing was held. */
export function releaseYoungGeneration(): void {
  if (!held) return;
  held = false;
  setFlagsFromString('--semi-space-growth-factor=2');
}
