import type { Actor, DeliveryAddress, SurfaceInfo, SurfaceRequest } from '../core/api/surface.js';

/** The web as a surface: commands are named as typed in the chat; no buttons. */
export const WEB_SURFACE: SurfaceInfo = {
  id: 'web',
  commandHint: (command, subcommand) => `/${command}${subcommand ? ` ${subcommand}` : ''}`,
  buttons: false,
};

/**
 * The web's answer to "who, where, admin?" for one form: the session's chat actor, and the admin answer the chat
 * platform gave when the member asked for the link. A job started from the web ("Run again", "Vary") is delivered
 * in the chat of the job it repeats: `delivery` is that job's stored address; without it the request starts no job.
 */
export class WebRequest implements SurfaceRequest {
  readonly surface = WEB_SURFACE;
  readonly uploadLimitBytes = 0;

  constructor(
    readonly actor: Actor,
    private readonly admin: boolean,
    private readonly delivery?: DeliveryAddress,
  ) {}

  isAdmin(): Promise<boolean> {
    return Promise.resolve(this.admin);
  }

  progress(): void {}

  deliveryAddress(): Promise<DeliveryAddress> {
    return this.delivery ? Promise.resolve(this.delivery) : Promise.reject(new Error('this web form starts no job'));
  }
}
