import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHistogram } from 'node:perf_hooks';
import type { Row } from './table.js';

/** What the runner hands every benchmark. */
export interface BenchContext {
  /** Logical cores (`os.availableParallelism()`), printed with the results. */
  cores: number;
  /** How many measured runs each figure takes (default 5; `--runs N`). The median and tail come from these. */
  runs: number;
  /** A fresh directory under the OS temp dir, removed when the whole bench run ends. */
  tempDir(prefix: string): string;
  /** Progress output on stderr (stdout carries only the table). */
  log(message: string): void;
}

/** A benchmark module: `run` returns its rows; it throws when a correctness check fails. */
export interface Benchmark {
  name: string;
  run(ctx: BenchContext): Promise<Row[]>;
}

/** Creates the context; call `dispose` at the end to remove temp dirs. */
export function createContext(runs: number): BenchContext & { dispose(): void } {
  const dirs: string[] = [];
  return {
    cores: availableParallelism(),
    runs,
    tempDir(prefix) {
      const d = mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
      dirs.push(d);
      return d;
    },
    log: (m) => process.stderr.write(`${m}\n`),
    dispose() {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}

/**
 * Event-loop delay while `fn` runs: median, p99 and max in milliseconds, from `perf_hooks`.
 * A 1 ms timer records the gap since its previous tick (`createHistogram().recordDelta()`), and one last
 * gap is recorded when `fn` settles. (`monitorEventLoopDelay` alone would miss a stall that lasts until
 * the end of `fn`, e.g. a chain of already-resolved promises that never yields to the event loop.)
 * The figures include the 1 ms timer period.
 */
export async function withEventLoopDelay<T>(fn: () => Promise<T>): Promise<{ result: T; medianMs: number; p99Ms: number; maxMs: number }> {
  const h = createHistogram();
  h.recordDelta();
  const timer = setInterval(() => h.recordDelta(), 1);
  try {
    const result = await fn();
    h.recordDelta();
    return { result, medianMs: h.percentile(50) / 1e6, p99Ms: h.percentile(99) / 1e6, maxMs: h.max / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

/** Samples resident set size every `everyMs` (default 50 ms) while `fn` runs; returns the samples in MiB. */
export async function withRssSamples<T>(fn: () => Promise<T>, everyMs = 50): Promise<{ result: T; samplesMiB: number[] }> {
  const samples: number[] = [process.memoryUsage.rss() / 2 ** 20];
  const timer = setInterval(() => samples.push(process.memoryUsage.rss() / 2 ** 20), everyMs);
  try {
    const result = await fn();
    samples.push(process.memoryUsage.rss() / 2 ** 20);
    return { result, samplesMiB: samples };
  } finally {
    clearInterval(timer);
  }
}
