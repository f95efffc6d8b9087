import type { PlatformModule } from '../platform.js';

/**
 * The console: the terminal playground's surface. It has no variables of its own and is never started from the
 * configuration: the playground entry point (`src/playground/`) builds it. It is a platform for `OWNER_IDS`
 * (`console:local` is the playground's one user).
 */
export const consolePlatform: PlatformModule<'console', Record<never, never>, never> = {
  id: 'console',
  config: { shape: {}, settings: () => undefined },
  ownerIds: { pattern: /^[A-Za-z0-9_-]+$/ },
  scopeKind: 'console',
  secrets: () => [],
};
