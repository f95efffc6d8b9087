import type { Config } from '../config.js';
import type { Store } from '../store/open-store.js';

/** Everything a CLI command needs, passed explicitly (tests build it around a temp database). */
export interface AdminContext {
  config: Config;
  store: Store;
  /** Writes one line (or block) of results to stdout. */
  print(text: string): void;
  /** Reads a secret (a gateway token) from stdin: the first non-empty line. Never from argv. */
  readSecret(prompt: string): Promise<string>;
  now(): number;
}

/** The actor recorded in the audit log for every change made through the CLI. */
export const OPERATOR = 'operator';
