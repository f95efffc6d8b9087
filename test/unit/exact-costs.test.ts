import { describe, expect, it } from 'vitest';
import type { JobView } from '../../src/core/api/jobs.js';
import { deliveredResultFields } from '../../src/core/commands/reply-kit.js';
import { phrase, say } from '../../src/core/i18n/phrase.js';
import { describeJobMoney } from '../../src/core/messages/job-text.js';

/** What a job cost and the lowest price allowed are shown to the micro they are, never rounded to the cent. */
describe('exact costs', () => {
  it("a job's charge reads as charged ($0.011, $0.167), not $0.01 / $0.17", () => {
    expect(describeJobMoney('en', { outcome: 'charged', micros: 11_000 })).toContain('$0.011');
    expect(describeJobMoney('en', { outcome: 'charged', micros: 40_000 })).toContain('$0.04');
    const job = { id: 'j_1', kind: 'imagine', model: 'gpt-image-2', locale: 'en', estimateMicros: 200_000, chargedMicros: 167_000 } as unknown as JobView;
    expect(deliveredResultFields(job).find((f) => f.name === 'Cost')?.value).toBe('$0.167');
  });

  it('a price in a phrase keeps its micros (the lowest price an admin may set)', () => {
    expect(say('en', phrase('prices-error-below-cost', { model: 'm', amount: { priceMicros: 11_000 }, unit: 'image' }))).toMatch(/at least \$0\.011 per image/);
  });
});
