import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateEncryptionKey, parseEncryptionKey } from '../store/crypto.js';

/**
 * The playground's own encryption key, used only when `BOT_ENCRYPTION_KEY` is not set: read from `path`
 * (default `./data/playground.key`), or generated and written there with mode 0600.
 * @returns the key text and whether it was created now (so the caller can say so once).
 * @throws EncryptionKeyError when the file exists but holds no valid key.
 */
export function playgroundKey(path = './data/playground.key'): { key: string; created: boolean } {
  if (existsSync(path)) {
    const key = readFileSync(path, 'utf8').trim();
    parseEncryptionKey(key);
    return { key, created: false };
  }
  mkdirSync(dirname(path), { recursive: true });
  const key = generateEncryptionKey();
  writeFileSync(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return { key, created: true };
}
