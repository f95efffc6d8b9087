/**
 * Start-up failures explained in one sentence that names what failed, where, and why: the operator reads it in
 * `docker logs` or `journalctl` and knows what to fix (see docs/troubleshooting.md for each sentence). Each platform
 * explains its own start-up errors from its folder (`src/platforms/<name>/startup-errors.ts`) with these helpers.
 */

/** A start-up failure written for the operator (printed as one line by `main.ts`, no stack). */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** A network error code (ENOTFOUND, ECONNREFUSED, ETIMEDOUT, UND_ERR_…) found on `e` or its causes, if any. */
export function networkCode(e: unknown, depth = 0): string | undefined {
  if (!e || typeof e !== 'object' || depth > 5) return undefined;
  const o = e as { code?: unknown; errno?: unknown; cause?: unknown; error?: unknown };
  if (typeof o.code === 'string' && /^(E[A-Z0-9_]+|UND_ERR_[A-Z_]+|CERT_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_[A-Z_]+)$/.test(o.code)) return o.code;
  const nested = (o as { errors?: unknown }).errors;
  const fromList = Array.isArray(nested) ? nested.map((x) => networkCode(x, depth + 1)).find(Boolean) : undefined;
  return networkCode(o.cause, depth + 1) ?? networkCode(o.error, depth + 1) ?? fromList;
}

/** ` (<cause message>)` when `e` has an Error cause (e.g. fetch's "fetch failed" → "bad port"), else ''. */
export function causeText(e: unknown): string {
  const c = (e as { cause?: unknown; error?: unknown })?.cause ?? (e as { error?: unknown })?.error;
  return c instanceof Error && c.message ? ` (${c.message})` : '';
}

/** `https://api.telegram.org/x` → `api.telegram.org`; keeps the port when there is one. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Resolves with `p`, or rejects with a {@link StartupError} "<what> did not answer within N s (<host>)" when it
 * takes longer than `ms`. The slow operation is not cancelled: the caller exits.
 */
export async function withStartupTimeout<T>(p: Promise<T>, ms: number, what: string, host: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StartupError(`${what}: no answer from ${host} within ${seconds(ms)} (STARTUP_TIMEOUT_MS); check the network, a firewall or proxy, and that the host is right.`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The HTTP status (and the Bot API's description) an error carries, if any. */
export function statusOf(e: unknown): { status: number; description?: string } | undefined {
  const o = e as { error_code?: unknown; description?: unknown; status?: unknown; code?: unknown; message?: unknown };
  if (typeof o?.error_code === 'number') return { status: o.error_code, ...(typeof o.description === 'string' ? { description: o.description } : {}) };
  if (typeof o?.status === 'number') return { status: o.status };
  return undefined;
}

/**
 * Translates a failure to open the store at start into a {@link StartupError} when it is about reaching or entering
 * the PostgreSQL server (`where` is the server without credentials, e.g. "PostgreSQL at db:5432/mediabot"):
 * unreachable (network code or the server shutting down), the password or role refused (28P01, 28000), the database
 * missing (3D000). Anything else (a failed migration, a bad key) is returned unchanged.
 */
export function explainStoreStartError(e: unknown, where: string): unknown {
  const o = e as { name?: unknown; code?: unknown; cause?: unknown; message?: unknown } | null;
  if (o?.name === 'StoreUnavailableError') {
    const code = typeof o.code === 'string' ? o.code : networkCode(o.cause);
    return new StartupError(`${where}: cannot connect${code ? `: ${code}` : ''} (check DATABASE_URL, that the server runs and accepts connections from this host).`, { cause: e });
  }
  const code = typeof o?.code === 'string' ? o.code : '';
  if (code === '28P01' || code === '28000') return new StartupError(`${where} refused the login (${code}): check the user and password in DATABASE_URL.`, { cause: e });
  if (code === '3D000') return new StartupError(`${where}: the database does not exist (3D000); create it (createdb) or fix the name in DATABASE_URL.`, { cause: e });
  return e;
}

/**
 * True inside the container image, which sets `MEDIABOT_CONTAINER=1` (Dockerfile). A container is never the terminal
 * playground: it has no terminal, and its `/data` belongs to the bot; see {@link containerNeedsPlatform}.
 */
export function inContainer(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.MEDIABOT_CONTAINER?.trim() === '1';
}

/**
 * The one line a container started without a platform token exits with, naming every variable still missing (a
 * bot needs one of `platformVariables` (each platform's enabling variable, e.g. DISCORD_TOKEN or TELEGRAM_BOT_TOKEN), BOT_ENCRYPTION_KEY, and GATEWAY_BASE_URL unless USE_SIMULATOR=1),
 * instead of falling into the playground and failing on a directory it may not write.
 */
export function containerNeedsPlatform(platformVariables: readonly string[], c: { encryptionKey?: string | undefined; gateway: { baseUrl?: string | undefined }; useSimulator: boolean }): StartupError {
  const missing = [platformVariables.join(' or ')];
  if (!c.encryptionKey) missing.push('BOT_ENCRYPTION_KEY (npm run keygen)');
  if (!c.gateway.baseUrl && !c.useSimulator) missing.push('GATEWAY_BASE_URL');
  return new StartupError(`Nothing to run in this container: set ${missing.join(', ')} in .env (see .env.example), then start it again; the terminal playground does not run in a container.`);
}
