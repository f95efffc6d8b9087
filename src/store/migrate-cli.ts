import { migrateToLatest } from './sqlite/migrate.js';
import { openSqlite } from './sqlite/connection.js';

/** `npm run migrate`: applies pending migrations to `DATABASE_PATH` (default ./data/bot.sqlite). */
const path = process.env.DATABASE_PATH?.trim() || './data/bot.sqlite';
const db = openSqlite(path);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied ${applied.join(', ')} to ${path}.` : `${path} is up to date.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
