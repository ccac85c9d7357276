import { lastValueFrom } from 'rxjs';
import { join } from 'node:path';
import { findConformanceCases, readConformanceCase, runConformanceCase } from '../../lib/conformance/index.js';
import { CONFORMANCE_DIR } from '../support/recordings.js';
import { registry, replayTools } from './registry.js';

const cases = findConformanceCases(CONFORMANCE_DIR).map((file) => readConformanceCase(file, join(CONFORMANCE_DIR, 'tests')));

describe('Google ADK conformance recordings', () => {
  it('finds the 16 recorded cases', () => {
    expect(cases.map((c) => c.id)).toHaveLength(16);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, testCase) => {
    const result = await lastValueFrom(runConformanceCase(testCase, { suiteDir: CONFORMANCE_DIR, registry, replayTools }));
    expect(result.error?.message).toBeUndefined();
    expect(result.passed).toBe(true);
  });
});
