import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { ResumePlan } from './resume-plan.js';

/**
 * The error events for the answers a resuming message gives that the workflow refuses: an answer
 * that does not match its request's `responseSchema` (`InvalidInputResponse`, on the requesting
 * node's path; the request stays open), and an answer to a request this run does not have or has
 * already answered (`UnknownInputRequest`, on the workflow's path).
 *
 * @example
 * ```ts
 * refusedAnswerEvents(ctx, 'wf', 'wf@1', plan); // [{ errorCode: 'InvalidInputResponse', errorMessage: 'The answer to input request adk-1 ...' }]
 * ```
 */
export function refusedAnswerEvents(ctx: InvocationContext, workflowName: string, rootPath: string, plan: ResumePlan): Event[] {
  const invalid = plan.rejected.map(({ request, reason }) =>
    ctx.createEvent({
      author: workflowName,
      ...(request.branch !== undefined ? { branch: request.branch } : {}),
      nodeInfo: { path: request.path },
      errorCode: 'InvalidInputResponse',
      errorMessage: `The answer to input request ${request.id} does not match its responseSchema: ${reason}. The request stays open: answer it again.`,
    }),
  );
  const unknown = plan.unknownIds.map((id) =>
    ctx.createEvent({
      author: workflowName,
      nodeInfo: { path: rootPath },
      errorCode: 'UnknownInputRequest',
      errorMessage: `Workflow "${workflowName}" has no open input request with id ${id} (it does not exist in this run, or was already answered); the answer is ignored.`,
    }),
  );
  return [...invalid, ...unknown];
}
