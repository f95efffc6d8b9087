import { badRequest } from './types.js';

/** Fields the Bot API defines as JSON-serialized objects or arrays (strings in multipart and urlencoded bodies). */
const JSON_FIELDS = new Set([
  'reply_markup', 'reply_parameters', 'media', 'allowed_updates', 'entities', 'caption_entities', 'commands', 'scope', 'link_preview_options',
]);

/**
 * Normalizes raw body fields: JSON-typed fields are parsed when they arrive as strings, `true`/`false` strings become
 * booleans. Malformed JSON fails like Telegram ("can't parse … JSON object").
 */
export function normalizeParams(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string' && JSON_FIELDS.has(k)) {
      try {
        out[k] = JSON.parse(v);
      } catch {
        badRequest(`can't parse ${k} JSON object`);
      }
    } else if (v === 'true' || v === 'false') out[k] = v === 'true';
    else out[k] = v;
  }
  return out;
}

/** Reads an optional integer parameter (numbers may arrive as strings). */
export function optInt(params: Record<string, unknown>, name: string): number | undefined {
  const v = params[name];
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isInteger(n)) badRequest(`invalid ${name} specified`);
  return n;
}

/** Reads a required integer parameter. */
export function reqInt(params: Record<string, unknown>, name: string): number {
  return optInt(params, name) ?? badRequest(`${name} is empty`);
}

/** Reads an optional string parameter. */
export function optStr(params: Record<string, unknown>, name: string): string | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : String(v);
}

/** Reads an optional boolean parameter. */
export function optBool(params: Record<string, unknown>, name: string): boolean | undefined {
  const v = params[name];
  return v === undefined ? undefined : v === true || v === 'true' || v === 1;
}
