import type { SimEndpoint } from './types.js';

/** A routed request: its endpoint group and path parameter. */
export interface Route {
  endpoint: SimEndpoint;
  /** The video task id of poll/content routes. */
  param?: string;
  /** The legacy `/v1/video/generations/{id}` poll route. */
  legacy?: boolean;
}

const ID = '([A-Za-z0-9_.-]{1,128})';
const TABLE: { method: string; re: RegExp; endpoint: SimEndpoint; legacy?: boolean }[] = [
  { method: 'GET', re: /^\/v1\/models\/?$/, endpoint: 'models' },
  { method: 'POST', re: /^\/v1\/images\/generations\/?$/, endpoint: 'image' },
  { method: 'POST', re: /^\/v1\/images\/edits\/?$/, endpoint: 'edit' },
  { method: 'POST', re: /^\/v1\/videos\/?$/, endpoint: 'video_create' },
  { method: 'GET', re: new RegExp(`^/v1/videos/${ID}/content/?$`), endpoint: 'video_content' },
  { method: 'GET', re: new RegExp(`^/v1/videos/${ID}/?$`), endpoint: 'video_poll' },
  { method: 'POST', re: new RegExp(`^/v1/videos/${ID}/remix/?$`), endpoint: 'video_remix' },
  { method: 'POST', re: /^\/v1\/video\/generations\/?$/, endpoint: 'video_create', legacy: true },
  { method: 'GET', re: new RegExp(`^/v1/video/generations/${ID}/?$`), endpoint: 'video_poll', legacy: true },
  { method: 'GET', re: /^\/api\/pricing\/?$/, endpoint: 'pricing' },
  { method: 'GET', re: /^\/api\/status\/?$/, endpoint: 'status' },
  { method: 'GET', re: /^\/api\/usage\/token\/?$/, endpoint: 'token_usage' },
  { method: 'GET', re: /^\/api\/log\/token\/?$/, endpoint: 'token_log' },
  { method: 'GET', re: /^\/v1\/dashboard\/billing\/subscription\/?$/, endpoint: 'billing_subscription' },
  { method: 'GET', re: /^\/v1\/dashboard\/billing\/usage\/?$/, endpoint: 'billing_usage' },
  { method: 'GET', re: new RegExp(`^/sim-files/${ID}\\.mp4$`), endpoint: 'file' },
  { method: 'POST', re: /^\/v1\/chat\/completions\/?$/, endpoint: 'chat' },
  { method: 'POST', re: /^\/v1\/messages\/?$/, endpoint: 'messages' },
];

/** The route of `method path` (path without query), or undefined. */
export function route(method: string, path: string): Route | undefined {
  for (const r of TABLE) {
    if (r.method !== method) continue;
    const m = r.re.exec(path);
    if (!m) continue;
    const out: Route = { endpoint: r.endpoint };
    if (m[1] !== undefined) out.param = m[1];
    if (r.legacy) out.legacy = true;
    return out;
  }
  return undefined;
}

/** Endpoints answered without a token (the public pricing pages, and signed-like file URLs). */
export const PUBLIC_ENDPOINTS: ReadonlySet<SimEndpoint> = new Set(['pricing', 'status', 'file']);

/** Endpoints whose body names the model. */
export const BODY_MODEL_ENDPOINTS: ReadonlySet<SimEndpoint> = new Set(['image', 'edit', 'video_create', 'chat', 'messages']);
