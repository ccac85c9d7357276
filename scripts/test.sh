#!/usr/bin/env bash
# The test command: type-check, run every Jest suite, then print one summary line
# ("tests: N passed, N failed") that CI tools can read.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-output
npx tsc -p tsconfig.json --noEmit || exit 1
node --experimental-vm-modules node_modules/jest/bin/jest.js --json --outputFile=test-output/jest.json "$@"
status=$?
node -e '
  const r = require("./test-output/jest.json");
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests + r.numRuntimeErrorTestSuites} failed`);
' || true
exit $status
