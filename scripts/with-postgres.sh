#!/usr/bin/env bash
# Runs a command with RXADK_TEST_PG_URL set, for the PostgreSQL tests: starts a throw-away
# PostgreSQL cluster (scripts/postgres.sh: 127.0.0.1 only, a free port), runs the command, then
# stops and removes the cluster. With RXADK_TEST_PG_URL already set, the command runs against that
# server instead. Exits with the command's status.
#
#   bash scripts/with-postgres.sh node --experimental-vm-modules node_modules/jest/bin/jest.js spec/postgres
set -uo pipefail
scripts=$(dirname "$0")
if [[ -n "${RXADK_TEST_PG_URL:-}" ]]; then
  exec "$@"
fi
pg_dir=$(mktemp -d "${TMPDIR:-/tmp}/rxadk-test-pg.XXXXXX")
stop_postgres() {
  bash "$scripts/postgres.sh" stop "$pg_dir" >/dev/null 2>&1 || true
  rm -rf "$pg_dir"
}
trap stop_postgres EXIT
trap 'exit 130' INT TERM
if RXADK_TEST_PG_URL=$(bash "$scripts/postgres.sh" start "$pg_dir"); then
  export RXADK_TEST_PG_URL
  echo "== PostgreSQL test cluster: 127.0.0.1:$(cat "$pg_dir/port")"
else
  echo "== could not start a PostgreSQL test cluster (see above): the PostgreSQL tests will fail" >&2
fi
"$@"
