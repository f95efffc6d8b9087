import type { Actor, ModelView } from '../api.js';
import { NOT_ON_SALE, NOT_PRICED, priceText } from '../admin-text/texts.js';
import { err, failureFromGateway, ok, type Result } from '../failures.js';
import { modelCacheKey } from '../models/model-list-cache.js';
import { isGatewayFailure, type GatewayModel } from '../ports/media-gateway.js';
import type { ModelKind, PriceTable } from '../pricing.js';
import { actorIds, actorKey, gatewayFailure, gatewayInfo, resolveToken } from './context.js';
import type { CoreDeps } from './deps.js';

/** A kind for a model the price table does not know, guessed from the gateway's endpoint types or its id. */
export function guessKind(m: GatewayModel): ModelKind {
  const hint = `${(m.endpointTypes ?? []).join(' ')} ${m.id}`.toLowerCase();
  if (/video|sora|veo|kling/.test(hint)) return 'video';
  if (/image|edit|sketch|dall|paint/.test(hint)) return 'image';
  return 'text';
}

/** Joins a token's list with the price table: priced models with their price, others as "not priced". */
export function joinWithPrices(list: readonly GatewayModel[], prices: PriceTable, kind?: ModelKind): ModelView[] {
  const out: ModelView[] = [];
  for (const m of list) {
    const p = Object.hasOwn(prices, m.id) ? prices[m.id] : undefined;
    const view: ModelView = p
      ? { id: m.id, kind: p.kind, unitMicros: p.unitMicros, priceText: p.onSale ? priceText(p.unitMicros, p.unit) : NOT_ON_SALE, onSale: p.onSale }
      : { id: m.id, kind: guessKind(m), unitMicros: 0, priceText: NOT_PRICED, onSale: false };
    if (!kind || view.kind === kind) out.push(view);
  }
  return out;
}

/** `models`: the list `GET /v1/models` gives for the token the actor would use (cached), joined with prices. */
export async function models(d: CoreDeps, actor: Actor, kind?: ModelKind): Promise<Result<ModelView[]>> {
  const ids = await actorIds(d, actor);
  const token = await resolveToken(d, actor, ids);
  if (!token.ok) return token;
  const t = token.value;
  try {
    const list = await d.modelCache.get(modelCacheKey(t.token), () => d.gateway.listModels(t.token));
    return ok(joinWithPrices(list, d.prices, kind));
  } catch (e) {
    if (isGatewayFailure(e)) return err(failureFromGateway(gatewayInfo(e), { model: '', tokenSource: t.source, stage: 'models' }));
    return err(gatewayFailure(d, e, { model: '', tokenSource: t.source, stage: 'models' }));
  }
}

/**
 * `cachedModels`: never waits. Uses the list cached for the token this actor last used; empty when none yet.
 * An empty answer starts a background load, so the next keystroke of an autocomplete has data.
 */
export function cachedModels(d: CoreDeps, actor: Actor, kind?: ModelKind): ModelView[] {
  const key = d.tokenKeys.get(actorKey(actor));
  const list = key ? d.modelCache.peek(key) : undefined;
  if (!list) {
    models(d, actor).catch((e: unknown) => d.logger.debug({ err: e }, 'background model list load failed'));
    return [];
  }
  return joinWithPrices(list, d.prices, kind);
}
