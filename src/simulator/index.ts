/** The local media-gateway simulator: a real HTTP server speaking the seed's and new-api's dialects. */
export { startSimulator } from './server.js';
export type { RecordedRequest, SimEndpoint, SimFaultKind, SimFaultRule, SimFlavor, SimulatorHandle, SimulatorOptions } from './types.js';
export { CATALOG, findModel, type SimModel, type SimModelKind } from './catalog.js';
