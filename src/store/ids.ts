import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A short random id such as `h_7fk2m9q1xz`: `prefix_` plus `length` base-36 characters (default 10 ≈ 51 bits).
 * Collisions are handled by primary keys (an insert would fail), not by retrying here.
 */
export function newId(prefix: string, length = 10): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! % 36];
  return `${prefix}_${out}`;
}

let lastMs = -1;
let seq = 0;
/**
 * An id that sorts by creation within one process (`prefix_` + time + sequence + random), for journals
 * where entries written in the same millisecond must keep their order. Across processes, order within a
 * millisecond is arbitrary.
 */
export function newSortableId(prefix: string, nowMs: number): string {
  if (nowMs === lastMs) seq++;
  else {
    lastMs = nowMs;
    seq = 0;
  }
  const time = Math.max(0, Math.floor(nowMs)).toString(36).padStart(9, '0');
  return `${prefix}_${time}${seq.toString(36).padStart(4, '0')}${newId('', 6).slice(1)}`;
}
