import type { Kysely } from 'kysely';
import type { ModelKind, PriceUnit } from '../../core/pricing.js';
import type { Clock } from '../../core/ports/clock.js';
import { newSortableId } from '../ids.js';
import type { Database } from './schema.js';
import type { WriteTransactionRunner } from './write-transaction.js';

/** The `model_settings` table (migration 0004): an admin's price and/or kind for one model in one community. */
export interface ModelSettingsTable {
  scope_id: string;
  model: string;
  kind: string | null;
  unit: string | null;
  unit_micros: number | null;
  /** 1: the price was set by a bot owner (migration 0011). */
  set_by_owner: number;
  updated_by: string;
  updated_at: number;
}

type Db = Database & { model_settings: ModelSettingsTable };

/** One community's setting for one model, with the community's platform reference (for lookups without the database). */
export interface ModelSetting {
  scopeId: string;
  /** `<platform>:<external id>` of the community. */
  scopeRef: string;
  model: string;
  kind: ModelKind | null;
  price: { unit: PriceUnit; unitMicros: number } | null;
  /** The price was last set by a bot owner: it may be below the gateway's cost. */
  setByOwner: boolean;
  updatedBy: string;
  updatedAt: number;
}

const KINDS = new Set(['image', 'video', 'text']);
const UNITS = new Set(['image', 'second', '1k_tokens']);

/**
 * Admins' model settings (prices and kind corrections) per community. Every change writes an `audit_log` entry
 * (`model.price.set`, `model.price.clear`, `model.kind.set`) with before/after in the same transaction, like budget changes.
 */
export class ModelSettingsRepo {
  private readonly db: Kysely<Db>;

  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock,
    /** The engine's write transaction (no default: the engine's store factory passes its own). */
    private readonly writeTx: WriteTransactionRunner,
  ) {
    this.db = db as unknown as Kysely<Db>;
  }

  /** Every setting of every community (a small table: read whole at start and after each change). */
  async all(): Promise<ModelSetting[]> {
    const rows = await this.db
      .selectFrom('model_settings')
      .innerJoin('scopes', 'scopes.id', 'model_settings.scope_id')
      .select(['model_settings.scope_id', 'model_settings.model', 'model_settings.kind', 'model_settings.unit', 'model_settings.unit_micros', 'model_settings.set_by_owner', 'model_settings.updated_by', 'model_settings.updated_at', 'scopes.platform', 'scopes.external_id'])
      .execute();
    return rows.map((r) => ({
      scopeId: r.scope_id,
      scopeRef: `${r.platform}:${r.external_id}`,
      model: r.model,
      kind: r.kind && KINDS.has(r.kind) ? (r.kind as ModelKind) : null,
      price: r.unit && UNITS.has(r.unit) && r.unit_micros !== null ? { unit: r.unit as PriceUnit, unitMicros: Number(r.unit_micros) } : null,
      setByOwner: Number(r.set_by_owner) === 1,
      updatedBy: r.updated_by,
      updatedAt: r.updated_at,
    }));
  }

  /**
   * Sets (or with `price` null clears) a community's price for `model`; audited. `byOwner`: a bot owner set it (default
   * false). Returns the previous price.
   */
  async setPrice(actor: string, scopeId: string, model: string, price: { unit: PriceUnit; unitMicros: number } | null, byOwner = false): Promise<{ unit: string; unitMicros: number } | null> {
    const owner = price !== null && byOwner ? 1 : 0;
    return this.change(actor, scopeId, model, price ? 'model.price.set' : 'model.price.clear', (row) => ({ ...row, unit: price?.unit ?? null, unit_micros: price?.unitMicros ?? null, set_by_owner: owner }), (r) =>
      r?.unit && r.unit_micros !== null ? { unit: r.unit, unitMicros: Number(r.unit_micros) } : null,
    );
  }

  /** Sets (or with null clears) a community's kind for `model`; audited. Returns the previous kind. */
  async setKind(actor: string, scopeId: string, model: string, kind: ModelKind | null): Promise<string | null> {
    return this.change(actor, scopeId, model, 'model.kind.set', (row) => ({ ...row, kind }), (r) => r?.kind ?? null);
  }

  private async change<T>(
    actor: string,
    scopeId: string,
    model: string,
    action: string,
    edit: (row: Omit<ModelSettingsTable, 'updated_by' | 'updated_at'>) => Omit<ModelSettingsTable, 'updated_by' | 'updated_at'>,
    pick: (row: ModelSettingsTable | undefined) => T,
  ): Promise<T> {
    return this.writeTx(this.db as unknown as Kysely<Database>, async (txBase) => {
      const tx = txBase as unknown as Kysely<Db>;
      const now = this.clock.now();
      const before = await tx.selectFrom('model_settings').selectAll().where('scope_id', '=', scopeId).where('model', '=', model).executeTakeFirst();
      const next = {
        ...edit({ scope_id: scopeId, model, kind: before?.kind ?? null, unit: before?.unit ?? null, unit_micros: before?.unit_micros ?? null, set_by_owner: Number(before?.set_by_owner ?? 0) }),
        updated_by: actor,
        updated_at: now,
      };
      if (next.kind === null && next.unit === null) await tx.deleteFrom('model_settings').where('scope_id', '=', scopeId).where('model', '=', model).execute();
      else await tx.insertInto('model_settings').values(next).onConflict((oc) => oc.columns(['scope_id', 'model']).doUpdateSet(next)).execute();
      const view = (r: ModelSettingsTable | undefined) => (r ? { model, kind: r.kind, unit: r.unit, unitMicros: r.unit_micros } : null);
      await tx
        .insertInto('audit_log')
        .values({ id: newSortableId('au', now), actor, scope_id: scopeId, action, before: JSON.stringify(view(before)), after: JSON.stringify(next.kind === null && next.unit === null ? null : view(next)), created_at: now })
        .execute();
      return pick(before);
    });
  }
}
