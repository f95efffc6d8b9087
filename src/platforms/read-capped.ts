/**
 * Reads a download's body, stopping past `cap` bytes: the bytes, or the count read once the cap was passed (the rest
 * is cancelled, never read). Used by the surfaces that download what users send (Discord attachments, Telegram
 * files). A failing stream throws.
 */
export async function readCapped(body: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array | number> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      return total;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}
