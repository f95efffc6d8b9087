/** The models a token reaches and their prices (`/models`, autocomplete). */
import type { Result } from '../failures.js';
import type { Micros } from '../money.js';
import type { ModelKind } from '../pricing.js';
import type { Actor } from './actor.js';
import type { ModelOptions } from '../models/model-options.js';

/**
 * A model as shown to users: id, kind and price text ("$0.04 / image (gateway's published price)", "no price yet
 * (an admin can set one)"). `onSale` is true only when the model is priced and on sale (usable).
 */
export interface ModelView {
  id: string;
  kind: ModelKind;
  unitMicros: Micros;
  priceText: string;
  onSale: boolean;
  /** Where the price comes from; null when there is none. */
  priceSource?: 'admin' | 'operator' | 'gateway' | 'documented' | null;
  /** Where the kind comes from: an admin's correction, the gateway, a price table, or the id heuristic. */
  kindSource?: 'admin' | 'gateway' | 'price_table' | 'id';
  /** The default model of its kind for this actor. */
  isDefault?: boolean;
  /** The options it takes beyond prompt, size and length (absent: none); see `core/models/model-options.ts`. */
  options?: ModelOptions;
}

/** `/models` as the core words it. */
export interface ModelsReport {
  models: ModelView[];
  /** The whole answer as text: the list, the defaults, the price rule. */
  text: string;
  /** The paragraphs after the list (the defaults, the price rule), for surfaces that show the list their own way. */
  notes: string[];
  /** The language the words are in. */
  locale: string;
}

/** The models a token reaches and their prices (`/models`, autocomplete). */
export interface ModelsApi {
  /** Models the actor's token reaches, with prices; `kind` filters. */
  models(actor: Actor, kind?: ModelKind): Promise<Result<ModelView[]>>;
  /** From cache only, never waits (Discord autocomplete). Empty when nothing is cached yet. */
  cachedModels(actor: Actor, kind?: ModelKind): ModelView[];
  /**
   * `/models` as the core words it: the models, each price with where it comes from, the defaults and the price rule.
   */
  modelsReport(actor: Actor, kind?: ModelKind): Promise<Result<ModelsReport>>;
}
