/**
 * ADK Python's `workflows/retry` sample: a node that fails 70% of the time with an HTTP 500 is
 * retried (`retryConfig`: 5 attempts, 1 s initial backoff); every failed attempt writes an error
 * event. Ported from google/adk-python (Apache-2.0); its recording is
 * `shared/workflow-recordings/retry/tests/go.json`.
 *
 * Python's `random.random` is injectable: `createRootAgent(mocks)` takes it from `mocks` (the
 * recording's `{"random.random": [0.5, 0.5, 0.8]}` when `rxadk conformance` replays it).
 */
import { concat, defer, of, throwError } from 'rxjs';
import type { MockedFunctions } from '../../../lib/conformance/recorded-mocks.js';
import { node, type NodeContext, START, Workflow } from '../../../lib/index.js';
import { nodeEvent } from '../shared/node-event.js';
import { pythonRandom, type Random } from '../shared/python-random.js';

/** Python's `urllib.error.HTTPError`, with its message format. */
export class HTTPError extends Error {
  override readonly name = 'HTTPError';

  constructor(
    readonly url: string,
    readonly code: number,
    readonly msg: string,
  ) {
    super(`HTTP Error ${code}: ${msg}`);
  }
}

function report_weather(ctx: NodeContext, nodeInput: string) {
  return nodeEvent(ctx, { message: `The weather is ${nodeInput}` });
}

/** The workflow, failing on `random.random` from `mocks` when given. */
export function createRootAgent(mocks: MockedFunctions = new Map()): Workflow {
  const random = (mocks.get('random.random') as Random | undefined) ?? pythonRandom;
  /** A mock task that fails randomly. */
  const getWeather = node(
    (ctx: NodeContext) =>
      concat(
        nodeEvent(ctx, { message: `Getting weather... attempt ${ctx.attemptCount}` }),
        defer(() =>
          random() < 0.7 // 70% chance of failure
            ? throwError(() => new HTTPError('http://mock-api.example.com', 500, 'Internal Server Error'))
            : of('sunny'),
        ),
      ),
    { name: 'get_weather', retryConfig: { maxAttempts: 5, initialDelay: 1 } },
  );
  return new Workflow({ name: 'root_agent', edges: [[START, getWeather, report_weather]] });
}

export const rootAgent = createRootAgent();
