import type { Config } from '../config.js';
import type { CommandDispatcher } from '../core/commands/dispatch.js';
import type { GatewayLog } from '../core/ports/gateway-log.js';
import type { OperatorStore } from '../core/ports/store.js';

/** Everything a CLI command needs, passed explicitly (built by `runAdmin` from the composition root). */
export interface AdminContext {
  config: Config;
  store: OperatorStore;
  /** The chat commands' dispatcher: `budget` and `token` run their pieces as the operator (an owner). */
  dispatcher: CommandDispatcher;
  /** Writes one line (or block) of results to stdout. */
  print(text: string): void;
  /** Reads a secret (a gateway token) from stdin: the first non-empty line. Never from argv. */
  readSecret(prompt: string): Promise<string>;
  now(): number;
  /** The gateway's token log (`reconcile`); undefined without `GATEWAY_BASE_URL`. */
  gatewayLog?: GatewayLog;
}

/** The actor recorded in the audit log for changes the CLI makes itself (`jobs retry-delivery`). */
export const OPERATOR = 'operator';
