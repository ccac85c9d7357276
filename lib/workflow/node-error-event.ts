import type { Event } from '../events/event.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { errorNames } from './retry-config.js';

/**
 * The event one failed attempt of a workflow node writes (ADK 2.x's shape): authored by the
 * workflow, on the run's branch and path, `errorCode` the error's class name, `errorMessage` its
 * message.
 *
 * @example
 * ```ts
 * nodeErrorEvent(invocation, { workflowName: 'wf', path: 'wf@1/fetch@1', branch: undefined }, new TypeError('boom'));
 * // { author: 'wf', errorCode: 'TypeError', errorMessage: 'boom', nodeInfo: { path: 'wf@1/fetch@1' }, ... }
 * ```
 */
export function nodeErrorEvent(
  invocation: InvocationContext,
  run: { workflowName: string; path: string; branch: string | undefined },
  error: unknown,
): Event {
  return invocation.createEvent({
    author: run.workflowName,
    ...(run.branch !== undefined ? { branch: run.branch } : {}),
    nodeInfo: { path: run.path },
    errorCode: errorNames(error)[0] ?? 'Error',
    errorMessage: error instanceof Error ? error.message : String(error),
  });
}
