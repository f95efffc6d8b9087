import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { KeyValueStore } from './commands/register.js';

/**
 * A {@link KeyValueStore} kept in a small JSON file, used for the command-definition hash when the store offers
 * no key-value table. Writes go to a temp file then rename (atomic on one filesystem). Unreadable or missing files
 * read as empty, which only costs one extra command registration.
 */
export class JsonFileKeyValueStore implements KeyValueStore {
  private cache: Record<string, string> | undefined;

  constructor(readonly path: string) {}

  get(key: string): string | undefined {
    return this.load()[key];
  }

  set(key: string, value: string): void {
    const data = { ...this.load(), [key]: value };
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`);
    renameSync(tmp, this.path);
    this.cache = data;
  }

  private load(): Record<string, string> {
    if (this.cache) return this.cache;
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
      this.cache = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
    } catch {
      this.cache = {};
    }
    return this.cache;
  }
}

/** The JSON file next to the database (`<db dir>/discord-state.json`); for `:memory:` the working directory's `data/`. */
export function kvPathNextTo(databasePath: string): string {
  const dir = databasePath === ':memory:' || databasePath === '' ? resolve('data') : dirname(resolve(databasePath));
  return join(dir, 'discord-state.json');
}

/** An in-memory {@link KeyValueStore} (tests, throwaway runs). */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly map = new Map<string, string>();
  get(key: string): string | undefined {
    return this.map.get(key);
  }
  set(key: string, value: string): void {
    this.map.set(key, value);
  }
}
