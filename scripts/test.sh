#!/usr/bin/env bash
# The test command: type-check, start a throw-away PostgreSQL cluster for the PostgreSQL tests
# (scripts/postgres.sh: 127.0.0.1 only, a free port, removed on exit), run every Jest suite, then
# print one summary line ("tests: N passed, N failed") that CI tools can read.
# Set RXADK_TEST_PG_URL yourself to use another server instead of starting one.
# The consumer test (scripts/consumer-test.sh: npm pack, a fresh project, strict type-checks; about
# a minute of CPU) runs beside the type-check, before Jest, so that its load does not slow the
# timing-sensitive suites; spec/consumer/consumer.spec.ts then reports its result as a Jest test
# (test-output/consumer.txt). With arguments (`npm test -- spec/x`), Jest runs it only if asked.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-output
rm -f test-output/consumer.txt test-output/consumer.rc
consumer_pid=
if (($# == 0)); then
  setsid -w bash -c 'bash scripts/consumer-test.sh >test-output/consumer.txt 2>&1; echo $? >test-output/consumer.rc' </dev/null &
  consumer_pid=$!
  trap 'kill -- -"$consumer_pid" 2>/dev/null; exit 130' INT TERM
fi
if ! npx tsc -p tsconfig.json --noEmit; then
  [[ -n "$consumer_pid" ]] && kill -- -"$consumer_pid" 2>/dev/null
  exit 1
fi
if [[ -n "$consumer_pid" ]]; then
  wait "$consumer_pid"
  echo "== consumer test: $(tail -1 test-output/consumer.txt)"
  export RXADK_CONSUMER_RESULT="$PWD/test-output/consumer"
fi

if [[ -z "${RXADK_TEST_PG_URL:-}" ]]; then
  pg_dir=$(mktemp -d "${TMPDIR:-/tmp}/rxadk-test-pg.XXXXXX")
  stop_postgres() {
    bash scripts/postgres.sh stop "$pg_dir" >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  }
  trap stop_postgres EXIT
  trap 'exit 130' INT TERM
  if RXADK_TEST_PG_URL=$(bash scripts/postgres.sh start "$pg_dir"); then
    export RXADK_TEST_PG_URL
    echo "== PostgreSQL test cluster: 127.0.0.1:$(cat "$pg_dir/port")"
  else
    echo "== could not start a PostgreSQL test cluster (see above): the PostgreSQL tests will fail" >&2
  fi
fi

node --experimental-vm-modules node_modules/jest/bin/jest.js --json --outputFile=test-output/jest.json "$@"
status=$?
node -e '
  const r = require("./test-output/jest.json");
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests + r.numRuntimeErrorTestSuites} failed`);
' || true
exit $status
