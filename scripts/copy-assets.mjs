// Part of `npm run build`: copies the files tsc does not emit next to the compiled modules: the simulator's sample
// video (`dist/src/simulator/assets/`, found as `./assets/sample.mp4` exactly as from the sources), the chart
// renderer's font (`dist/src/charts/assets/`) and the message files (`dist/locales/`, found three levels above
// `dist/src/core/i18n/` as `locales/` is above `src/core/i18n/`).
import { cpSync } from 'node:fs';

cpSync('src/simulator/assets', 'dist/src/simulator/assets', { recursive: true });
cpSync('src/charts/assets', 'dist/src/charts/assets', { recursive: true });
cpSync('locales', 'dist/locales', { recursive: true });
