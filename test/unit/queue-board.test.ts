import { describe, expect, it } from 'vitest';
import { CancelledInLine, QueueBoard } from '../../src/core/jobs/queue-board.js';

const job = (scopeRef = 'console:s1', userRef = 'console:u1') => ({ kind: 'imagine' as const, userRef, scopeRef, model: 'm' });

describe('QueueBoard', () => {
  it('a job in the fair-use line: cancel aborts its wait and reads cancelled once the job has left', async () => {
    const b = new QueueBoard(() => 1_000);
    const t = b.enter('j_aaaaaaaa', job());
    t.queued(3);
    expect(b.get('J_AAAAAAAA')).toMatchObject({ phase: 'queued', position: 3, since: 1_000 });
    const outcome = b.cancel('j_aaaaaaaa');
    expect(t.queueSignal.aborted).toBe(true);
    expect(t.queueSignal.reason).toBeInstanceOf(CancelledInLine);
    expect(t.cancelled).toBe(true);
    t.end();
    await expect(outcome).resolves.toBe('cancelled');
    expect(b.get('j_aaaaaaaa')).toBeUndefined();
    expect(b.cancel('j_aaaaaaaa')).toBeUndefined();
  });

  it('a call waiting for the gateway that gets through anyway: the cancel reads at_gateway and the job is not marked cancelled', async () => {
    const b = new QueueBoard();
    const t = b.enter('j_bbbbbbbb', job());
    t.started();
    t.waiting(2);
    expect(b.get('j_bbbbbbbb')).toMatchObject({ phase: 'waiting', position: 3 });
    const outcome = b.cancel('j_bbbbbbbb');
    expect(t.lineSignal.aborted).toBe(true);
    expect(t.queueSignal.aborted).toBe(false);
    t.atGateway(); // the re-send in flight was taken
    await expect(outcome).resolves.toBe('at_gateway');
    expect(t.cancelled).toBe(false);
  });

  it('a job being started or at the gateway is never aborted', async () => {
    const b = new QueueBoard();
    const t = b.enter('j_cccccccc', job());
    t.started();
    await expect(b.cancel('j_cccccccc')).resolves.toBe('at_gateway');
    t.atGateway();
    await expect(b.cancel('j_cccccccc')).resolves.toBe('at_gateway');
    expect(t.queueSignal.aborted || t.lineSignal.aborted || t.cancelled).toBe(false);
  });

  it("lists one community's jobs, oldest first", () => {
    let now = 0;
    const b = new QueueBoard(() => (now += 10));
    b.enter('j_dddddddd', job('console:s1', 'console:u1'));
    b.enter('j_eeeeeeee', job('console:s2', 'console:u1'));
    b.enter('j_ffffffff', job('console:s1', 'console:u2'));
    expect(b.list('console:s1').map((e) => e.jobId)).toEqual(['j_dddddddd', 'j_ffffffff']);
  });
});
