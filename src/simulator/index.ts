/** The local media-gateway simulator: a real HTTP server speaking the seed's and new-api's dialects. */
export { startSimulator } from './server.js';
export type { RecordedRequest, SimEndpoint, SimFaultKind, SimFaultRule, SimFlavor, SimVideoRoutes, SimulatorHandle, SimulatorOptions } from './types.js';
export { CATALOG, REAL_CATALOG, findModel, simulatorPriceTable, type SimCatalogueName, type SimModel, type SimModelKind } from './catalog.js';
export { SIM_PRESETS, simPreset, type SimPresetName } from './presets.js';
