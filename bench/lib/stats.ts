/**
 * Small statistics for benchmark samples. Percentiles use the nearest-rank method on a sorted copy,
 * so they are exact sample values (no interpolation) and stable for the handful of runs a bench makes.
 */

/** The value at percentile `p` (0–100) of `samples` by nearest rank; NaN for an empty list. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** The median (50th percentile, nearest rank: the lower middle for an even count). */
export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** The 99th percentile: the slow tail of latencies. */
export function p99(samples: readonly number[]): number {
  return percentile(samples, 99);
}

/**
 * For a "higher is better" figure such as throughput, the tail that matters is the low end:
 * the value 99% of runs met or beat (the 1st percentile). Reported in the p99 column of such rows.
 */
export function p99Low(samples: readonly number[]): number {
  return percentile(samples, 1);
}

/** Operations per second for `ops` done in `ms` milliseconds. */
export function opsPerSecond(ops: number, ms: number): number {
  return ms > 0 ? (ops * 1000) / ms : Number.POSITIVE_INFINITY;
}

/** Milliseconds elapsed since `start` (a `process.hrtime.bigint()` reading), as a float. */
export function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}
