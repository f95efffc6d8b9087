/**
 * The owner page (`/owner`): for bot owners (`OWNER_IDS`) only, checked by the core on every request, so a member's
 * or an admin's session gets 403 whatever its URL. Approving or withdrawing a community runs the chat's own
 * `/approve [on|off]` as the owner in that community (same role check and audit as typing it there).
 */
import type { Context, Hono } from 'hono';
import { replyText, type Signed, type WebKit } from '../kit.js';
import { ownerPage, scopeKey } from '../owner-pages.js';
import { WEB_SURFACE, WebRequest } from '../request.js';

export function ownerRoutes(app: Hono, kit: WebKit): void {
  const { core, dispatcher, ops } = kit.deps;

  const view = async (c: Context, s: Signed, outcome?: { text: string; error: boolean }) => {
    const o = await core.ownerOverview(s.session.actor);
    if (!o.ok) return kit.forbidden(c, s, 'web-nav-owner');
    const settled = <T>(p: Promise<T> | undefined) => (p ? p.catch(() => undefined) : Promise.resolve(undefined));
    const [processes, readiness, drift] = await Promise.all([settled(ops?.processes()), settled(ops?.readiness()), settled(ops?.drift())]);
    const b = o.value.gatewayBalance;
    const balance = b.ok ? { ok: true, text: b.value.text } : { ok: false, text: core.explain(b.failure, WEB_SURFACE.commandHint, undefined, s.session.locale) };
    const page = ownerPage(s.page, o.value, { ...(processes ? { processes } : {}), ...(readiness ? { readiness } : {}), ...(drift ? { drift } : {}), balance, now: Date.now() }, outcome);
    return c.html(page, outcome?.error ? 400 : 200);
  };

  app.get('/owner', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    if (!s.session.owner) return kit.forbidden(c, s, 'web-nav-owner');
    return view(c, s);
  });

  app.post('/owner/approve', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const form = await kit.formOf(c, s);
    if (!form) return kit.csrfFailed(c, s);
    if (!s.session.owner) return kit.forbidden(c, s, 'web-nav-owner');
    const o = await core.ownerOverview(s.session.actor);
    if (!o.ok) return kit.forbidden(c, s, 'web-nav-owner');
    // Only a community the bot knows: anything else is a 404, as a wrong id is everywhere in the web.
    const target = o.value.communities.find((x) => scopeKey(x.scope) === form.scope && (x.scope.kind === 'guild' || x.scope.kind === 'group'));
    if (!target) return kit.notFound(c, s);
    const actor = { ...s.session.actor, scope: target.scope };
    const reply = await dispatcher.run({ command: 'approve', args: { state: form.state === 'off' ? 'off' : 'on' }, request: new WebRequest(actor, true) });
    return view(c, s, { text: replyText(reply), error: reply.tone === 'error' });
  });
}
