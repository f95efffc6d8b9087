/** One part of a multipart/form-data body. */
export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** The boundary of a `multipart/form-data` content type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return undefined;
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

function headerParam(header: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|;)\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header) ?? new RegExp(`(?:^|;)\\s*${name}=([^;]+)`, 'i').exec(header);
  return m?.[1]?.replace(/\\(.)/g, '$1').trim();
}

/**
 * Parses a whole multipart/form-data body (RFC 7578). Buffer-based: the caller caps the body size.
 * Part data is a view into `body` (no copy). Throws on a structurally broken body.
 */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delim = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let pos = body.indexOf(delim);
  if (pos < 0) throw new Error('multipart boundary not found');
  for (;;) {
    pos += delim.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts; // closing "--"
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    const headEnd = body.indexOf('\r\n\r\n', pos);
    if (headEnd < 0) throw new Error('multipart part headers not terminated');
    const headers = body.toString('utf8', pos, headEnd).split('\r\n');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delim]), headEnd + 4);
    if (next < 0) throw new Error('multipart closing boundary missing');
    let disposition = '';
    let contentType: string | undefined;
    for (const h of headers) {
      const i = h.indexOf(':');
      if (i < 0) continue;
      const key = h.slice(0, i).trim().toLowerCase();
      const value = h.slice(i + 1).trim();
      if (key === 'content-disposition') disposition = value;
      else if (key === 'content-type') contentType = value;
    }
    const name = headerParam(disposition, 'name');
    if (name === undefined) throw new Error('multipart part without a name');
    const part: FormPart = { name, data: body.subarray(headEnd + 4, next) };
    const filename = headerParam(disposition, 'filename');
    if (filename !== undefined) part.filename = filename;
    if (contentType !== undefined) part.contentType = contentType;
    parts.push(part);
    pos = next + 2;
  }
}

/** The text value of the first field named `name`. */
export function fieldText(parts: FormPart[], name: string): string | undefined {
  const p = parts.find((x) => x.name === name && x.filename === undefined) ?? parts.find((x) => x.name === name);
  return p?.data.toString('utf8');
}
