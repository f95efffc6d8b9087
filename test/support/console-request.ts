import type { Actor, DeliveryAddress } from '../../src/core/api/actor.js';
import type { SurfaceRequest } from '../../src/core/ports/surface.js';

/**
 * A dispatcher request from `actor` on the console surface, as a typed command or a pressed button arrives: no
 * buttons, public upload limit (50 MiB), progress dropped, results addressed to the actor's own chat. `admin` is
 * what the platform's admin check answers (default false).
 */
export function consoleRequest(actor: Actor, o: { admin?: boolean } = {}): SurfaceRequest {
  return {
    actor,
    surface: { id: 'console', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` },
    uploadLimitBytes: 50 * 1024 * 1024,
    isAdmin: async () => o.admin ?? false,
    progress: () => undefined,
    deliveryAddress: async (): Promise<DeliveryAddress> => ({ surface: 'console', chat: actor.scope.externalId }),
  };
}
