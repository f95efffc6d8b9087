import { systemClock } from '../core/ports/clock.js';
import { openStore } from './open-store.js';
import { describeStore } from './store-url.js';

/**
 * `npm run migrate`: applies pending migrations to the configured store — PostgreSQL when `DATABASE_URL` is set,
 * else the SQLite file `DATABASE_PATH` (default ./data/bot.sqlite). The bot also migrates at start; this is for
 * doing it ahead of a deploy.
 */
const where = { databaseUrl: process.env.DATABASE_URL?.trim() || undefined, path: process.env.DATABASE_PATH?.trim() || './data/bot.sqlite' };
try {
  const store = await openStore({ ...where, defaultAllowanceMicros: null, defaultPeriod: 'day', clock: systemClock });
  const applied = store.migrationsApplied;
  await store.close();
  console.log(applied.length ? `Applied ${applied.join(', ')} to ${describeStore(where)}.` : `${describeStore(where)} is up to date.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
