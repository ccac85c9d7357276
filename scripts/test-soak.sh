#!/usr/bin/env bash
# The soak step (`npm run test:soak`; .ci/run runs it after `npm test`): the soak suites at full
# size. A soak suite is a spec that reads RXADK_SOAK: `npm test` runs it small (RXADK_SOAK unset),
# this step with RXADK_SOAK=1 (the 20,000-turn trace memory, the 2,000-call fuzz, the crash loop).
# Starts a throw-away PostgreSQL cluster like `npm test` (scripts/with-postgres.sh), writes
# test-output/jest-soak.json, and prints "soak: N passed, N failed" last.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-output
rm -f test-output/jest-soak.json
mapfile -t suites < <(grep -rl --include='*.spec.ts' RXADK_SOAK spec | sort)
echo "== soak suites (RXADK_SOAK=1): ${suites[*]}"
RXADK_SOAK=1 bash scripts/with-postgres.sh \
  node --experimental-vm-modules node_modules/jest/bin/jest.js --json --outputFile=test-output/jest-soak.json "${suites[@]}" "$@"
status=$?
echo "soak: $(node scripts/jest-counts.mjs test-output/jest-soak.json)"
exit $status
