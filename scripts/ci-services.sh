#!/usr/bin/env bash
# Makes PostgreSQL (127.0.0.1:5432, user postgres with trust auth, database `test`) and Redis (127.0.0.1:6379)
# available for the test suites, then exports MEDIABOT_REQUIRE_SERVICES=1 so the suites that need them fail
# instead of skipping. Sourced by .ci/run (`source scripts/ci-services.sh`); can also be run on its own.
# - both already answer: nothing is touched;
# - installed but stopped: started (pg_ctlcluster for the Debian cluster, redis-server daemonized, no persistence);
# - missing: installed from Debian (apt-get), PostgreSQL given trust auth for postgres on loopback and a `test` database.
set -euo pipefail

ci_as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else echo "ci-services: need root for: $*" >&2; return 1; fi
}

ci_pg_answers() {
  pg_isready -q -h 127.0.0.1 -p 5432 -t 2 2>/dev/null && psql -h 127.0.0.1 -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1
}

ci_redis_answers() {
  if command -v redis-cli >/dev/null; then [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]; return; fi
  (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && IFS= read -r -t 2 line <&3 && [ "${line%$'\r'}" = +PONG ]) 2>/dev/null
}

ci_wait() { # <what> <check function>
  for _ in $(seq 1 60); do
    if "$2"; then return 0; fi
    sleep 0.5
  done
  echo "ci-services: $1 does not answer on 127.0.0.1 after 30 s" >&2
  return 1
}

ci_pg_version() { ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1; }

ci_pg_trust_loopback() {
  local hba="/etc/postgresql/$(ci_pg_version)/main/pg_hba.conf"
  if ! grep -qE '^host\s+all\s+postgres\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    ci_as_root sed -i '1i host all postgres 127.0.0.1/32 trust\nhost all postgres ::1/128 trust' "$hba"
  fi
}

ci_start_pg() {
  ci_as_root pg_ctlcluster --skip-systemctl-redirect "$(ci_pg_version)" main start || true
}

ci_start_redis() {
  ci_as_root mkdir -p /var/lib/redis /var/log/redis
  ci_as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
}

if ! ci_pg_answers; then
  if [ -z "$(ci_pg_version)" ] || ! command -v pg_ctlcluster >/dev/null; then
    echo "ci-services: installing PostgreSQL from Debian"
    ci_as_root apt-get update
    ci_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
    ci_pg_trust_loopback
    ci_as_root pg_ctlcluster --skip-systemctl-redirect "$(ci_pg_version)" main restart || ci_start_pg
  else
    echo "ci-services: starting PostgreSQL $(ci_pg_version)"
    ci_pg_trust_loopback
    ci_start_pg
  fi
  ci_wait PostgreSQL ci_pg_answers
fi
psql -h 127.0.0.1 -U postgres -d postgres -Atqc "select 1 from pg_database where datname = 'test'" | grep -q 1 || psql -h 127.0.0.1 -U postgres -d postgres -qc 'create database test'

if ! ci_redis_answers; then
  if ! command -v redis-server >/dev/null; then
    echo "ci-services: installing Redis from Debian"
    ci_as_root apt-get update
    ci_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y redis-server
  fi
  echo "ci-services: starting Redis"
  ci_start_redis
  ci_wait Redis ci_redis_answers
fi

echo "ci-services: PostgreSQL and Redis answer on 127.0.0.1"
export MEDIABOT_REQUIRE_SERVICES=1
