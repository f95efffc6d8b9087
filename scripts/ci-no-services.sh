#!/usr/bin/env bash
# The fresh-machine check, run by .ci/run BEFORE scripts/ci-services.sh: every test file that uses PostgreSQL or
# Redis (those importing test/support/engines.ts or test/support/redis.ts) runs with neither reachable and must pass,
# each suite that needs a missing service skipping with a printed reason ("Postgres suite skipped: …",
# "[skipped] …"). Anything else (a failure, "No test suite found in file") fails the script.
# The services are made unreachable for real: the tests run in a new network namespace with only loopback up
# (`unshare -rn`), so nothing listens on 127.0.0.1:5432 or :6379 whatever runs on the machine. Where namespaces
# are not allowed, the test URLs point at a closed port instead (said so).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != --inside ]; then
  if unshare -rn true 2>/dev/null && command -v ip >/dev/null; then
    exec unshare -rn bash "$0" --inside
  fi
  echo "ci-no-services: no network namespace here; pointing the test URLs at a closed port instead"
  export MEDIABOT_TEST_PG_URL=postgres://postgres@127.0.0.1:9/postgres MEDIABOT_TEST_REDIS_URL=redis://127.0.0.1:9
else
  ip link set lo up
fi
unset MEDIABOT_REQUIRE_SERVICES

pg=${MEDIABOT_TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
redis=${MEDIABOT_TEST_REDIS_URL:-redis://127.0.0.1:6379}
for url in "$pg" "$redis"; do
  hostport=${url#*://}
  hostport=${hostport#*@}
  hostport=${hostport%%/*}
  if (exec 3<>"/dev/tcp/${hostport%:*}/${hostport##*:}") 2>/dev/null; then
    echo "ci-no-services: $hostport answers; the services are not unreachable, nothing is proven" >&2
    exit 1
  fi
done

mapfile -t files < <(grep -rlE "support/(engines|redis)\.js" test --include='*.test.ts' | grep -v '^test/reliability/' | sort)
[ "${#files[@]}" -gt 0 ] || { echo "ci-no-services: no test file uses the services?" >&2; exit 1; }
echo "ci-no-services: ${#files[@]} files with PostgreSQL and Redis unreachable"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
npx vitest run "${files[@]}" 2>&1 | tee "$log"
code=${PIPESTATUS[0]}
set -e
[ "$code" = 0 ] || { echo "ci-no-services: FAILED: a suite that needs PostgreSQL or Redis did not skip politely" >&2; exit 1; }
grep -q 'Postgres suite skipped: ' "$log" || { echo "ci-no-services: no 'Postgres suite skipped' line" >&2; exit 1; }
grep -q '\[skipped\] .*Redis is not reachable' "$log" || { echo "ci-no-services: no Redis '[skipped]' line" >&2; exit 1; }
echo "ci-no-services: ok"
