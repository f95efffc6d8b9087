import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { startPlayground } from '../../src/playground/playground.js';
import { webSurface } from '../../src/web/starter.js';
import { createTestStack, TEST_ENCRYPTION_KEY } from '../support/harness.js';

/**
 * A second bot on one machine: the default web port (8081) is already taken by the first. The bot starts without
 * pages and its warning says what to set (a free WEB_PORT it found, or WEB_PORT=0); the playground moves its pages to
 * the next free port and its banner prints that address; a WEB_PORT given and in use still fails the bot's start.
 */

let taken: Server;
let port = 0;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
  port = (taken.address() as { port: number }).port;
});
afterAll(() => {
  taken?.close();
});

describe('the default web port in use', () => {
  it('a bot warns with what to do (a free port named, or WEB_PORT=0) and starts without pages; a given WEB_PORT fails', async () => {
    const stack = await createTestStack();
    try {
      const ctx = { config: stack.config, app: stack.app, dispatcher: new CommandDispatcher({ core: stack.core, ownerIds: [], logger: stack.logger }), logger: stack.logger, secrets: stack.secrets, registerDelivery: () => undefined };
      const at = (portSet: boolean) => webSurface({ ...stack.config, web: { port, host: '127.0.0.1', publicUrl: undefined, portSet } });
      await expect(at(true)(ctx)).rejects.toThrow(`WEB_PORT=${port} cannot be used on 127.0.0.1: EADDRINUSE`);
      const off = await at(false)(ctx);
      expect(off.name).toBe('web (off)');
      const warning = stack
        .logs()
        .split('\n')
        .find((l) => l.includes('web pages not started'));
      expect(warning).toBeDefined();
      const msg = (JSON.parse(warning!) as { msg: string; freePort?: number }).msg;
      expect(msg).toContain(`port ${port} (the default WEB_PORT) is already in use on 127.0.0.1, probably by another bot on this machine`);
      const free = Number(/set WEB_PORT to a free port \((\d+) is free now\)/.exec(msg)?.[1]);
      expect(free).toBeGreaterThan(port);
      expect(msg).toContain('set WEB_PORT=0');
      // The port it names did accept a listener.
      const probe = createServer();
      await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(free, '127.0.0.1', () => resolve()));
      probe.close();
    } finally {
      await stack.close();
    }
  });

  it('the playground (no platform token) takes the next free port; its banner prints that address, which answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-port-taken-'));
    const env = { DATABASE_PATH: join(dir, 'play.sqlite'), OUTPUT_DIR: join(dir, 'out'), BOT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, LOG_LEVEL: 'error' };
    const config = loadConfig(env);
    expect(config.web.portSet).toBe(false);
    const out = new PassThrough();
    let printed = '';
    out.on('data', (c: Buffer) => (printed += c.toString()));
    const pg = await startPlayground({ ...config, web: { ...config.web, port, host: '127.0.0.1' } }, { env, output: out, logOutput: new PassThrough() });
    try {
      const banner = await pg.banner(false);
      const url = /Web pages: (http:\/\/127\.0\.0\.1:(\d+))/.exec(banner);
      expect(url, banner).not.toBeNull();
      expect(Number(url![2])).toBeGreaterThan(port);
      const res = await fetch(`${url![1]}/`, { redirect: 'manual' });
      expect(res.status).toBeLessThan(500);
      expect(printed).not.toContain('cannot be used');
    } finally {
      await pg.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
