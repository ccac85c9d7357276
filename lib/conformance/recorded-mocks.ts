import { ConformanceMismatchError } from './conformance-mismatch-error.js';

/**
 * Functions a workflow recording mocks, by the Python name the recording gives them
 * (`random.randint`, `random.random`): each call returns the recording's next value. An app's
 * `createRootAgent(mocks)` takes the ones it uses and falls back to the real function.
 */
export type MockedFunctions = ReadonlyMap<string, (...args: never[]) => unknown>;

/** The mocked functions of one replay, and what they did not return. */
export interface RecordedMocks {
  readonly functions: MockedFunctions;
  /** `random.randint: 2 of 5 values never returned`, one line per mock with values left. */
  unused(): string[];
}

/**
 * The functions a recording's `mocks` describe (`{"random.randint": [10, 1, 0]}`: successive
 * calls return 10, 1, 0). A call past the recorded values is a {@link ConformanceMismatchError}
 * naming the test and the function.
 *
 * @example
 * ```ts
 * const mocks = recordedMocks({ 'random.random': [0.5, 0.8] }, 'retry/go');
 * mocks.functions.get('random.random')!(); // 0.5
 * mocks.unused(); // ['random.random: 1 of 2 values never returned']
 * ```
 */
export function recordedMocks(mocks: Readonly<Record<string, readonly unknown[]>>, test: string): RecordedMocks {
  const calls = new Map<string, number>();
  const functions = new Map<string, () => unknown>();
  for (const [name, values] of Object.entries(mocks)) {
    calls.set(name, 0);
    functions.set(name, () => {
      const index = calls.get(name)!;
      if (index >= values.length) {
        throw new ConformanceMismatchError({ test, subject: `mock ${name}` }, undefined, `called ${index + 1} times; the recording has ${values.length} value(s)`);
      }
      calls.set(name, index + 1);
      return values[index];
    });
  }
  return {
    functions,
    unused: () =>
      Object.entries(mocks)
        .filter(([name, values]) => calls.get(name)! < values.length)
        .map(([name, values]) => `${name}: ${values.length - calls.get(name)!} of ${values.length} values never returned`),
  };
}
