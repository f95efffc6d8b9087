import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import type { Invocation, Reply } from '../../src/core/commands/types.js';
import type { SurfaceInfo, SurfaceRequest } from '../../src/core/ports/surface.js';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { describeFailure } from '../../src/core/messages/failure-text.js';
import type { Failure } from '../../src/core/failures.js';
import { createTestStack, type TestStack } from '../support/harness.js';

const TEXT: SurfaceInfo = { id: 'console', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` };
/** Discord takes options, so nothing in the text grammar stands between a pasted key and the core. */
const OPTIONS: SurfaceInfo = { id: 'discord', buttons: true, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}`, optionHint: (spec) => `${spec.name}:` };

/**
 * Issue 21, N12: a key pasted where a model id goes (`/prices set sk-… 0.01`) was accepted, stored in clear in
 * `model_settings` and `audit_log`, and echoed. Now it is refused wherever a model id is taken, without being
 * quoted back, stored or sent to the gateway.
 */
describe('a key-shaped model id is refused, never stored nor echoed', () => {
  let t: TestStack;
  let d: CommandDispatcher;
  const KEYS = ['sk-live-9f8e7d6c5b4a39281706f5e4d3c2b1a0', 'AbCdEf0123456789GhIjKlMnOpQrSt', '0123456789abcdef0123456789abcdef'];

  const request = (surface: SurfaceInfo): SurfaceRequest => {
    const actor = t.actor({ user: 'adm', kind: 'group' });
    return {
      actor,
      surface,
      uploadLimitBytes: 50 * 1024 * 1024,
      isAdmin: async () => true,
      progress() {},
      deliveryAddress: async (): Promise<DeliveryAddress> => ({ surface: 'console', chat: actor.scope.externalId }),
    };
  };
  const explain = (f: Failure) => { const m = describeFailure(f); return `${m.title}\n${m.text}`; };
  const words = (r: Reply) => [r.title ?? '', ...r.blocks, ...(r.fields ?? []).map((f) => `${f.name} ${f.value}`)].join('\n');
  async function say(text: string): Promise<Reply> {
    const p = parseCommandText(text, d.commands);
    if (!p.ok) throw new Error(`does not parse: ${text}`);
    const inv: Invocation = { command: p.command, args: p.args, request: request(TEXT), ...(p.subcommand ? { subcommand: p.subcommand } : {}) };
    return d.run(inv);
  }

  beforeAll(async () => {
    t = await createTestStack();
    d = new CommandDispatcher({ core: t.core, ownerIds: [], logger: t.logger });
  });
  afterAll(() => t?.close());

  it('typed, as options, and through the core directly: refused with words that do not quote it', async () => {
    const requestsBefore = t.sim.requests().length;
    for (const key of KEYS) {
      for (const line of [`/prices set ${key} 0.01`, `/prices clear ${key}`, `/prices kind ${key} image`, `/imagine a cat --model ${key}`, `/video a cat --model ${key}`, `/ask hello --model ${key}`]) {
        const r = await say(line);
        expect(r.failure?.code, line).toBeDefined();
        expect(words(r), line).toMatch(/looks like a secret key, not a model id/);
        expect(words(r), line).not.toContain(key);
      }
      const opt = await d.run({ command: 'prices', subcommand: 'set', args: { model: key, usd: '0.01' }, request: request(OPTIONS) });
      expect(words(opt)).toMatch(/looks like a secret key/);
      expect(words(opt)).not.toContain(key);
      const direct = await t.core.prices(t.actor({ user: 'adm' }), { op: 'set', model: key, amount: '0.01' });
      expect(!direct.ok && explain(direct.failure)).not.toContain(key);
      const job = await t.core.imagine({ ...t.actor({ user: 'adm' }), prompt: 'a cat', model: key });
      expect(!job.ok && job.failure.code).toBe('bad_flag');
      expect(!job.ok && explain(job.failure)).not.toContain(key);
    }
    // Nothing reached the gateway with it.
    expect(JSON.stringify(t.sim.requests().slice(requestsBefore))).not.toMatch(/AbCdEf0123456789|sk-live-9f8e|0123456789abcdef0123/);
  });

  it('a raw grep of the database files and the logs finds none of them', async () => {
    await t.app.close(); // checkpoints the WAL into the file; the -wal and -shm are read too when left
    const dir = dirname(t.dbPath);
    for (const f of readdirSync(dir).filter((n) => n.startsWith('bot.sqlite'))) {
      const raw = readFileSync(`${dir}/${f}`).toString('latin1');
      for (const key of KEYS) expect(raw.includes(key), `${f} holds ${key}`).toBe(false);
    }
    for (const key of KEYS) expect(t.logs()).not.toContain(key);
  });

  it('real model ids are not mistaken for keys', async () => {
    const { looksLikeKey } = await import('../../src/core/secrets.js');
    for (const id of ['alpha-image-2', 'gpt-4o-mini', 'claude-3-5-sonnet-20241022', 'black-forest-labs/FLUX.1-Kontext-pro', 'Qwen/Qwen2.5-VL-72B-Instruct', 'gemini-2.0-flash-exp-image-generation', 'sora-2-pro', 'veo-3.0-generate-preview', 'doubao-seedream-4-0-250828', 'kling-v2-1-master']) {
      expect(looksLikeKey(id), id).toBe(false);
    }
  });
});
