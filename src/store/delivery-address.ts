import type { DeliveryAddress } from '../core/api/actor.js';

/**
 * A job's stored delivery address (parsed JSON) → a {@link DeliveryAddress}, or null when it has no surface.
 * Engine-neutral: every storage engine reads addresses through this.
 *
 * Compatibility: rows written before surfaces owned their addresses carry `platform` (`discord`, `telegram`,
 * `console`) and no `surface`; they route by `surface ?? platform`, and every other field is kept as stored, so
 * the surface's `Delivery` still finds its own fields (`chatId`, `userExternalId`, …).
 */
export function readDeliveryAddress(value: Record<string, unknown> | null): DeliveryAddress | null {
  if (!value) return null;
  const surface = typeof value.surface === 'string' && value.surface !== '' ? value.surface : typeof value.platform === 'string' && value.platform !== '' ? value.platform : null;
  return surface === null ? null : { ...value, surface };
}
