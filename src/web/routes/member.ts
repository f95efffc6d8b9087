/**
 * A member's pages: the gallery (filters, pages), one kept file (inline or download), the shown results as a ZIP,
 * "Run again"/"Vary" (a job started in the chat of the original), the balance, the settings, the failure references.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import type { GalleryQuery } from '../../core/api/web.js';
import { t } from '../../core/i18n/catalog.js';
import { replyText, type Signed, type WebKit } from '../kit.js';
import { balancePage, failuresPage, galleryPage, settingsPage, startedPage, type GalleryFilters } from '../member-pages.js';
import { WebRequest } from '../request.js';
import { balanceChartSection } from '../charts.js';
import { ZIP_MAX_BYTES, zipStream, type ZipEntry } from '../zip.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^\d{1,15}\.[a-z0-9_]{1,40}$/;

/** The gallery's filters from the query; anything malformed is dropped (the page then shows it unset). */
function filtersOf(c: Context): GalleryFilters {
  const k = c.req.query('kind');
  const model = c.req.query('model')?.trim().slice(0, 200);
  const from = c.req.query('from');
  const to = c.req.query('to');
  return {
    ...(k === 'image' || k === 'video' ? { kind: k } : {}),
    ...(model ? { model } : {}),
    ...(from && DAY.test(from) ? { from } : {}),
    ...(to && DAY.test(to) ? { to } : {}),
  };
}

/** Every page answers only for the session's own member and community (another member's job id is a 404). */
export function memberRoutes(app: Hono, kit: WebKit): void {
  const { core, dispatcher } = kit.deps;

  app.get('/', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const f = filtersOf(c);
    const after = c.req.query('after');
    const n = Number(c.req.query('limit'));
    const limit = Number.isInteger(n) && n > 0 ? Math.min(n, 1_000) : undefined;
    const q: GalleryQuery = { ...f, ...(after && CURSOR.test(after) ? { after } : {}), ...(limit ? { limit } : {}) };
    return c.html(galleryPage(s.page, kit.community(s.session), f, await core.webGallery(s.session.actor, q), limit));
  });

  app.get('/jobs/:id/files/:n', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const n = Number(c.req.param('n'));
    const f = await core.webFile(s.session.actor, c.req.param('id').toLowerCase(), n);
    if (!f) return kit.notFound(c, s);
    const disposition = c.req.query('download') !== undefined ? 'attachment' : 'inline';
    c.header('Content-Type', f.mime);
    c.header('Content-Length', String(f.bytes));
    c.header('Content-Disposition', `${disposition}; filename="${f.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    c.header('Cache-Control', 'private, max-age=3600');
    return c.body(Readable.toWeb(createReadStream(f.path)) as unknown as ReadableStream);
  });

  // Every kept file of the results the same filters show (up to 1,000 results), as one store-only ZIP up to ZIP_MAX_BYTES.
  app.get('/zip', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const f = filtersOf(c);
    const { jobs } = await core.webGallery(s.session.actor, { ...f, limit: 1_000 });
    const entries: ZipEntry[] = [];
    let total = 0;
    for (const j of jobs) {
      for (const o of j.outputs ?? []) {
        if (total + o.bytes > ZIP_MAX_BYTES) break;
        total += o.bytes;
        entries.push({ name: `${j.id}-${o.filename}`, path: o.path });
      }
    }
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="results${f.kind ? `-${f.kind}` : ''}.zip"`);
    return c.body(zipStream(entries));
  });

  /**
   * "Run again" (the chat's `reroll`) and "Vary" (the chat's `vary`) of the member's own job: the chat's command
   * through the dispatcher (same hold, budget, channel rules and audit), delivered in the chat where the original
   * was made. A result the command finished here is handed to the runner's delivery step, which posts it there.
   */
  const start = (command: 'reroll' | 'vary') => async (c: Context) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    if (!(await kit.formOf(c, s))) return kit.csrfFailed(c, s);
    const id = c.req.param('id')!.toLowerCase();
    const origin = await core.webJobOrigin(s.session.actor, id);
    if (!origin) return kit.notFound(c, s);
    const request = new WebRequest(s.session.actor, s.session.admin, origin.delivery);
    const reply = await dispatcher.run({ command, args: { job: id }, request });
    const l = s.session.locale;
    if (reply.tone === 'error') return c.html(startedPage(s.page, replyText(reply), true), 409);
    if (reply.tone === 'result' && reply.jobId) await core.handOver(reply.jobId, { reason: 'started from the web: posted in its chat by the delivery step' });
    return c.html(startedPage(s.page, t(l, 'web-started', { chat: kit.community(s.session) }), false), 202);
  };
  app.post('/jobs/:id/again', start('reroll'));
  app.post('/jobs/:id/vary', start('vary'));

  app.get('/balance', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const reply = await dispatcher.run({ command: 'balance', args: {}, request: kit.request(s) });
    const chart = balanceChartSection(s.session.locale, await core.webBalanceChart(s.session.actor));
    return c.html(balancePage(s.page, kit.community(s.session), reply.blocks.join('\n'), reply.fields ?? [], chart));
  });

  const settings = async (c: Context, s: Signed, outcome?: { text: string; error: boolean }) => {
    const [reply, current] = await Promise.all([dispatcher.run({ command: 'settings', args: {}, request: kit.request(s) }), core.settingsInEffect(s.session.actor)]);
    return c.html(settingsPage(s.page, kit.community(s.session), reply.blocks[0] ?? '', current, outcome), outcome?.error ? 400 : 200);
  };

  app.get('/settings', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    return settings(c, s);
  });

  // The chat's `/settings <key> <value> [here|everywhere]`: its validation, storage and words.
  app.post('/settings', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const form = await kit.formOf(c, s);
    if (!form) return kit.csrfFailed(c, s);
    const where = form.where === 'everywhere' ? 'everywhere' : 'here';
    const args = { key: (form.key ?? '').slice(0, 40), value: (form.value ?? '').trim().slice(0, 100), where };
    const reply = await dispatcher.run({ command: 'settings', args, request: kit.request(s) });
    return settings(c, s, { text: replyText(reply), error: reply.tone === 'error' });
  });

  app.get('/failures', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    return c.html(failuresPage(s.page, kit.community(s.session), await core.webFailureRefs(s.session.actor)));
  });
}
