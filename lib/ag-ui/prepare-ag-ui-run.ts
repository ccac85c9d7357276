import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { concatMap, map, type Observable } from 'rxjs';
import { openThread, threadSession } from '../front-ends/open-thread.js';
import { runThreadTurn } from '../front-ends/thread-turn.js';
import type { Runner } from '../runner/runner.js';
import { agUiTurn } from './ag-ui-turn.js';
import { toAgUiEvents } from './to-ag-ui-events.js';

/**
 * Checks an AG-UI run against the user's thread and prepares it: emits once the turn to run
 * (its AG-UI events, cold), after the checks passed and the session of a new thread was created;
 * or fails with the check's named error (a `ClientTurnError`) having stored nothing. A server
 * answers the error with its status before any stream starts.
 *
 * @example
 * ```ts
 * prepareAgUiRun(runner, 'user', input).pipe(concatMap((events) => events)).subscribe(console.log);
 * ```
 */
export function prepareAgUiRun(runner: Runner, userId: string, input: RunAgentInput): Observable<Observable<BaseEvent>> {
  const ref = { appName: runner.appName, userId, sessionId: input.threadId };
  return openThread(runner.sessionService, ref).pipe(
    concatMap((stored) => {
      const turn = agUiTurn(userId, stored, input);
      return threadSession(runner.sessionService, ref, stored).pipe(
        map((session) => runThreadTurn(runner, turn).pipe(toAgUiEvents({ threadId: input.threadId, runId: input.runId, state: session.state }))),
      );
    }),
  );
}
