#!/usr/bin/env bash
# The test command: type-check (scripts/typecheck.sh: TypeScript 7, the native compiler), then run
# every Jest suite, three workers on 2 cores (jest.config.ts: the unit lane and the slow lanes), with a
# throw-away PostgreSQL cluster for the PostgreSQL tests (scripts/with-postgres.sh: 127.0.0.1 only,
# a free port, removed on exit), then print one summary line ("tests: N passed, N failed") that
# CI tools can read.
# Set RXADK_TEST_PG_URL yourself to use another server instead of starting one.
# The soak suites run small here; `npm run test:soak` runs them at full size (scripts/test-soak.sh).
# The consumer test (scripts/consumer-test.sh: npm pack, a fresh project, strict type-checks; about
# a minute of CPU) starts first and runs beside the type-check and Jest;
# spec/consumer/consumer.spec.ts waits for it and reports its result as a Jest test
# (test-output/consumer.txt, then consumer.rc when it has finished). With arguments
# (`npm test -- spec/x`), Jest runs it only if asked.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-output
rm -f test-output/consumer.txt test-output/consumer.rc test-output/jest.json
consumer_pid=
if (($# == 0)); then
  setsid -w bash -c 'bash scripts/consumer-test.sh >test-output/consumer.txt 2>&1; echo $? >test-output/consumer.rc.tmp; mv test-output/consumer.rc.tmp test-output/consumer.rc' </dev/null &
  consumer_pid=$!
  trap 'kill -- -"$consumer_pid" 2>/dev/null; exit 130' INT TERM
  export RXADK_CONSUMER_RESULT="$PWD/test-output/consumer"
fi
if ! bash scripts/typecheck.sh; then
  [[ -n "$consumer_pid" ]] && kill -- -"$consumer_pid" 2>/dev/null
  exit 1
fi

bash scripts/with-postgres.sh node --experimental-vm-modules node_modules/jest/bin/jest.js --json --outputFile=test-output/jest.json "$@"
status=$?
if [[ -n "$consumer_pid" ]]; then
  wait "$consumer_pid"
  echo "== consumer test: $(tail -1 test-output/consumer.txt)"
fi
echo "tests: $(node scripts/jest-counts.mjs test-output/jest.json)"
exit $status
