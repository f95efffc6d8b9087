// Part of `npm run build`: copies the files tsc does not emit (the simulator's sample video) next to the compiled
// modules, so `dist/src/simulator/server.js` finds `./assets/sample.mp4` (and the chart renderer its font) exactly as the
// sources do.
import { cpSync } from 'node:fs';

cpSync('src/simulator/assets', 'dist/src/simulator/assets', { recursive: true });
cpSync('src/charts/assets', 'dist/src/charts/assets', { recursive: true });
