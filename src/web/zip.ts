/**
 * A store-only ZIP (no compression: images and videos are compressed already) written as a stream, one file in
 * memory at a time, with `node:zlib`'s CRC-32. Classic ZIP limits apply: at most 65,535 entries and 4 GiB in all,
 * so callers bound what they pack ({@link ZIP_MAX_BYTES}).
 */
import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/** The most bytes one download packs (well under the format's 4 GiB without ZIP64). */
export const ZIP_MAX_BYTES = 1024 * 1024 * 1024;

/** One file to pack: its name in the archive (ASCII) and where it is on disk. */
export interface ZipEntry {
  name: string;
  path: string;
}

const DOS_DATE = ((2020 - 1980) << 9) | (1 << 5) | 1; // a fixed date: archives of the same files are identical

function localHeader(name: Buffer, crc: number, size: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4); // version needed
  h.writeUInt16LE(0, 6); // flags
  h.writeUInt16LE(0, 8); // stored
  h.writeUInt16LE(0, 10); // time
  h.writeUInt16LE(DOS_DATE, 12);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(size, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, name]);
}

function centralHeader(name: Buffer, crc: number, size: number, offset: number): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4); // made by
  h.writeUInt16LE(20, 6); // needed
  h.writeUInt16LE(0, 8);
  h.writeUInt16LE(0, 10);
  h.writeUInt16LE(0, 12);
  h.writeUInt16LE(DOS_DATE, 14);
  h.writeUInt32LE(crc, 16);
  h.writeUInt32LE(size, 20);
  h.writeUInt32LE(size, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(offset, 42);
  return Buffer.concat([h, name]);
}

function endRecord(count: number, size: number, offset: number): Buffer {
  const h = Buffer.alloc(22);
  h.writeUInt32LE(0x06054b50, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(size, 12);
  h.writeUInt32LE(offset, 16);
  return h;
}

/** The archive's bytes, chunk by chunk: each entry's header and data, then the central directory. */
export async function* zipChunks(entries: readonly ZipEntry[]): AsyncGenerator<Uint8Array> {
  if (entries.length > 0xffff) throw new RangeError('too many files for one ZIP');
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = await readFile(e.path);
    const name = Buffer.from(e.name.replace(/[^A-Za-z0-9._-]/g, '_'), 'ascii');
    const crc = crc32(data);
    const header = localHeader(name, crc, data.length);
    central.push(centralHeader(name, crc, data.length, offset));
    yield header;
    yield data;
    offset += header.length + data.length;
    if (offset > 0xffffffff) throw new RangeError('ZIP over 4 GiB');
  }
  const dir = Buffer.concat(central);
  yield dir;
  yield endRecord(entries.length, dir.length, offset);
}

/** {@link zipChunks} as a web stream (a response body). */
export function zipStream(entries: readonly ZipEntry[]): ReadableStream<Uint8Array> {
  const chunks = zipChunks(entries);
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
