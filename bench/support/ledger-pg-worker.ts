/**
 * One process of the `ledger-pg` benchmark: `ledger-pg-worker.ts <postgres url> <scopeId> <userId> <callers> <pairs>`.
 * Opens the store, answers `{ type: 'ready' }`, and on `{ type: 'go' }` runs `callers` concurrent loops of
 * reserve → settle until this process has done `pairs` pairs, then answers `{ type: 'done', latenciesMs }`.
 * `{ type: 'close' }` closes the store and exits.
 */
import { systemClock } from '../../src/core/ports/clock.js';
import { openStore } from '../../src/store/open-store.js';

const [url, scopeId, userId, callersArg, pairsArg] = process.argv.slice(2);
const COST = 1_000;
const store = await openStore({ databaseUrl: url!, defaultAllowanceMicros: 0, defaultPeriod: 'day', clock: systemClock });
const send = (m: object) => process.send?.(m);

async function drive(callers: number, pairs: number): Promise<number[]> {
  let issued = 0;
  const latenciesMs: number[] = [];
  const loop = async () => {
    while (issued < pairs) {
      issued++;
      const t0 = process.hrtime.bigint();
      const r = await store.budgets.reserve({ scopeId: scopeId!, userId: userId!, amountMicros: COST, jobId: null, tokenSource: 'scope' });
      if (!r.ok) throw new Error(`reserve refused during the run: ${r.reason} (remaining ${r.remainingMicros})`);
      const s = await store.budgets.settle(r.holdId, COST, { units: 1, unit: 'image' });
      if (!s.ok || s.chargedMicros !== COST) throw new Error(`settle failed: ${JSON.stringify(s)}`);
      latenciesMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: callers }, () => loop()));
  return latenciesMs;
}

process.on('message', (m: { type: string }) => {
  if (m.type === 'go') {
    drive(Number(callersArg), Number(pairsArg)).then(
      (latenciesMs) => send({ type: 'done', latenciesMs }),
      (e: unknown) => send({ type: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
  } else if (m.type === 'close') {
    void store.close().then(() => process.exit(0));
  }
});
send({ type: 'ready' });
