import { systemClock } from '../core/ports/clock.js';
import { parseEncryptionKey } from './crypto.js';
import { openStore } from './open-store.js';
import { describeStore } from './store-url.js';

/**
 * `npm run rekey`: re-encrypts every stored token from BOT_ENCRYPTION_KEY (old) to NEW_BOT_ENCRYPTION_KEY (new)
 * in one transaction, in the configured store (`DATABASE_URL`, else `DATABASE_PATH`). Afterwards set
 * BOT_ENCRYPTION_KEY to the new key. Nothing changes if any token fails.
 */
const where = { databaseUrl: process.env.DATABASE_URL?.trim() || undefined, path: process.env.DATABASE_PATH?.trim() || './data/bot.sqlite' };
try {
  const oldKey = parseEncryptionKey(process.env.BOT_ENCRYPTION_KEY);
  let newKey: Buffer;
  try {
    newKey = parseEncryptionKey(process.env.NEW_BOT_ENCRYPTION_KEY);
  } catch (err) {
    throw new Error((err as Error).message.replace('BOT_ENCRYPTION_KEY', 'NEW_BOT_ENCRYPTION_KEY'));
  }
  const store = await openStore({ ...where, defaultAllowanceMicros: null, defaultPeriod: 'day', clock: systemClock });
  try {
    const n = await store.rekeyTokens(oldKey, newKey);
    console.log(`Re-encrypted ${n} token(s) in ${describeStore(where)}. Now set BOT_ENCRYPTION_KEY to the new key.`);
  } finally {
    await store.close();
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
