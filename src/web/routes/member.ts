/** A member's pages: the gallery, one kept file (inline or download), the gallery as a ZIP, the balance. */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import { balanceChartSection } from '../charts.js';
import type { WebKit } from '../kit.js';
import { balancePage, galleryPage } from '../pages.js';
import { ZIP_MAX_BYTES, zipStream, type ZipEntry } from '../zip.js';

/** Every page answers only for the session's own member and community (another member's job id is a 404). */
export function memberRoutes(app: Hono, kit: WebKit): void {
  const { core, dispatcher } = kit.deps;

  app.get('/', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const k = c.req.query('kind');
    const kind = k === 'image' || k === 'video' ? k : undefined;
    const limit = Number(c.req.query('limit'));
    const jobs = await core.webGallery(s.session.actor, { ...(kind ? { kind } : {}), ...(Number.isInteger(limit) && limit > 0 ? { limit } : {}) });
    return c.html(galleryPage(s.page, kit.community(s.session), kind, jobs));
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

  // Every file of the shown results (the same filter) as one store-only ZIP, up to ZIP_MAX_BYTES.
  app.get('/zip', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const k = c.req.query('kind');
    const kind = k === 'image' || k === 'video' ? k : undefined;
    const jobs = await core.webGallery(s.session.actor, { ...(kind ? { kind } : {}), limit: 1_000 });
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
    c.header('Content-Disposition', `attachment; filename="results${kind ? `-${kind}` : ''}.zip"`);
    return c.body(zipStream(entries));
  });

  app.get('/balance', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    const reply = await dispatcher.run({ command: 'balance', args: {}, request: kit.request(s) });
    const chart = balanceChartSection(s.session.locale, await core.webBalanceChart(s.session.actor));
    return c.html(balancePage(s.page, kit.community(s.session), reply.blocks.join('\n'), reply.fields ?? [], chart));
  });
}
