import { ConformanceMismatchError, recordedMocks } from '../../lib/conformance/index.js';

describe('recordedMocks', () => {
  it('gives each mocked function the recorded values, one per call, whatever the arguments', () => {
    const mocks = recordedMocks({ 'random.randint': [10, 1], 'random.random': [0.5] }, 'loop_self/3');
    const randint = mocks.functions.get('random.randint') as (a: number, b: number) => number;
    expect([randint(0, 10), randint(0, 10)]).toEqual([10, 1]);
    expect((mocks.functions.get('random.random') as () => number)()).toBe(0.5);
    expect(mocks.unused()).toEqual([]);
  });

  it('a call past the recorded values is a mismatch naming the test and the function', () => {
    const next = recordedMocks({ 'random.random': [0.5] }, 'retry/go').functions.get('random.random')!;
    next();
    expect(() => next()).toThrow(ConformanceMismatchError);
    expect(() => next()).toThrow('retry/go, mock random.random: called 2 times; the recording has 1 value(s)');
  });

  it('says which values were never returned', () => {
    const mocks = recordedMocks({ 'random.randint': [10, 1, 0], 'random.random': [] }, 'x');
    mocks.functions.get('random.randint')!();
    expect(mocks.unused()).toEqual(['random.randint: 2 of 3 values never returned']);
  });

  it('has no functions when the recording mocks none', () => {
    const mocks = recordedMocks({}, 'x');
    expect(mocks.functions.size).toBe(0);
    expect(mocks.unused()).toEqual([]);
  });
});
