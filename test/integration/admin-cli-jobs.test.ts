import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import type { Reply } from '../../src/core/commands/types.js';
import { describeFailure } from '../../src/core/messages/failure-text.js';
import { DeliveryError, type Delivery } from '../../src/core/ports/delivery.js';
import { createTestStack, TEST_ENCRYPTION_KEY, type TestStack } from '../support/harness.js';
import { gatewayLosses, ledgerNetCharged, openHolds } from '../support/ledger.js';
import { runAdminCli, type CliRun } from '../support/run-admin-cli.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** A console delivery whose first upload fails as `gone` (channel deleted), then records what it posts. */
class FlakyDelivery implements Delivery {
  readonly surface = 'console';
  failuresLeft = 1;
  readonly delivered: { jobId: string; path: string; bytes: number }[] = [];
  readonly failures: string[] = [];
  /** The words the user was shown for each failure. */
  readonly texts: string[] = [];
  async progress(): Promise<void> {}
  async post(_t: DeliveryAddress, reply: Reply): Promise<{ messageIds: string[] }> {
    const jobId = reply.jobId ?? '';
    if (reply.tone === 'error') {
      this.failures.push(jobId);
      this.texts.push(describeFailure(reply.failure!).text);
      return { messageIds: [] };
    }
    const video = reply.files?.find((f) => f.kind === 'video');
    if (!video) return { messageIds: [] };
    if (this.failuresLeft-- > 0) throw new DeliveryError('gone', 'channel deleted');
    this.delivered.push({ jobId, path: video.path ?? '', bytes: video.size });
    return { messageIds: [`m-${this.delivered.length}`] };
  }
  uploadLimitBytes(): number {
    return 50 * 1024 * 1024;
  }
}

let stack: TestStack;
const delivery = new FlakyDelivery();

function admin(args: string[]): Promise<CliRun> {
  return runAdminCli(args, { cwd: stack.dir, env: { PATH: process.env.PATH, HOME: stack.dir, DATABASE_PATH: stack.dbPath, BOT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY } });
}

async function until(cond: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  stack = await createTestStack({ deliveries: [delivery] });
});
afterAll(async () => stack?.close());

describe('admin CLI: jobs', () => {
  it('lists and inspects jobs, and re-queues the delivery of a kept result that the poller then posts', async () => {
    const actor = stack.actor({ scope: 'local', user: 'me', kind: 'console' });
    const started = await stack.core.startVideo({ ...actor, prompt: 'a wave', seconds: 4, delivery: { surface: 'console', chatId: 'console', userExternalId: 'me' } });
    if (!started.ok) throw new Error(started.failure.code);
    const id = started.value.jobId;
    await until(async () => (await stack.app.jobs.get(id))?.status === 'undeliverable');
    const kept = await stack.app.jobs.get(id);
    expect(kept?.outputPath && existsSync(kept.outputPath)).toBe(true);
    // The user is told right after the transition (notify follows it), so wait for that too.
    await until(() => delivery.failures.length > 0);
    expect(delivery.failures).toEqual([id]);

    const [list, inspect] = await Promise.all([admin(['jobs', 'list', '--scope', 'console:local', '--status', 'undeliverable']), admin(['jobs', 'inspect', id])]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+video\\s+undeliverable\\s+console:local\\s+console:me\\s+gamma-video-1\\s+\\$0\\.20`));

    expect(inspect.code).toBe(0);
    expect(inspect.stdout).toMatch(/status\s+undeliverable/);
    expect(inspect.stdout).toMatch(/charged\s+\$0\.20/);
    expect(inspect.stdout).not.toContain(stack.sim.tokens.media);

    const retry = await admin(['jobs', 'retry-delivery', id]);
    expect(retry.stderr).toBe('');
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain(`Job ${id} is queued for delivery again`);
    await until(async () => (await stack.app.jobs.get(id))?.status === 'delivered');
    expect(delivery.delivered.map((d) => d.jobId)).toEqual([id]);
    expect(delivery.delivered[0]!.bytes).toBeGreaterThan(1000);

    const again = await admin(['jobs', 'retry-delivery', id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is delivered; only undeliverable or delivering jobs can be re-delivered');

    const audit = await admin(['audit', 'console:local']);
    expect(audit.stdout).toMatch(/operator\s+console:local\s+job\.retry_delivery\s+status: "undeliverable"→"delivering"/);
    const spent = stack.sim.spentMicros(stack.sim.tokens.media);
    expect(spent).toBe(200_000);
  });

  it('re-downloads from the gateway a video it reported done but could not serve (no file kept), as the user was told', async () => {
    delivery.failuresLeft = 0;
    const media = stack.sim.tokens.media;
    const billedBefore = stack.sim.spentMicros(media);
    const chargedBefore = await ledgerNetCharged(stack.store);
    const lossesBefore = await gatewayLosses(stack.store);
    // The task ends `completed`, but every `/content` download fails: the poller gives up with no file kept.
    stack.sim.addFault({ kind: 'server_error', endpoint: 'video_content' });
    const actor = stack.actor({ scope: 'local', user: 'me', kind: 'console' });
    const started = await stack.core.startVideo({ ...actor, prompt: 'a dune at night', seconds: 4, delivery: { surface: 'console', chatId: 'console', userExternalId: 'me' } });
    if (!started.ok) throw new Error(started.failure.code);
    const id = started.value.jobId;
    await until(() => delivery.failures.includes(id), 20_000);
    const stuck = await stack.app.jobs.get(id);
    expect(stuck).toMatchObject({ status: 'undeliverable', errorCode: 'delivery_failed_charged', outputPath: null, chargedMicros: 200_000 });
    const told = delivery.texts[delivery.failures.indexOf(id)]!;
    expect(told).toBe(
      `Your video was made and paid for, but the bot could not download it from the gateway. An admin can retry the delivery of job ${id}: the bot then downloads it again from the gateway, which works while the gateway still keeps it. Starting it again would make and charge a second video.`,
    );

    // What the user was told an admin can do, the admin can do: the gateway serves the file again now.
    stack.sim.clearFaults();
    const retry = await admin(['jobs', 'retry-delivery', id]);
    expect(retry.stderr).toBe('');
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain(`Job ${id} is queued for delivery again. No file is kept, so the running bot will first download the video again from the gateway`);
    await until(async () => (await stack.app.jobs.get(id))?.status === 'delivered');
    expect(delivery.delivered.filter((d) => d.jobId === id)).toHaveLength(1);
    expect(delivery.delivered.find((d) => d.jobId === id)!.bytes).toBeGreaterThan(1000);

    const billed = stack.sim.spentMicros(media) - billedBefore;
    expect(billed).toBe(200_000);
    const charged = (await ledgerNetCharged(stack.store)) - chargedBefore;
    const lost = (await gatewayLosses(stack.store)) - lossesBefore;
    expect(charged + lost).toBe(billed);
    expect(charged).toBe(200_000);
    expect(await openHolds(stack.store)).toBe(0);
  });

  it('refuses, in words that say why, a video with neither a kept file nor a gateway task', async () => {
    const actor = stack.actor({ scope: 'local', user: 'me', kind: 'console' });
    const started = await stack.core.startVideo({ ...actor, prompt: 'a quiet lake', seconds: 4, delivery: { surface: 'console', chatId: 'console', userExternalId: 'me' } });
    if (!started.ok) throw new Error(started.failure.code);
    const id = started.value.jobId;
    await until(async () => (await stack.app.jobs.get(id))?.status === 'delivered');
    await stack.store.db.updateTable('jobs').set({ status: 'undeliverable', remote_task_id: null, output_path: null }).where('id', '=', id).execute();
    const retry = await admin(['jobs', 'retry-delivery', id]);
    expect(retry.code).toBe(1);
    expect(retry.stderr).toContain(`job ${id} has no kept result on disk and no gateway task to download it from again`);
  });
});
