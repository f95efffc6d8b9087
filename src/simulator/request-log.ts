import type { RecordedRequest } from './types.js';

/** A bounded ring of recorded requests (oldest dropped past `capacity`, default 10,000). */
export class RequestLog {
  private buf: RecordedRequest[] = [];
  private start = 0;

  constructor(private readonly capacity = 10_000) {}

  /** Stores `r` (kept by reference so later fields filled in by the handler show up). */
  push(r: RecordedRequest): void {
    if (this.buf.length < this.capacity) this.buf.push(r);
    else {
      this.buf[this.start] = r;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** Copies, oldest first. */
  all(): RecordedRequest[] {
    return [...this.buf.slice(this.start), ...this.buf.slice(0, this.start)].map((r) => ({ ...r }));
  }

  clear(): void {
    this.buf = [];
    this.start = 0;
  }

  /** Number of recorded requests per endpoint. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of this.buf) out[r.endpoint] = (out[r.endpoint] ?? 0) + 1;
    return out;
  }
}
