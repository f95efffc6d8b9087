import type { AdminModelSetting } from '../catalog/price-book.js';
import type { Micros } from '../money.js';
import type { ModelKind, PriceUnit } from '../pricing.js';

/**
 * Admins' model settings as the core stores them (the SQL implementation is `src/store/kysely/model-settings.ts`); every
 * change is audited there.
 */
export interface ModelSettingsPort {
  all(): Promise<(AdminModelSetting & { scopeId: string })[]>;
  setPrice(actor: string, scopeId: string, model: string, price: { unit: PriceUnit; unitMicros: Micros } | null, byOwner?: boolean): Promise<unknown>;
  setKind(actor: string, scopeId: string, model: string, kind: ModelKind | null): Promise<unknown>;
}
