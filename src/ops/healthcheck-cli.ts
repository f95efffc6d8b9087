/**
 * The container's HEALTHCHECK: `node dist/src/ops/healthcheck-cli.js [path]` asks the bot's own health listener
 * (`http://127.0.0.1:$HEALTH_PORT`, path default `/healthz`) and exits 0 on a 200 answer, 1 otherwise (printing
 * why). No curl needed in the image. Times out after 4 s.
 */
const port = process.env.HEALTH_PORT?.trim();
const path = process.argv[2] ?? '/healthz';
if (!port || port === '0') {
  process.stderr.write('healthcheck: HEALTH_PORT is not set (or 0), so there is no listener to ask\n');
  process.exit(1);
}
try {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4_000) });
  const body = (await res.text()).trim();
  if (res.status !== 200) {
    process.stderr.write(`healthcheck: ${path} answered ${res.status}: ${body.slice(0, 500)}\n`);
    process.exit(1);
  }
  process.stdout.write(`healthcheck: ${path} ${body.slice(0, 200)}\n`);
} catch (e) {
  const cause = (e as { cause?: { code?: string } }).cause?.code;
  process.stderr.write(`healthcheck: no answer on 127.0.0.1:${port}${path} (${cause ?? (e instanceof Error ? e.message : String(e))})\n`);
  process.exit(1);
}
