/**
 * `npm run simulator`: starts the gateway simulator on 127.0.0.1 (env SIM_PORT, default 0 = a free port;
 * SIM_FLAVOR one of the presets 'new-api' (default), 'seed', 'one-api', 'real', 'legacy-video', 'expr-prices', 'new-api-2026') and runs until
 * Ctrl-C. Prints the base URL, the media token (a throw-away simulator token, never a real one) and a curl example.
 */
import { startSimulator } from './index.js';
import { SIM_PRESETS, simPreset, type SimPresetName } from './presets.js';

function flavorFromEnv(v: string | undefined): SimPresetName {
  if (v === undefined || v === '') return 'new-api';
  if (simPreset(v)) return v as SimPresetName;
  throw new Error(`SIM_FLAVOR must be one of ${Object.keys(SIM_PRESETS).join(', ')}, not '${v}'`);
}

function portFromEnv(v: string | undefined): number {
  if (v === undefined || v === '') return 0;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`SIM_PORT must be a port number, not '${v}'`);
  return n;
}

async function main(): Promise<void> {
  const flavor = flavorFromEnv(process.env.SIM_FLAVOR);
  const sim = await startSimulator({ port: portFromEnv(process.env.SIM_PORT), ...SIM_PRESETS[flavor] });
  const example = flavor === 'real' || flavor === 'expr-prices' || flavor === 'new-api-2026' ? 'gpt-image-2' : 'alpha-image-2';
  const out = process.stdout;
  out.write(`Gateway simulator (${flavor}) listening on ${sim.baseUrl}\n`);
  out.write(`  media token: ${sim.tokens.media}\n`);
  out.write(`  text-only token: ${sim.tokens.text}\n`);
  out.write(`Try:\n  curl -s ${sim.baseUrl}/v1/images/generations -H 'Authorization: Bearer ${sim.tokens.media}' \\\n`);
  out.write(`    -H 'Content-Type: application/json' -d '{"model":"${example}","prompt":"a red fox","size":"512x512"}' | head -c 200\n`);
  out.write(`Prices: curl -s ${sim.baseUrl}/api/pricing   Balance: curl -s ${sim.baseUrl}/api/usage/token/ -H 'Authorization: Bearer ${sim.tokens.media}'\n`);
  out.write(`Faults: curl -s -X POST ${sim.baseUrl}/__sim/faults -d '{"kind":"rate_limit","times":1}'   State: ${sim.baseUrl}/__sim/state\n`);
  out.write('Ctrl-C to stop.\n');
  const stop = (): void => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`simulator failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
