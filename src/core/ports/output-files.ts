/**
 * Where finished files are kept for `/job` re-posts. Structurally the `OutputStore` of `src/jobs/output-store.ts`;
 * declared by the core so it depends on a shape, not on the jobs module.
 */
export interface OutputFiles {
  save(jobId: string, filename: string, bytes: Uint8Array): Promise<{ path: string; bytes: number }>;
  list(jobId: string): Promise<{ path: string; filename: string; bytes: number }[]>;
}
