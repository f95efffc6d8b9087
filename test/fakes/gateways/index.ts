/**
 * Small OpenAI-compatible servers on 127.0.0.1 that are NOT new-api, shaped after what people run in front of this bot:
 * - {@link startMockLlmLike}: a mock LLM server (an Express app): lists models with no price, answers chat without
 *   `usage`, and has no image or video routes (Express's own HTML 404 "Cannot POST /v1/images/generations");
 * - {@link startPortkeyLike}: an AI router that wants a provider header: every call is a 400 naming the missing
 *   header, and `/v1/models` is a 500;
 * - {@link startHtml404}: a web server's HTML 404 page on every route (the base URL points at a site, not an API).
 * Each counts the requests it received per path (`calls`), so tests can say how many gateway calls a command cost.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received (method and path, no query). */
export interface FakeCall {
  method: string;
  path: string;
}

/** A running fake gateway. */
export interface FakeGateway {
  /** Base URL to use as `GATEWAY_BASE_URL`. */
  url: string;
  calls: FakeCall[];
  /** Requests received on `path` (exact, no query). */
  count(path: string): number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

async function serve(handler: Handler): Promise<FakeGateway> {
  const calls: FakeCall[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      calls.push({ method: req.method ?? 'GET', path });
      try {
        handler(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    count: (path) => calls.filter((c) => c.path === path).length,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Express's default 404 page for a route it does not have. */
function expressNotFound(res: ServerResponse, method: string, path: string): void {
  res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'x-powered-by': 'Express' });
  res.end(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${path}</pre>\n</body>\n</html>\n`);
}

/** Options of {@link startMockLlmLike}. */
export interface MockLlmOptions {
  /** Model ids `/v1/models` lists; default `gpt-5.2`. */
  models?: string[];
  /** The answer `/v1/chat/completions` gives (without `usage`); default a short English sentence. */
  answer?: string;
}

/** A mock LLM server: models without prices, chat without `usage`, no image or video routes (HTML 404). */
export function startMockLlmLike(opts: MockLlmOptions = {}): Promise<FakeGateway> {
  const models = opts.models ?? ['gpt-5.2'];
  const answer = opts.answer ?? 'A haiku is a short poem of three lines.';
  return serve((req, res, body) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && (path === '/v1/models' || path === '/models')) {
      return json(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'mock-llm' })) });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const model = (JSON.parse(body || '{}') as { model?: string }).model ?? models[0];
      return json(res, 200, { id: 'chatcmpl-mock', object: 'chat.completion', created: 1_700_000_000, model, choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }] });
    }
    return expressNotFound(res, req.method ?? 'GET', path);
  });
}

/** The header the portkey-like router says is missing. */
export const PORTKEY_HEADER = 'x-portkey-provider';

/** An AI router that wants a provider header: 400 naming it on every call, 500 on `/v1/models`. */
export function startPortkeyLike(): Promise<FakeGateway> {
  return serve((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/v1/models') return json(res, 500, { status: 'failure', message: 'Internal server error' });
    return json(res, 400, { status: 'failure', message: `Either x-portkey-config or ${PORTKEY_HEADER} header is required` });
  });
}

/** A web server's HTML 404 page on every route. */
export function startHtml404(): Promise<FakeGateway> {
  return serve((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html', server: 'nginx' });
    res.end('<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n');
  });
}
