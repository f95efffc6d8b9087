/** A community admin's pages: budgets and usage, changed through the chat's own commands (same role check and audit). */
import type { Context, Hono } from 'hono';
import { replyText, type Signed, type WebKit } from '../kit.js';
import { adminPage } from '../pages.js';

/** A member's session gets 403 on every admin page; the role is the one the chat gave when the link was made. */
export function adminRoutes(app: Hono, kit: WebKit): void {
  const { dispatcher } = kit.deps;

  const adminView = async (c: Context, s: Signed, outcome?: { text: string; error: boolean }) => {
    const request = kit.request(s);
    const budgets = await dispatcher.run({ command: 'budget', subcommand: 'show', args: {}, request });
    const usage = await dispatcher.run({ command: 'usage', args: {}, request });
    return c.html(adminPage(s.page, kit.community(s.session), replyText(budgets), replyText(usage), outcome), outcome?.error ? 400 : 200);
  };

  app.get('/admin', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    if (!s.session.admin) return kit.forbidden(c, s);
    return adminView(c, s);
  });

  app.post('/admin/budget', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const form = await kit.formOf(c, s);
    if (!form) return kit.csrfFailed(c, s);
    if (!s.session.admin) return kit.forbidden(c, s);
    const args = { user: form.user ?? '', amount: form.amount ?? '', ...(form.period ? { period: form.period } : {}) };
    const reply = await dispatcher.run({ command: 'budget', subcommand: 'set', args, request: kit.request(s) });
    return adminView(c, s, { text: replyText(reply), error: reply.tone === 'error' });
  });
}
