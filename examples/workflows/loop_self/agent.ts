/**
 * ADK Python's `workflows/loop_self` sample: a node routes back to itself (`guessed_wrong`) until
 * its random guess hits the target. Ported from google/adk-python (Apache-2.0); its recording is
 * `shared/workflow-recordings/loop_self/tests/3.json`.
 *
 * Python's `random.randint` is injectable: `createRootAgent(mocks)` takes it from `mocks` (the
 * recording's `{"random.randint": [10, 1, 0, 4, 3]}` when `rxadk conformance` replays it).
 */
import { concat, defer, throwError } from 'rxjs';
import type { MockedFunctions } from '../../../lib/conformance/recorded-mocks.js';
import { type NodeContext, START, Workflow } from '../../../lib/index.js';
import { nodeEvent } from '../shared/node-event.js';
import { pythonRandint, type Randint } from '../shared/python-random.js';

/** Python's `ValueError`. */
export class ValueError extends Error {
  override readonly name = 'ValueError';
}

function validate_input(ctx: NodeContext, nodeInput: string) {
  if (!/^\s*[+-]?\d+\s*$/.test(nodeInput)) throw new ValueError(`invalid literal for int() with base 10: '${nodeInput}'`);
  const parsedNumber = Number.parseInt(nodeInput, 10);
  if (parsedNumber > 10 || parsedNumber < 0) {
    return concat(
      nodeEvent(ctx, { message: 'Please provide a number between 0 and 10.' }),
      defer(() => throwError(() => new ValueError('Invalid input.'))),
    );
  }
  return nodeEvent(ctx, { state: { target_number: parsedNumber } });
}

/** The workflow, guessing with `random.randint` from `mocks` when given. */
export function createRootAgent(mocks: MockedFunctions = new Map()): Workflow {
  const randint = (mocks.get('random.randint') as Randint | undefined) ?? pythonRandint;
  function guess_number(ctx: NodeContext) {
    const guess = randint(0, 10);
    const targetNumber = ctx.state.get<number>('target_number');
    return concat(
      nodeEvent(ctx, { message: `Guessing ${guess}...` }),
      guess === targetNumber ? nodeEvent(ctx, { message: 'Correct!' }) : nodeEvent(ctx, { route: 'guessed_wrong' }),
    );
  }
  return new Workflow({
    name: 'root_agent',
    edges: [
      [START, validate_input, guess_number],
      [guess_number, { guessed_wrong: guess_number }],
    ],
  });
}

export const rootAgent = createRootAgent();
