import type { Actor } from '../api/actor.js';
import type { ModelView, ModelsReport } from '../api/models.js';
import { chooseDefault, type DefaultChoice } from '../catalog/default-models.js';
import type { Payer } from '../catalog/price-book.js';
import { modelsNotes, modelsText, modelViews } from '../catalog/model-views.js';
import { err, ok, type Result } from '../failures.js';
import type { GatewayModel } from '../ports/media-gateway.js';
import type { ModelKind } from '../pricing.js';
import { actorIds, gatewayFailure, payerOf, readerHint, resolveToken, scopeRef } from './context.js';
import type { CoreDeps } from './deps.js';

const KINDS: readonly ModelKind[] = ['image', 'video', 'text'];

/** The default of each kind for a list (see `chooseDefault`). */
function defaultsOf(d: CoreDeps, a: Actor, list: readonly GatewayModel[] | undefined, payer: Payer): Record<ModelKind, DefaultChoice> {
  const ref = scopeRef(a);
  const entryOf = (m: GatewayModel) => d.catalog.book.entry(m.id, ref, m, payer);
  const admin = readerHint(d, a);
  return { image: chooseDefault('image', d.settings.defaults, list, entryOf, admin), video: chooseDefault('video', d.settings.defaults, list, entryOf, admin), text: chooseDefault('text', d.settings.defaults, list, entryOf, admin) };
}

function views(d: CoreDeps, a: Actor, list: readonly GatewayModel[], kind: ModelKind | undefined, payer: Payer): { views: ModelView[]; defaults: Record<ModelKind, DefaultChoice> } {
  const ref = scopeRef(a);
  const defaults = defaultsOf(d, a, list, payer);
  const chosen: Partial<Record<ModelKind, string>> = {};
  for (const k of KINDS) {
    const c = defaults[k];
    if (c.ok) chosen[k] = c.model;
  }
  return { views: modelViews(list, (m) => d.catalog.book.entry(m.id, ref, m, payer), chosen, kind, a.locale), defaults };
}

/** `models`: the list `GET /v1/models` gives for the token the actor would use (cached), with prices and defaults. */
export async function models(d: CoreDeps, actor: Actor, kind?: ModelKind): Promise<Result<ModelView[]>> {
  const r = await modelsReport(d, actor, kind);
  return r.ok ? ok(r.value.models) : r;
}

/**
 * `modelsReport`: {@link models} plus the core's `/models` text (prices with their source, defaults, the price rule)
 * and, apart, the paragraphs after the list (`notes`) for surfaces that show the list their own way.
 */
export async function modelsReport(d: CoreDeps, actor: Actor, kind?: ModelKind): Promise<Result<ModelsReport>> {
  const ids = await actorIds(d, actor);
  const token = await resolveToken(d, actor, ids);
  if (!token.ok) return token;
  const t = token.value;
  try {
    const list = await d.catalog.list(t.token);
    const v = views(d, { ...actor, locale: ids.locale }, list, kind, payerOf(t));
    return ok({ models: v.views, text: modelsText(v.views, v.defaults, ids.locale), notes: modelsNotes(v.defaults, ids.locale), locale: ids.locale });
  } catch (e) {
    return err(gatewayFailure(d, e, { model: '', tokenSource: t.source, stage: 'models' }));
  }
}

/**
 * `cachedModels`: never waits. Uses the list cached for the token that would pay for this actor (personal →
 * community → operator, from the in-memory token index warmed at start), so a member's very first interaction
 * already has data. Empty only when nothing is cached for that token; that starts a background load.
 */
export function cachedModels(d: CoreDeps, actor: Actor, kind?: ModelKind): ModelView[] {
  const list = d.catalog.peekFor(actor);
  if (!list) {
    models(d, actor).catch((e: unknown) => d.logger.debug({ err: e }, 'background model list load failed'));
    return [];
  }
  const operatorKey = d.catalog.index.operatorKey;
  const payer = operatorKey !== undefined && d.catalog.index.keyFor(actor) === operatorKey ? 'operator' : 'own';
  return views(d, actor, list, kind, payer).views;
}
