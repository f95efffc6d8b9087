import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/** The core's web use-cases over a real stack: links only when the web listens, one use, a member's own files only. */
describe('core: web sign-in and gallery', () => {
  let stack: TestStack;
  const member: Actor = { scope: { platform: 'telegram', externalId: '-100777', kind: 'group', title: 'Painters' }, user: { platform: 'telegram', externalId: '501' } };
  const other: Actor = { ...member, user: { platform: 'telegram', externalId: '502' } };
  const elsewhere: Actor = { ...member, scope: { platform: 'telegram', externalId: '-100778', kind: 'group' } };

  beforeAll(async () => {
    stack = await createTestStack();
  });
  afterAll(async () => stack?.close());

  it('no link while the web is off; a link opens one session, with a new id, once', async () => {
    expect(await stack.core.webLink(member, false)).toBeNull();
    stack.app.setWebUrl('https://bot.example.org/');
    const link = (await stack.core.webLink(member, true))!;
    expect(link.url).toMatch(/^https:\/\/bot\.example\.org\/in\/[A-Za-z0-9_-]{43}$/);
    const token = link.url.slice(link.url.lastIndexOf('/') + 1);
    const opened = (await stack.core.webSignIn(token))!;
    expect(opened.sessionId).not.toBe(token);
    expect(await stack.core.webSignIn(token)).toBeNull();
    expect(await stack.core.webSignIn('not-a-token')).toBeNull();
    const s = (await stack.core.webSession(opened.sessionId))!;
    expect(s).toMatchObject({ admin: true, actor: { scope: member.scope, user: member.user } });
    expect(s.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await stack.core.webSession(token)).toBeNull();
    await stack.core.webSignOut(opened.sessionId);
    expect(await stack.core.webSession(opened.sessionId)).toBeNull();
    // Only hashes are stored: neither secret is in the database file.
    const { readFileSync } = await import('node:fs');
    const db = readFileSync(stack.dbPath).toString('latin1');
    expect(db).not.toContain(token);
    expect(db).not.toContain(opened.sessionId);
  });

  it("the gallery lists the member's own results with files; another member's or community's file is null", async () => {
    const made = await stack.core.imagine({ ...member, prompt: 'a red fox', size: '512x512' });
    expect(made.ok).toBe(true);
    await stack.core.imagine({ ...other, prompt: 'not mine', size: '512x512' });
    const mine = (await stack.core.webGallery(member)).jobs;
    expect(mine.map((j) => j.prompt)).toEqual(['a red fox']);
    expect(mine[0]!.outputs).toHaveLength(1);
    expect((await stack.core.webGallery(member, { kind: 'video' })).jobs).toEqual([]);
    const id = mine[0]!.id;
    expect(await stack.core.webFile(member, id, 0)).toMatchObject({ mime: 'image/png' });
    expect(await stack.core.webFile(member, id, 1)).toBeNull();
    expect(await stack.core.webFile(other, id, 0)).toBeNull();
    expect(await stack.core.webFile(elsewhere, id, 0)).toBeNull();
    expect(await stack.core.webFile(member, '../../etc', 0)).toBeNull();
  });
});

describe('web pages start: a port in use', () => {
  it('stops the start when WEB_PORT was given, and only warns (no pages, no link) on the default port', async () => {
    const { createServer } = await import('node:net');
    const { CommandDispatcher } = await import('../../src/core/commands/dispatch.js');
    const { webSurface } = await import('../../src/web/starter.js');
    const stack = await createTestStack();
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (taken.address() as { port: number }).port;
      const ctx = { config: stack.config, app: stack.app, dispatcher: new CommandDispatcher({ core: stack.core, ownerIds: [], logger: stack.logger }), logger: stack.logger, secrets: stack.secrets, registerDelivery: () => undefined };
      const at = (portSet: boolean) => webSurface({ ...stack.config, web: { port, host: '127.0.0.1', publicUrl: undefined, portSet } });
      await expect(at(true)(ctx)).rejects.toThrow(`WEB_PORT=${port} cannot be used on 127.0.0.1: EADDRINUSE`);
      const off = await at(false)(ctx);
      expect(off.name).toBe('web (off)');
      expect(stack.logs()).toContain('web pages not started');
      const member: Actor = { scope: { platform: 'telegram', externalId: '-1009', kind: 'group' }, user: { platform: 'telegram', externalId: '9' } };
      expect(await stack.core.webLink(member, false)).toBeNull();
    } finally {
      taken.close();
      await stack.close();
    }
  });
});
