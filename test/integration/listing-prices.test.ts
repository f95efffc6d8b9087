import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import { parseCommandText } from '../../src/core/commands/grammar.js';
import type { Reply } from '../../src/core/commands/types.js';
import type { SurfaceRequest } from '../../src/core/ports/surface.js';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/**
 * Prices in listings (`/models`, `/prices`, the reply to `/prices set`) are unit prices: shown to the micro they are
 * set to, never rounded to the cent ($0.015 an image is not "$0.02", $0.0125 not "$0.01").
 */

let t: TestStack;
let d: CommandDispatcher;

function request(admin: boolean): SurfaceRequest {
  const actor = t.actor({ user: admin ? 'adm' : 'm1' });
  return {
    actor,
    surface: { id: 'console', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` },
    uploadLimitBytes: 50 * 1024 * 1024,
    isAdmin: async () => admin,
    progress() {},
    deliveryAddress: async (): Promise<DeliveryAddress> => ({ surface: 'console', chat: actor.scope.externalId }),
  };
}

async function say(text: string, admin = false): Promise<Reply> {
  const p = parseCommandText(text, d.commands);
  if (!p.ok) throw new Error(`does not parse: ${text}`);
  return d.run({ command: p.command, args: p.args, request: request(admin), ...(p.subcommand ? { subcommand: p.subcommand } : {}) });
}

beforeAll(async () => {
  t = await createTestStack({ startPoller: false });
  d = new CommandDispatcher({ core: t.core, ownerIds: [], logger: t.logger });
});
afterAll(async () => t?.close());

describe('listing prices', () => {
  it.each([
    ['0.015', '$0.015'],
    ['0.0125', '$0.0125'],
    ['0.123456', '$0.123456'],
    ['0.05', '$0.05'],
    ['1.5', '$1.50'],
  ])('an admin price of %s reads %s in /prices set, /prices list and /models', async (usd, shown) => {
    const set = await say(`/prices set alpha-image-2 ${usd}`, true);
    expect(set.blocks[0]).toContain(`alpha-image-2 now costs ${shown} per image here`);
    expect((await say('/prices list', true)).blocks[0]).toContain(`alpha-image-2: ${shown} / image`);
    const models = await say('/models image');
    expect(models.fields?.find((f) => f.name === 'image')?.value).toContain(`alpha-image-2 · ${shown} / image`);
  });
});
