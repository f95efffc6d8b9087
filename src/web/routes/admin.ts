/**
 * A community admin's pages (`/admin/*`). Reads come from the core's typed web reads or the chat's own listing
 * commands; every change runs the chat's own command through the dispatcher (`/budget`, `/prices`, `/setup words`,
 * `/setup channel`, `/queue cancel`, `/job <ref>`), so the role check, validation, audit and the words of the answer
 * are the chat's. A member's session gets 403 on every admin page; the role is the one the chat gave when the link
 * was made (and the dispatcher checks it again for each command).
 */
import type { Context, Hono } from 'hono';
import type { Period } from '../../core/budget/periods.js';
import { auditPage, budgetsPage, pricesPage, queuePage, refsPage, rulesPage, usagePage, USAGE_PERIODS, type AdminPageId, type Outcome } from '../admin-pages.js';
import type { Signed, WebKit } from '../kit.js';

/** A form of the admin pages: the command it runs, the fields it passes on (empty ones left out), fixed arguments. */
interface AdminAction {
  page: AdminPageId;
  command: string;
  subcommand?: string;
  fields: readonly string[];
  fixed?: Readonly<Record<string, string>>;
}

/** Every form the admin pages post (`/admin/run/<name>`). */
const ACTIONS: Readonly<Record<string, AdminAction>> = {
  'budget-set': { page: 'budgets', command: 'budget', subcommand: 'set', fields: ['user', 'amount', 'period'] },
  'budget-adjust': { page: 'budgets', command: 'budget', subcommand: 'adjust', fields: ['user', 'amount', 'note'] },
  'budget-block': { page: 'budgets', command: 'budget', subcommand: 'block', fields: ['user'] },
  'budget-unblock': { page: 'budgets', command: 'budget', subcommand: 'unblock', fields: ['user'] },
  'budget-clear': { page: 'budgets', command: 'budget', subcommand: 'clear', fields: ['user'] },
  'budget-default': { page: 'budgets', command: 'budget', subcommand: 'default', fields: ['amount', 'period'] },
  'budget-pool': { page: 'budgets', command: 'budget', subcommand: 'pool', fields: ['amount', 'period'] },
  'prices-set': { page: 'prices', command: 'prices', subcommand: 'set', fields: ['model', 'usd', 'per'] },
  'prices-clear': { page: 'prices', command: 'prices', subcommand: 'clear', fields: ['model'] },
  'prices-kind': { page: 'prices', command: 'prices', subcommand: 'kind', fields: ['model', 'kind'] },
  'words-add': { page: 'rules', command: 'setup', subcommand: 'words', fields: ['pattern', 'message'], fixed: { action: 'add' } },
  'words-remove': { page: 'rules', command: 'setup', subcommand: 'words', fields: ['pattern'], fixed: { action: 'remove' } },
  'words-clear': { page: 'rules', command: 'setup', subcommand: 'words', fields: [], fixed: { action: 'clear' } },
  channel: { page: 'rules', command: 'setup', subcommand: 'channel', fields: ['rule', 'commands'] },
  'queue-cancel': { page: 'queue', command: 'queue', fields: ['job'], fixed: { action: 'cancel' } },
  ref: { page: 'refs', command: 'job', fields: ['job'] },
};

/** Rows per audit page. */
const AUDIT_PAGE = 25;

const usagePeriod = (v: string | undefined): Period => (USAGE_PERIODS as readonly string[]).includes(v ?? '') ? (v as Period) : 'month';

/** Adds the admin pages to `app`. */
export function adminRoutes(app: Hono, kit: WebKit): void {
  const { core, dispatcher } = kit.deps;

  const run = (s: Signed, command: string, args: Record<string, string>, subcommand?: string) =>
    dispatcher.run({ command, ...(subcommand ? { subcommand } : {}), args, request: kit.request(s) });

  /** Renders sub-page `page` (after a change, with its outcome: 400 when the command refused it). */
  async function show(c: Context, s: Signed, page: AdminPageId, outcome?: Outcome): Promise<Response> {
    const community = kit.community(s.session);
    const status = outcome?.reply.tone === 'error' ? 400 : 200;
    switch (page) {
      case 'budgets':
        return c.html(budgetsPage(s.page, community, await core.webBudgets(s.session.actor), outcome), status);
      case 'usage':
        return c.html(usagePage(s.page, community, await core.webUsage(s.session.actor, usagePeriod(c.req.query('period')))), status);
      case 'prices':
        return c.html(pricesPage(s.page, community, await run(s, 'prices', {}, 'list'), outcome), status);
      case 'rules': {
        const [words, channel] = [await run(s, 'setup', { action: 'list' }, 'words'), await run(s, 'setup', { rule: 'show' }, 'channel')];
        return c.html(rulesPage(s.page, community, words, channel, outcome), status);
      }
      case 'queue':
        return c.html(queuePage(s.page, community, await run(s, 'queue', {}), outcome), status);
      case 'refs':
        return c.html(refsPage(s.page, community, await core.webCommunityFailureRefs(s.session.actor), outcome), status);
      case 'audit': {
        const n = Number(c.req.query('page') ?? 0);
        const p = Number.isInteger(n) && n >= 0 && n < 40 ? n : 0;
        const { rows, more } = await core.webAudit(s.session.actor, { offset: p * AUDIT_PAGE, limit: AUDIT_PAGE });
        return c.html(auditPage(s.page, community, p, rows, more));
      }
    }
  }

  /** The admin's session, or the answer to give instead (401 not signed in, 403 a member). */
  async function admin(c: Context): Promise<Signed | Response> {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    if (!s.session.admin) return kit.forbidden(c, s);
    return s;
  }

  const pages: readonly [string, AdminPageId][] = [
    ['/admin', 'budgets'],
    ['/admin/usage', 'usage'],
    ['/admin/prices', 'prices'],
    ['/admin/rules', 'rules'],
    ['/admin/queue', 'queue'],
    ['/admin/refs', 'refs'],
    ['/admin/audit', 'audit'],
  ];
  for (const [path, page] of pages) {
    app.get(path, async (c) => {
      const s = await admin(c);
      return s instanceof Response ? s : show(c, s, page);
    });
  }

  // The `/usage` CSV, byte for byte (the same report the chat attaches).
  app.get('/admin/usage.csv', async (c) => {
    const s = await admin(c);
    if (s instanceof Response) return s;
    const u = await core.webUsage(s.session.actor, usagePeriod(c.req.query('period')));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${u.csv.filename}"`);
    return c.body(u.csv.content);
  });

  const perform = async (c: Context, name: string) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const form = await kit.formOf(c, s);
    if (!form) return kit.csrfFailed(c, s);
    if (!s.session.admin) return kit.forbidden(c, s);
    const action = ACTIONS[name];
    if (!action) return kit.notFound(c, s);
    const args: Record<string, string> = { ...action.fixed };
    for (const f of action.fields) {
      const v = form[f]?.trim();
      if (v) args[f] = v;
    }
    const reply = await run(s, action.command, args, action.subcommand);
    return show(c, s, action.page, { reply });
  };

  app.post('/admin/budget', (c) => perform(c, 'budget-set'));
  app.post('/admin/run/:action', (c) => perform(c, c.req.param('action')));
}
