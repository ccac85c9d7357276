// Prints "N passed, N failed": the tests counted in Jest --json result files, added up. A suite
// that failed to run counts as one failed test; a missing or unreadable file (Jest did not get to
// write it) counts as one failed test, so that a summary never reads "0 failed" by accident.
//
//   node scripts/jest-counts.mjs test-output/jest.json test-output/jest-soak.json
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const result = JSON.parse(readFileSync(file, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
  } catch (error) {
    console.error(`${file}: ${error.message}`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
