import type { Task } from '@a2a-js/sdk';
import type { AgentExecutionEvent, RequestContext } from '@a2a-js/sdk/server';
import { catchError, concat, concatMap, defer, type Observable, of } from 'rxjs';
import type { Runner } from '../runner/runner.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import { a2aMessageToContent } from './a2a-message-to-content.js';
import type { A2aEventScope } from './a2a-event-scope.js';
import { statusUpdate } from './adk-event-to-a2a-events.js';
import { adkEventsToTaskEvents } from './adk-events-to-task-events.js';
import { adkMetadataKey } from './adk-metadata-key.js';
import { ensureSession } from './ensure-session.js';
import { ROLES, TASK_STATES } from './task-states.js';

/**
 * One A2A request run as one turn of the Runner:
 *
 * ```
 * task (new: submitted, with the user's message) ─► working (adk_app_name, adk_user_id, adk_session_id)
 *   ─► session (user, contextId), created if new ─► runner.runAsync ─► adkEventsToTaskEvents
 *   an error ─► failed, with the error's message
 * ```
 *
 * The session is the authenticated user's (`requestContext.context.user.userName`) session named
 * by the context id, so a context id from another user never opens this user's session. A
 * follow-up to a task waiting for input carries on in the same session: a function response in
 * it answers the waiting call. `streaming` turns the model's streaming on (`streamingMode: 'sse'`).
 *
 * @example
 * ```ts
 * taskTurn(runner, requestContext, true).subscribe((event) => bus.publish(event));
 * ```
 */
export function taskTurn(runner: Runner, request: RequestContext, streaming: boolean, ids: IdGenerator = defaultIdGenerator): Observable<AgentExecutionEvent> {
  return defer(() => {
    const scope = scopeOf(runner, request);
    const base = {
      [adkMetadataKey('app_name')]: scope.appName,
      [adkMetadataKey('user_id')]: scope.userId,
      [adkMetadataKey('session_id')]: scope.sessionId,
    };
    const run = ensureSession(runner, scope.userId, scope.sessionId).pipe(
      concatMap(() =>
        runner.runAsync({
          userId: scope.userId,
          sessionId: scope.sessionId,
          newMessage: a2aMessageToContent(request.userMessage),
          runConfig: { streamingMode: streaming ? 'sse' : 'none' },
        }),
      ),
      adkEventsToTaskEvents(scope, ids),
      catchError((error: unknown) => of(failedEvent(scope, error, base, ids))),
    );
    return concat(
      of<AgentExecutionEvent>({ kind: 'task', data: request.task ?? newTask(request) }),
      of<AgentExecutionEvent>({ kind: 'statusUpdate', data: statusUpdate(scope, TASK_STATES.working, undefined, base) }),
      run,
    );
  });
}

function scopeOf(runner: Runner, request: RequestContext): A2aEventScope {
  const userId = request.context.user?.userName ?? '';
  return { appName: runner.appName, userId, sessionId: request.contextId, taskId: request.taskId, contextId: request.contextId };
}

function newTask(request: RequestContext): Task {
  return {
    id: request.taskId,
    contextId: request.contextId,
    status: { state: TASK_STATES.submitted, message: undefined, timestamp: new Date().toISOString() },
    artifacts: [],
    history: [request.userMessage],
    metadata: {},
  };
}

function failedEvent(scope: A2aEventScope, error: unknown, metadata: Record<string, unknown>, ids: IdGenerator): AgentExecutionEvent {
  const text = error instanceof Error ? error.message : String(error);
  const message = {
    messageId: ids(),
    contextId: scope.contextId,
    taskId: scope.taskId,
    role: ROLES.agent,
    parts: [{ content: { $case: 'text' as const, value: text }, metadata: undefined, filename: '', mediaType: '' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  return { kind: 'statusUpdate', data: statusUpdate(scope, TASK_STATES.failed, message, metadata) };
}
