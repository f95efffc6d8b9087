import type { ParsedBody, RouteResult } from './http.js';

/** A request as a route sees it; `params` are the pattern's capture groups (path already percent-decoded). */
export interface RouteRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: ParsedBody;
  params: string[];
}

/** One REST route; `auth` routes demand `Authorization: Bot <token>` (401 otherwise). */
export interface Route {
  method: string;
  pattern: RegExp;
  auth: boolean;
  handle(req: RouteRequest): RouteResult | Promise<RouteResult>;
}

/** Finds the route for a method and path (the path without the `/api/v10` prefix). */
export function matchRoute(routes: readonly Route[], method: string, path: string): { route: Route; params: string[] } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (m) return { route, params: m.slice(1).map((p) => p ?? '') };
  }
  return undefined;
}
