import { describe, expect, it } from 'vitest';
import { isValidTimeZone, periodWindow } from '../../src/core/budget/periods.js';

const at = (s: string) => Date.parse(s);

describe('periodWindow', () => {
  it.each([
    ['day', 'UTC', '2024-03-10T00:00:00Z', '2024-03-10T00:00:00Z', '2024-03-11T00:00:00Z'],
    ['day', 'America/New_York', '2024-03-10T12:00:00Z', '2024-03-10T05:00:00Z', '2024-03-11T04:00:00Z'], // 23 h day
    ['day', 'America/New_York', '2024-11-03T12:00:00Z', '2024-11-03T04:00:00Z', '2024-11-04T05:00:00Z'], // 25 h day
    ['day', 'America/Santiago', '2024-09-08T12:00:00Z', '2024-09-08T04:00:00Z', '2024-09-09T03:00:00Z'], // midnight skipped
    ['day', 'America/Havana', '2024-03-10T12:00:00Z', '2024-03-10T05:00:00Z', '2024-03-11T04:00:00Z'],
    ['day', 'Asia/Kolkata', '2024-01-01T18:29:59Z', '2023-12-31T18:30:00Z', '2024-01-01T18:30:00Z'],
    ['week', 'Europe/Paris', '2024-03-31T12:00:00Z', '2024-03-24T23:00:00Z', '2024-03-31T22:00:00Z'], // Sunday, DST change
    ['week', 'UTC', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', '2024-01-08T00:00:00Z'], // Monday
    ['week', 'UTC', '2023-12-31T23:59:59Z', '2023-12-25T00:00:00Z', '2024-01-01T00:00:00Z'],
    ['month', 'America/New_York', '2024-03-31T12:00:00Z', '2024-03-01T05:00:00Z', '2024-04-01T04:00:00Z'],
    ['month', 'America/New_York', '2024-04-01T03:59:59.999Z', '2024-03-01T05:00:00Z', '2024-04-01T04:00:00Z'],
    ['month', 'Asia/Tokyo', '2024-01-31T15:00:00Z', '2024-01-31T15:00:00Z', '2024-02-29T15:00:00Z'],
    ['month', 'Asia/Tokyo', '2024-12-31T15:00:00Z', '2024-12-31T15:00:00Z', '2025-01-31T15:00:00Z'],
  ] as const)('%s in %s at %s', (p, tz, now, start, end) => {
    expect(periodWindow(p, tz, at(now))).toEqual({ start: at(start), end: at(end) });
  });
  it('total never ends', () => expect(periodWindow('total', 'Asia/Tokyo', Date.now())).toEqual({ start: 0, end: null }));
  it('every instant of a year lies in its own day window', () => {
    for (let ms = at('2024-01-01T00:00:00Z'); ms < at('2025-01-01T00:00:00Z'); ms += 3 * 3_600_000 + 17 * 60_000) {
      for (const tz of ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Tokyo']) {
        const w = periodWindow('day', tz, ms);
        expect(w.start).toBeLessThanOrEqual(ms);
        expect(w.end!).toBeGreaterThan(ms);
        expect(periodWindow('day', tz, w.end!).start).toBe(w.end);
      }
    }
  });
  it('validates zone names', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
