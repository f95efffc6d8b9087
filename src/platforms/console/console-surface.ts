import { formatDuration } from '../../core/i18n/format.js';
import { t } from '../../core/i18n/catalog.js';
import { localeFromEnv } from '../../core/i18n/negotiate.js';
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import type { Actor, DeliveryAddress, Progress, SurfaceInfo, SurfaceRequest } from '../../core/api/surface.js';

/** The console's surface id: stored with its scope, user and delivery addresses. */
export const CONSOLE = 'console';

/** Largest file the console "accepts": it is only a copy on the local disk (2 GiB). */
export const CONSOLE_UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;

/** Commands are typed as `/command subcommand …`; actions are printed as commands to type, never buttons. */
export const CONSOLE_SURFACE: SurfaceInfo = {
  id: CONSOLE,
  buttons: false,
  commandHint: (command, subcommand) => `/${command}${subcommand ? ` ${subcommand}` : ''}`,
  attachmentOption: (arg, locale) => `--image PATH — ${t(locale, 'playground-help-image', { max: arg.maxCount ?? 1 })}`,
};

/**
 * Where a console video goes: the playground process that started it. `instance` is `<pid>-<random>`, so two
 * playgrounds on one database each deliver only their own videos, and a dead playground's videos can be adopted
 * (see {@link ConsoleDelivery.accepts}).
 */
export interface ConsoleAddress extends DeliveryAddress {
  readonly surface: typeof CONSOLE;
  readonly instance: string;
}

/** A fresh instance id for this process. */
export function consoleInstance(): string {
  return `${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** The console scope (`console:local`) and its one user, who is the admin there; the language from `LANG` or English. */
export function consoleActor(): Actor {
  let name = 'you';
  try {
    name = userInfo().username || name;
  } catch {
    // no passwd entry (some containers): keep the neutral name
  }
  return {
    scope: { platform: CONSOLE, externalId: 'local', kind: 'console', title: 'Terminal playground' },
    user: { platform: CONSOLE, externalId: 'local', displayName: name },
    channel: { id: 'console' },
    locale: localeFromEnv(),
  };
}

/** The console's answer to "who, where, admin?" for every line: the single user, admin of the console scope. */
export function consoleRequest(actor: Actor, address: ConsoleAddress, print: (line: string) => void): SurfaceRequest {
  return {
    actor,
    surface: CONSOLE_SURFACE,
    isAdmin: () => Promise.resolve(true),
    uploadLimitBytes: CONSOLE_UPLOAD_LIMIT_BYTES,
    progress: (p: Progress) => {
      const line = progressLine(p);
      if (line) print(line);
    },
    deliveryAddress: () => Promise.resolve(address),
  };
}

function progressLine(p: Progress): string {
  const locale = p.locale ?? 'en';
  if (p.kind === 'preview') return ''; // the console shows no previews (its surface does not ask for them)
  if (p.kind === 'queued') return `  ${t(locale, 'playground-queued', { position: p.position })}`;
  if (p.kind === 'started') return `  ${t(locale, 'playground-working')}`;
  if (p.kind === 'gateway_wait') return `  ${t(locale, 'status-gateway-queued', { ahead: p.ahead })}`;
  if (p.kind === 'working') return `  ${p.elapsedMs < 1_000 ? t(locale, 'playground-working') : t(locale, 'status-working-elapsed', { elapsed: formatDuration(locale, p.elapsedMs) })}`;
  return `  ${p.text}`;
}
