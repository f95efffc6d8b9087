/** The local media-gateway simulator: a real HTTP server speaking the seed's and new-api's dialects. */
export { startSimulator } from './server.js';
export type { SimEndpoint, SimFaultKind, SimFaultRule, SimFeeRecord, SimFlavor, SimGateOptions, SimulatorHandle, SimulatorOptions } from './types.js';
export { GATE_PRESET } from './concurrency-gate.js';
export { SIM_REMIX_MODELS, simulatorPriceTable } from './catalog.js';
export { SIM_PRESETS, simPreset } from './presets.js';
