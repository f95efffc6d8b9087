import { parseEncryptionKey } from './crypto.js';
import { migrateToLatest } from './sqlite/migrate.js';
import { checkpoint, openSqlite } from './sqlite/connection.js';
import { KyselyTokenVault } from './sqlite/token-vault.js';

/**
 * `npm run rekey`: re-encrypts every stored token from BOT_ENCRYPTION_KEY (old) to NEW_BOT_ENCRYPTION_KEY (new)
 * in one transaction. Afterwards set BOT_ENCRYPTION_KEY to the new key. Nothing changes if any token fails.
 */
const path = process.env.DATABASE_PATH?.trim() || './data/bot.sqlite';
try {
  const oldKey = parseEncryptionKey(process.env.BOT_ENCRYPTION_KEY);
  let newKey: Buffer;
  try {
    newKey = parseEncryptionKey(process.env.NEW_BOT_ENCRYPTION_KEY);
  } catch (err) {
    throw new Error((err as Error).message.replace('BOT_ENCRYPTION_KEY', 'NEW_BOT_ENCRYPTION_KEY'));
  }
  const db = openSqlite(path);
  try {
    await migrateToLatest(db);
    const n = await KyselyTokenVault.rekey(db, oldKey, newKey);
    await checkpoint(db);
    console.log(`Re-encrypted ${n} token(s) in ${path}. Now set BOT_ENCRYPTION_KEY to the new key.`);
  } finally {
    await db.destroy();
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
