// The order Jest runs the suites in (jest.config.ts `testSequencer`). Jest's own order puts a suite
// that failed last time first, then the longest by the durations of the last run, and a suite with
// no duration yet (a fresh clone, a new spec) before all of those, biggest file first. Here, among
// the suites with no duration yet, those of the slow lanes (the "slow" project: browsers, ng build,
// PostgreSQL, child processes) go first: they are the long ones, and starting them last would
// leave one worker busy and the other idle at the end of the run.
import Sequencer from '@jest/test-sequencer';

const isSlow = (test) => test.context.config.displayName?.name === 'slow';

export default class SlowLanesFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const fresh = sorted.filter((test) => test.duration == null);
    const reordered = [...fresh.filter(isSlow), ...fresh.filter((test) => !isSlow(test))];
    // the suites with no duration take the places Jest gave them, in the new order
    return sorted.map((test) => (test.duration == null ? reordered.shift() : test));
  }
}
