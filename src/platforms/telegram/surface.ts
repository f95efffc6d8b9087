import type { SurfaceInfo } from '../../core/api/surface.js';

/**
 * How Telegram users type commands: `/command sub …`, except that the token flows are started with the bare
 * command (`/setup` in a group, `/token` in the private chat), since the token itself is collected privately.
 */
export const TELEGRAM_SURFACE: SurfaceInfo = {
  id: 'telegram',
  buttons: true,
  previews: true,
  commandHint(command: string, subcommand?: string): string {
    if ((command === 'setup' && subcommand === 'token') || (command === 'token' && subcommand === 'link')) return `/${command}`;
    return subcommand ? `/${command} ${subcommand}` : `/${command}`;
  },
};
