import { connect, defer, endWith, ignoreElements, map, merge, type Observable, takeUntil } from 'rxjs';
import type { RunConfig } from '../context/run-config.js';
import type { Runner } from '../runner/runner.js';
import type { RunRequest } from './run-request.js';
import type { SseMessage } from './sse-message.js';
import type { TraceStore } from './trace-store.js';

/**
 * Runs one turn and emits what `/run_sse` sends: each event as a plain message and — when the
 * request asks for `trace` — each hook the run fires as an `event: trace` message, in the order
 * they happened (a hook's entry is recorded synchronously when it fires, so it precedes the event
 * it leads to). Completes with the run; unsubscribing cancels the run.
 *
 * The run's entries are told apart from other runs' by its `RunConfig` object, which is created
 * here, once per run.
 *
 * @example
 * ```ts
 * runWithTrace(runner, traces, { appName: 'weather', userId: 'u', sessionId: 's', newMessage, streaming: true, trace: true })
 *   .subscribe((message) => console.log(message.event ?? 'event', message.data));
 * ```
 */
export function runWithTrace(runner: Runner, traces: TraceStore, request: RunRequest): Observable<SseMessage> {
  return defer(() => {
    const runConfig: RunConfig = { streamingMode: request.streaming ? 'sse' : 'none' };
    const events = runner
      .runAsync({
        userId: request.userId,
        sessionId: request.sessionId,
        newMessage: request.newMessage,
        ...(request.stateDelta ? { stateDelta: request.stateDelta } : {}),
        runConfig,
      })
      .pipe(map((event): SseMessage => ({ data: event })));
    if (!request.trace) return events;
    return events.pipe(connect((shared) => merge(tracesUntil(traces.watch(runConfig), shared), shared)));
  });
}

/** Trace messages until `run` ends (the watch is registered before the run starts). */
function tracesUntil(entries: Observable<unknown>, run: Observable<unknown>): Observable<SseMessage> {
  const ended = run.pipe(ignoreElements(), endWith(true));
  return entries.pipe(
    map((entry): SseMessage => ({ event: 'trace', data: entry })),
    takeUntil(ended),
  );
}
