import type { Actor, SurfaceInfo, SurfaceRequest } from '../core/api/surface.js';

/** The web as a surface: commands are named as typed in the chat; no buttons. */
export const WEB_SURFACE: SurfaceInfo = {
  id: 'web',
  commandHint: (command, subcommand) => `/${command}${subcommand ? ` ${subcommand}` : ''}`,
  buttons: false,
};

/**
 * The web's answer to "who, where, admin?" for one form: the session's chat actor, and the admin answer the chat
 * platform gave when the member asked for the link. The web starts no job, so it has no delivery address.
 */
export class WebRequest implements SurfaceRequest {
  readonly surface = WEB_SURFACE;
  readonly uploadLimitBytes = 0;

  constructor(
    readonly actor: Actor,
    private readonly admin: boolean,
  ) {}

  isAdmin(): Promise<boolean> {
    return Promise.resolve(this.admin);
  }

  progress(): void {}

  deliveryAddress(): Promise<never> {
    return Promise.reject(new Error('the web pages start no jobs'));
  }
}
