import type { Content } from '@google/genai';
import { catchError, concatMap, defer, endWith, from, ignoreElements, map, type Observable, of } from 'rxjs';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Session } from '../sessions/session.js';
import { toError } from '../utils/errors.js';
import { canonicalCallIds } from './canonical-call-ids.js';
import { compareWorkflowSession } from './compare-workflow-session.js';
import { ConformanceMismatchError } from './conformance-mismatch-error.js';
import { firstDifference } from './first-difference.js';
import { recordedMocks, type RecordedMocks } from './recorded-mocks.js';
import { recordedModelAnswers } from './recorded-model-answers.js';
import { RecordedModelPlugin } from './recorded-model-plugin.js';
import { MISSING_OPENING_TEXT, recordedUserTurns } from './recorded-user-turns.js';
import type { ConformanceResult } from './run-conformance-case.js';
import type { WorkflowApp } from './workflow-app.js';
import type { WorkflowRecording } from './workflow-recording.js';

/**
 * Replays one ADK workflow recording through its ported app on a fresh in-memory Runner: every
 * model call is answered from the recording ({@link RecordedModelPlugin}), the recording's `mocks`
 * drive the app's random functions, and the recorded user messages (texts and the human's
 * function responses, their ids mapped to the calls rxadk made) are sent one turn at a time.
 * Then the produced session is compared with the recorded one ({@link compareWorkflowSession}),
 * and every recorded model answer and mocked value must have been used. Emits one result (it
 * never errors: a failure is a result, its message the first difference).
 *
 * ```
 * user turn 1 ──► Runner (app, recorded answers, mocks) ──► session ─┐
 * user turn 2 (function response, id mapped) ──► ...                  ├─► compare with the recording
 * ```
 *
 * @example
 * ```ts
 * runWorkflowRecording(readWorkflowRecording('loop_self/tests/3.json'), { createRootAgent }).subscribe((r) => console.log(r.passed));
 * ```
 */
export function runWorkflowRecording(recording: WorkflowRecording, app: WorkflowApp): Observable<ConformanceResult> {
  return defer(() => {
    const mocks = recordedMocks(recording.mocks, recording.id);
    const model = new RecordedModelPlugin(recordedModelAnswers(recording), recording.id);
    const runner = new InMemoryRunner({ agent: app.createRootAgent(mocks.functions), appName: recording.appName, plugins: [...(app.plugins ?? []), model] });
    const ref = { appName: recording.appName, userId: recording.userId };
    return runner.sessionService.createSession({ ...ref, ...(recording.sessionId ? { sessionId: recording.sessionId } : {}) }).pipe(
      concatMap((session) => {
        const sessionRef = { ...ref, sessionId: session.id };
        const currentSession = () => runner.sessionService.getSession(sessionRef).pipe(map((s) => s!));
        const turn = (content: Content) =>
          currentSession().pipe(
            concatMap((current) => runner.runAsync({ userId: ref.userId, sessionId: session.id, newMessage: withProducedCallIds(content, recording, current) })),
          );
        return from(recordedUserTurns(recording)).pipe(
          concatMap(turn),
          ignoreElements(),
          endWith(undefined),
          catchError((error: unknown) => of(toError(error))),
          concatMap((runError) => currentSession().pipe(map((final) => verify(recording, final, runError, model, mocks)))),
        );
      }),
    );
  }).pipe(catchError((error: unknown) => of<ConformanceResult>({ id: recording.id, passed: false, error: toError(mismatchIn(error) ?? error) })));
}

/** The recorded function responses' ids replaced by the ids of the matching calls rxadk made. */
function withProducedCallIds(content: Content, recording: WorkflowRecording, session: Session): Content {
  const recorded = canonicalCallIds(recording.events);
  const produced = new Map([...canonicalCallIds(session.events)].map(([id, name]) => [name, id]));
  return {
    ...content,
    parts: (content.parts ?? []).map((part) => {
      const id = part.functionResponse?.id;
      const producedId = id === undefined ? undefined : produced.get(recorded.get(id) ?? '');
      return producedId === undefined ? part : { ...part, functionResponse: { ...part.functionResponse, id: producedId } };
    }),
  };
}

function verify(recording: WorkflowRecording, session: Session, runError: Error | undefined, model: RecordedModelPlugin, mocks: RecordedMocks): ConformanceResult {
  const notes = notesOn(recording);
  const fail = (error: Error): ConformanceResult => ({ id: recording.id, passed: false, error, ...(notes.length ? { notes } : {}) });
  const cause = mismatchIn(runError) ?? runError;
  const difference = compareWorkflowSession(recording, session, { ignore: isMadeUpOpening });
  if (difference) return fail(new ConformanceMismatchError({ test: recording.id, subject: 'session' }, difference, undefined, cause));
  if (cause) return fail(cause);
  const unused = [...model.unused(), ...mocks.unused()];
  if (unused.length) return fail(new ConformanceMismatchError({ test: recording.id, subject: 'replay' }, undefined, unused.join('; ')));
  return { id: recording.id, passed: true, ...(notes.length ? { notes } : {}) };
}

function isMadeUpOpening(event: Event): boolean {
  return event.author === 'user' && event.content?.parts?.[0]?.text === MISSING_OPENING_TEXT;
}

/** The ConformanceMismatchError an error is or wraps (a plugin's or mock's, through CallbackError / NodeError). */
function mismatchIn(error: unknown): ConformanceMismatchError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    if (e instanceof ConformanceMismatchError) return e;
  }
  return undefined;
}

/** What differs between the recording's own `state` and its events (the state is compared with the events' fold). */
function notesOn(recording: WorkflowRecording): string[] {
  if (!recording.state) return [];
  const folded: Record<string, unknown> = {};
  for (const event of recording.events) Object.assign(folded, (event['actions'] as { stateDelta?: object } | undefined)?.stateDelta ?? {});
  const keys = new Set([...Object.keys(recording.state), ...Object.keys(folded)].filter((key) => !key.startsWith('__')));
  return [...keys]
    .filter((key) => firstDifference(recording.state![key], folded[key]) !== undefined)
    .sort()
    .map((key) => `the recorded state's "${key}" is not what its events' deltas leave; the events' fold is compared`);
}
