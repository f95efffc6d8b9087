#!/usr/bin/env bash
# Production smoke test, run by .ci/run. There is no Docker engine in CI, so this runs every command the Dockerfile
# runs, in the same order, outside a container:
#   build stage    npm run build                                     (after npm ci, done by .ci/run)
#   deps stage     npm ci --omit=dev, then @ffmpeg-installer's binaries removed, in a clean folder holding only package*.json
#   runtime        dist/ copied next to those node_modules; `node dist/src/main.js` with no TypeScript loader and
#                  no npm wrapper, a Telegram bot against the fake Bot API and the gateway simulator;
#   HEALTHCHECK    node dist/src/ops/healthcheck-cli.js /healthz  (and /readyz, /metrics)
#   stop           SIGTERM straight to node: must exit 0 and log "mediabot stopped"
#   unfilled .env  MEDIABOT_CONTAINER=1 and no token: exit 1 with one line naming what is missing
#   operator CLIs  npm run admin -- help, keygen, migrate, rekey in that folder (no tsx, no src/: the compiled entries)
# plus the zero-config playground from the same clean folder (the simulator's assets must be found from dist).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mediabot-prod-smoke.XXXXXX")
PIDS=()
cleanup() {
  for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
step() { printf '\n== prod smoke: %s\n' "$*"; }
fail() { printf 'prod smoke FAILED: %s\n' "$*" >&2; for f in "$WORK"/*.log; do [ -f "$f" ] && { echo "--- $f"; tail -n 40 "$f"; }; done >&2; exit 1; }
wait_for() { # file pattern seconds
  local end=$((SECONDS + $3))
  until grep -q -- "$2" "$1" 2>/dev/null; do
    [ $SECONDS -ge $end ] && fail "timed out waiting for '$2' in $1"
    sleep 0.2
  done
}

step "build stage: npm run build"
npm run build
test -f dist/src/main.js || fail "dist/src/main.js missing after the build"
test -f dist/src/simulator/assets/sample.mp4 || fail "the simulator's assets were not copied to dist"

step "deps stage: npm ci --omit=dev in a clean folder, @ffmpeg-installer's binaries removed"
APP="$WORK/app"
mkdir -p "$APP"
cp package.json package-lock.json "$APP/"
(cd "$APP" && npm ci --omit=dev --no-audit --no-fund && rm -rf node_modules/@ffmpeg-installer/*-*)
for dev in tsx typescript vitest @ffmpeg-installer/linux-x64; do
  [ ! -e "$APP/node_modules/$dev" ] || fail "$dev is installed in the production folder"
done
(cd "$APP" && node -e "require('@resvg/resvg-js')") || fail "resvg's prebuilt binary (the charts' PNG renderer) is missing from the production folder"

step "runtime: dist copied in; node dist/src/main.js (Telegram, fake Bot API, gateway simulator)"
cp -R dist "$APP/dist"
cp LICENSE "$APP/"
mkdir -p "$APP/scripts" && cp scripts/run-cli.mjs "$APP/scripts/"
node --import tsx test/support/fake-telegram-cli.ts > "$WORK/fake-telegram.log" 2>&1 &
PIDS+=($!)
(cd "$APP" && exec node dist/src/simulator/cli.js) > "$WORK/simulator.log" 2>&1 &
PIDS+=($!)
wait_for "$WORK/fake-telegram.log" apiRoot 30
wait_for "$WORK/simulator.log" "media token" 30
TG_ROOT=$(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8").split("\n")[0]);console.log(j.apiRoot)' "$WORK/fake-telegram.log")
TG_TOKEN=$(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8").split("\n")[0]);console.log(j.token)' "$WORK/fake-telegram.log")
SIM_URL=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$WORK/simulator.log" | head -n1)
SIM_TOKEN=$(sed -n 's/.*media token: \([^ ]*\).*/\1/p' "$WORK/simulator.log" | head -n1)
HEALTH_PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
KEY=$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64"))')
now_ms() { node -e 'console.log(Date.now())'; }
START_MS=$(now_ms)
(cd "$APP" && exec env -i PATH="$PATH" HOME="$WORK" NODE_ENV=production MEDIABOT_CONTAINER=1 \
  TELEGRAM_BOT_TOKEN="$TG_TOKEN" TELEGRAM_API_ROOT="$TG_ROOT" GATEWAY_BASE_URL="$SIM_URL" GATEWAY_TOKEN="$SIM_TOKEN" \
  BOT_ENCRYPTION_KEY="$KEY" DATABASE_PATH="$WORK/data/bot.sqlite" OUTPUT_DIR="$WORK/data/outputs" \
  LOG_FORMAT=json HEALTH_PORT="$HEALTH_PORT" HEALTH_HOST=127.0.0.1 SHUTDOWN_GRACE_MS=5000 \
  node dist/src/main.js) > "$WORK/bot.log" 2>&1 &
BOT=$!
PIDS+=($BOT)
wait_for "$WORK/bot.log" '"mediabot started"' 60
grep -q '"source":"system"\|no ffmpeg' "$WORK/bot.log" || fail "no ffmpeg log line"
if grep -q 'tsx' /proc/$BOT/cmdline 2>/dev/null; then fail "the production start runs a TypeScript loader"; fi

step "HEALTHCHECK: node dist/src/ops/healthcheck-cli.js"
(cd "$APP" && HEALTH_PORT="$HEALTH_PORT" node dist/src/ops/healthcheck-cli.js /healthz) || fail "healthcheck /healthz failed"
ok=""
for _ in $(seq 1 50); do
  if (cd "$APP" && HEALTH_PORT="$HEALTH_PORT" node dist/src/ops/healthcheck-cli.js /readyz) > "$WORK/readyz.out" 2>&1; then ok=1; break; fi
  sleep 0.2
done
[ -n "$ok" ] || fail "/readyz never became ready: $(cat "$WORK/readyz.out")"
# What `docker compose up -d` takes to a ready bot, less the container start itself.
echo "prod smoke: node dist/src/main.js to /readyz ready in $(( $(now_ms) - START_MS )) ms"
node -e 'fetch(process.argv[1]).then(r=>r.text()).then(t=>{if(!/^# TYPE mediabot_gateway_request_duration_seconds histogram/m.test(t)||!/^# TYPE mediabot_jobs_finished_total counter/m.test(t)||!/^nodejs_eventloop_lag_seconds/m.test(t)){console.error(t.slice(0,500));process.exit(1)}})' "http://127.0.0.1:$HEALTH_PORT/metrics" || fail "/metrics lacks the bot's series"

step "stop: SIGTERM to node itself"
kill -TERM "$BOT"
set +e
wait "$BOT"
code=$?
set -e
[ "$code" = 0 ] || fail "the bot exited $code on SIGTERM"
grep -q '"mediabot stopped"' "$WORK/bot.log" || fail "no 'mediabot stopped' line"

step "operator CLIs in the production folder: npm run admin -- help, keygen, migrate, rekey"
[ ! -e "$APP/src" ] || fail "the production folder has src/"
cli() { (cd "$APP" && env -i PATH="$PATH" HOME="$WORK" "$@"); }
cli npm run --silent admin -- help > "$WORK/cli-admin.log" 2>&1 || fail "npm run admin -- help failed"
grep -q 'Usage: npm run admin -- <command>' "$WORK/cli-admin.log" || fail "npm run admin -- help printed no usage"
NEW_KEY=$(cli npm run --silent keygen 2> "$WORK/cli-keygen.log") || fail "npm run keygen failed"
node -e 'process.exit(Buffer.from(process.argv[1], "base64").length === 32 ? 0 : 1)' "$NEW_KEY" || fail "npm run keygen printed no 32-byte key: $NEW_KEY"
cli DATABASE_PATH="$WORK/cli/fresh.sqlite" npm run --silent migrate > "$WORK/cli-migrate.log" 2>&1 || fail "npm run migrate failed"
grep -q '^Applied 0001-initial' "$WORK/cli-migrate.log" || fail "npm run migrate applied nothing"
cli DATABASE_PATH="$WORK/data/bot.sqlite" BOT_ENCRYPTION_KEY="$KEY" NEW_BOT_ENCRYPTION_KEY="$NEW_KEY" npm run --silent rekey > "$WORK/cli-rekey.log" 2>&1 || fail "npm run rekey failed"
grep -q '^Re-encrypted [0-9]* token(s)' "$WORK/cli-rekey.log" || fail "npm run rekey did not report"
cli DATABASE_PATH="$WORK/data/bot.sqlite" BOT_ENCRYPTION_KEY="$NEW_KEY" npm run --silent admin -- audit > "$WORK/cli-audit.log" 2>&1 || fail "npm run admin -- audit failed on the re-keyed database"

step "the image's environment with an unfilled .env (MEDIABOT_CONTAINER=1, no token): one line, exit 1, no playground"
mkdir -p "$WORK/unfilled"
set +e
(cd "$WORK/unfilled" && env -i PATH="$PATH" HOME="$WORK" NODE_ENV=production MEDIABOT_CONTAINER=1 node "$APP/dist/src/main.js" < /dev/null) > "$WORK/unfilled.out" 2> "$WORK/unfilled.err"
code=$?
set -e
[ "$code" = 1 ] || fail "an unfilled container exited $code"
[ "$(wc -l < "$WORK/unfilled.err")" = 1 ] && grep -q '^Nothing to run in this container: set DISCORD_TOKEN or TELEGRAM_BOT_TOKEN' "$WORK/unfilled.err" || fail "an unfilled container did not name what is missing: $(cat "$WORK/unfilled.err")"
[ ! -e "$WORK/unfilled/data" ] || fail "an unfilled container opened the playground"

step "playground from the clean folder (node dist/src/main.js, no token: embedded simulator, assets from dist)"
mkdir -p "$WORK/pg"
printf '/imagine a red fox\n/video a wave --seconds 4\n' | (cd "$WORK/pg" && env -i PATH="$PATH" HOME="$WORK" SIM_VIDEO_RUN_MS=300 PLAYGROUND_WAIT_MS=30000 node "$APP/dist/src/main.js") > "$WORK/playground.log" 2>&1 || fail "playground exited non-zero"
grep -q 'ready (4 s' "$WORK/playground.log" || fail "the playground did not finish the video"
ls "$WORK/pg/output/"*.mp4 > /dev/null || fail "no mp4 written by the playground"

printf '\nprod smoke: ok\n'
