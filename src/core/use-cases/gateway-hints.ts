import type { Actor } from '../api/actor.js';
import type { Failure } from '../failures.js';
import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import { queueAdminAlert } from './gateway-balance.js';
import { scopeRef } from './context.js';
import type { CoreDeps } from './deps.js';

/**
 * How often one community's admins are told again how to fix the same gateway set-up problem: once an hour (the
 * published-pricing refresh period). Members are told on every command (free, one sentence); the admins' notice with
 * the fix (GATEWAY_BASE_URL, the gateway's documentation) comes once, not under every admin command.
 */
export const GATEWAY_HINT_EVERY_MS = 60 * 60_000;

/** The API path a missing feature answered on, named in the admins' notice. */
const ROUTE: Record<string, string> = {
  image: '/v1/images/generations',
  edit: '/v1/images/edits',
  video: '/v1/videos',
  remix: '/v1/videos/{id}/remix',
  text: '/v1/chat/completions',
  models: '/v1/models',
};

/** The notice `failure` calls for (a route the gateway lacks, a header it wants), keyed for the once-per-period claim. */
function hintOf(f: Failure): { key: string; id: string; args: Record<string, string> } | undefined {
  // Only what the gateway itself answered (a model this bot does not remix is no set-up problem).
  if (f.code === 'not_offered' && f.details.what !== 'balance' && f.log?.gateway) {
    const what = f.details.what;
    return { key: `route:${what}`, id: 'alert-gateway-route', args: { what, route: ROUTE[what] ?? '/v1' } };
  }
  if (f.code === 'gateway_needs_header') return { key: 'header', id: 'alert-gateway-header', args: { header: f.details.header } };
  return undefined;
}

/**
 * Queues the admins' notice for a failure that only the bot operator can fix (the gateway has no route for it, or
 * wants a header this bot does not send), at most once per {@link GATEWAY_HINT_EVERY_MS} per community and problem
 * (a first-time claim in the coordination port, so it holds across processes sharing Redis), and logs it once per
 * period for the operator. Never throws: a notice that cannot be queued is logged.
 */
export async function noteGatewayHint(d: CoreDeps, actor: Actor, f: Failure): Promise<void> {
  const hint = hintOf(f);
  if (!hint) return;
  const ref = scopeRef(actor);
  try {
    if ((await d.coordination.claim(`gateway-hint:${ref}:${hint.key}`, GATEWAY_HINT_EVERY_MS)) !== 0) return;
    await queueAdminAlert(d, ref, t(actor.locale ?? DEFAULT_LOCALE, hint.id, hint.args));
    if ((await d.coordination.claim(`gateway-hint:log:${hint.key}`, GATEWAY_HINT_EVERY_MS)) === 0) {
      d.logger.warn({ problem: hint.key, gateway: f.log?.gateway }, t(DEFAULT_LOCALE, hint.id, hint.args));
    }
  } catch (e) {
    d.logger.warn({ err: e }, 'admin notice not queued');
  }
}
