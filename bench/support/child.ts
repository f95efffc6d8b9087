/**
 * Child processes for benchmarks that measure memory: a TypeScript module started with `node --import tsx
 * --expose-gc`, talking over IPC. The parent's own heap (earlier benchmarks, SQLite caches) then never counts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A running child: `request` sends a message and resolves with the next message it sends back. */
export interface Child {
  proc: ChildProcess;
  next<T>(): Promise<T>;
  request<T>(msg: object): Promise<T>;
  /** Asks it to stop (`{ type: 'close' }`) and waits for the exit; kills it after 5 s. */
  close(): Promise<void>;
}

/** Starts `bench/support/<file>` (relative to this folder) with `args`; rejects if it exits before answering. */
export function startChild(file: string, args: readonly string[] = []): Child {
  const path = fileURLToPath(new URL(file, import.meta.url));
  const proc = fork(path, [...args], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  proc.on('error', () => undefined); // e.g. EPIPE when it disconnected first; 'exit' still tells the outcome
  const queue: unknown[] = [];
  const waiters: { resolve: (v: unknown) => void; reject: (e: Error) => void }[] = [];
  proc.on('message', (m) => {
    const w = waiters.shift();
    if (w) w.resolve(m);
    else queue.push(m);
  });
  proc.on('exit', (code) => {
    for (const w of waiters.splice(0)) w.reject(new Error(`${file} exited with code ${code} before answering`));
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      if (queue.length) resolve(queue.shift() as T);
      else if (proc.exitCode !== null) reject(new Error(`${file} already exited (${proc.exitCode})`));
      else waiters.push({ resolve: resolve as (v: unknown) => void, reject });
    });
  return {
    proc,
    next,
    request<T>(msg: object) {
      proc.send(msg);
      return next<T>();
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const t = setTimeout(() => proc.kill('SIGKILL'), 5_000);
        proc.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        if (proc.connected) proc.send({ type: 'close' }, (err) => err && proc.kill('SIGTERM'));
        else proc.kill('SIGTERM');
      }),
  };
}

/** Runs a full garbage collection when the process was started with `--expose-gc` (twice, to clear weak refs). */
export function fullGc(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}
