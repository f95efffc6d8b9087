import type { Micros } from '../money.js';
import { quoteJobPrice, type ModelPrice } from '../pricing.js';
import type { JobPriceOptions } from '../billing-expr/index.js';
import type { CoreDeps } from './deps.js';

/**
 * What the gateway bills its token for a job sent with `o` on `model`: its own price ({@link PriceBook.gatewayPrice}:
 * published or documented without markup, else the operator's price file), falling back to the member's price `price`
 * when no layer knows the gateway's (the bot's best belief; a reconciliation then shows the difference as drift).
 * Recorded on the job as `gatewayBilledMicros`; never what the member is charged.
 */
export function gatewayCostMicros(d: Pick<CoreDeps, 'catalog'>, model: string, price: ModelPrice, o: JobPriceOptions): Micros {
  const own = d.catalog.book.gatewayPrice(model, price.kind);
  const q = own ? quoteJobPrice(own, o) : undefined;
  if (q?.ok) return q.micros;
  const m = quoteJobPrice(price, o);
  return m.ok ? m.micros : 0;
}
