/** Hostile attachment bytes for the bad-input matrix, built by hand so each is exactly what its name says. */
import { pngChunk as chunk } from '../../../src/simulator/png.js';


/** A valid PNG header claiming `width`×`height` (RGBA), with a token IDAT: a decompression bomb by its header. */
export function hugePngHeader(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

/** A 1×1 GIF89a with two frames and a NETSCAPE loop block: an animation. */
export function animatedGif(): Buffer {
  const frame = [0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00];
  return Buffer.from([
    ...Buffer.from('GIF89a', 'latin1'), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff,
    0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 0x03, 0x01, 0x00, 0x00, 0x00,
    ...frame, ...frame, 0x3b,
  ]);
}

/** The first bytes of a real-looking PDF. */
export function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
}

/** Plain text, to be sent under an image's name. */
export function textBytes(): Buffer {
  return Buffer.from('this is not an image, just some text pretending to be one\n'.repeat(20), 'utf8');
}
