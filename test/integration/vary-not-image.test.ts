import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { ArgValues, Reply } from '../../src/core/commands/types.js';
import { consoleRequest } from '../support/console-request.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

/**
 * Issue 23: `/vary` and `/upscale` (the V/U buttons, or typed) on a job that made no image — a video, an answer — are
 * refused with the true reason ("variations and upscales are for images", pointing at the video's own buttons), not
 * "the results are no longer kept"; before any hold or gateway call.
 */
let t: TestStack;

function run(command: string, args: ArgValues): Promise<Reply> {
  return new CommandDispatcher({ core: t.core, ownerIds: [], logger: t.logger }).run({ command, args, request: consoleRequest(t.actor({ user: 'owner' })) });
}

beforeAll(async () => {
  t = await createTestStack({ startPoller: false, env: { DEFAULT_ALLOWANCE: '5' } });
});
afterAll(() => t?.close());

describe('V/U on a job that made no image', () => {
  it('a video or an answer: /vary and /upscale say variations and upscales are for images (not "no longer kept"), free', async () => {
    const video = await run('video', { prompt: 'a cat surfing', seconds: '4' });
    expect(video.jobId, video.blocks.join(' ')).toBeDefined();
    const answer = await run('ask', { prompt: 'what is a haiku?' });
    expect(answer.tone).toBe('result');
    const calls = t.sim.requests().length;
    const charged = await ledgerNetCharged(t.store);
    const holds = await openHolds(t.store);
    for (const command of ['vary', 'upscale']) {
      const onVideo = await run(command, { job: video.jobId!, index: '1' });
      expect(onVideo.failure?.code).toBe('not_an_image');
      expect(onVideo.blocks[0]).toBe(`Job '${video.jobId}' is a video: variations and upscales are for images. Try the video's Remix or Animate with last frame buttons instead. Nothing was charged.`);
      expect(onVideo.blocks.join(' ')).not.toMatch(/no longer kept/);
      const onAnswer = await run(command, { job: answer.jobId! });
      expect(onAnswer.failure?.code).toBe('not_an_image');
      expect(onAnswer.blocks[0]).toBe(`Job '${answer.jobId}' is an answer, not an image: variations and upscales are for images. Make one with /imagine. Nothing was charged.`);
    }
    expect(t.sim.requests().length).toBe(calls);
    expect(await ledgerNetCharged(t.store)).toBe(charged);
    expect(await openHolds(t.store)).toBe(holds);
  });
});
