import { concat, concatMap, defer, map, type Observable, of, Subject, throwError, timer } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import { LazyAbortController } from '../utils/lazy-abort-controller.js';
import { abortOnTeardown } from '../operators/abort-on-teardown.js';
import { onErrorContinue } from '../operators/on-error-continue.js';
import { orElse } from '../operators/or-else.js';
import { collectNodeRun } from './collect-node-run.js';
import { functionAttempt, type FunctionAttemptEngine } from './function-attempt.js';
import { FunctionNode } from './function-node.js';
import { JoinNode } from './join-node.js';
import { AttemptScope } from './attempt-scope.js';
import { NodeContext } from './node-context.js';
import { NodeError } from './node-error.js';
import { nodeErrorEvent } from './node-error-event.js';
import type { NodeRunItem } from './node-run-item.js';
import { NodeTimeoutError } from './node-timeout-error.js';
import { outputYield, type NodeYield, type NodeYieldSink } from './node-yield.js';
import { EMIT_DONE, endedBy, type NodeEventItem, type NodeRunEnd } from './node-run-end.js';
import type { NodeRunSpec } from './node-run-spec.js';
import { retryDelaySeconds, shouldRetry } from './retry-config.js';
import { untilComplete } from '../operators/until-complete.js';
import { validateNodeValue } from './validate-node-value.js';
import { withTimeout } from './with-timeout.js';
import type { RecordedNodeRun } from './recorded-node-run.js';
import type { NodeRunResult } from './schedule.js';

export type { NodeRunSpec } from './node-run-spec.js';

/**
 * Executes one node run: attempt after attempt (each checked against the node's `inputSchema`,
 * limited by its `timeout`, its output checked and committed as an output event), each failed
 * attempt writing one error event, retries waiting ADK's backoff on the RxJS scheduler; after
 * the last attempt, a {@link NodeError} (or, with `onError`, that route). Unsubscribing stops
 * the attempt, its timer, its retry wait and its dynamic children, and fires its abort signal.
 * The run's end is a `done` item, or handed to `end` (see {@link NodeRunEnd}: a workflow's
 * scheduler takes it with no subscriber between).
 *
 * ```
 * retryConfig {maxAttempts: 3, jitter: 0}, every attempt fails:
 * --x1 (1 s) --x2 (2 s) --x3#        x = error event, # = NodeError
 * ```
 *
 * @example
 * ```ts
 * executeNodeRun(invocation, { node, input: 'go', workflowName: 'wf', path: 'wf@1/a@1', branch: undefined, outputFor: ['wf@1/a@1'], resumeInputs: {} });
 * ```
 */
export function executeNodeRun<R = NodeRunItem>(invocation: InvocationContext, spec: NodeRunSpec, end: NodeRunEnd<R> = EMIT_DONE as NodeRunEnd<R>): Observable<NodeEventItem | R> {
  const replayed = replayedNodeRun(spec);
  if (replayed) return endedBy(replayed, end);
  const instrumentation = invocation.instrumentation;
  if (!instrumentation?.node) return attemptFrom(invocation, spec, 1, end);
  // the instrumentation sees the whole run, its `done` included
  return endedBy(
    instrumentation.node(invocation, { workflow: spec.workflowName, name: spec.node.name, path: spec.path }, (traced) => attemptFrom(traced, spec, 1, EMIT_DONE)),
    end,
  );
}

/**
 * A node run the session already holds, on resume: fast-forwarded when it finished (never run
 * again) or still paused while its requests are open (both results marked `replayed`); completed
 * now with the answer as its output when they are answered. `undefined` when the node is to
 * run: the session does not hold the run, it did not finish, or it reruns on resume.
 *
 * @example
 * ```ts
 * replayedNodeRun({ ...spec, history: rebuildNodeRuns(events, 'wf@1') }); // of({ kind: 'done', result: { output: 'GO', replayed: true, ... } })
 * ```
 */
export function replayedNodeRun(spec: NodeRunSpec): Observable<NodeRunItem> | undefined {
  // a new run has no history: no lookup (hashing the fresh path string) on every node step
  if (spec.history.size === 0) return undefined;
  const recorded = spec.history.get(spec.path);
  return recorded && resumedRun(spec, recorded);
}

function resumedRun(spec: NodeRunSpec, recorded: RecordedNodeRun): Observable<NodeRunItem> | undefined {
  const done = (result: Omit<NodeRunResult, 'replayed'>) => of<NodeRunItem>({ kind: 'done', result: { ...result, replayed: true } });
  const branch = recorded.branch ?? spec.branch;
  if (recorded.interruptIds.length) {
    const open = recorded.interruptIds.filter((id) => !Object.hasOwn(spec.resumeInputs, id));
    if (open.length) return done({ output: undefined, hasOutput: false, routes: [], interruptIds: open, branch });
    if (spec.node.rerunsOnResume) return undefined;
    const answers = recorded.interruptIds.map((id) => spec.resumeInputs[id]);
    // not a fast-forward: the run ends now, with its answers
    return of<NodeRunItem>({ kind: 'done', result: { output: answers.length === 1 ? answers[0] : answers, hasOutput: true, routes: [], interruptIds: [], branch } });
  }
  if (!recorded.finished) return undefined;
  const output = recorded.fromMessage ? spec.node.outputFromMessage(String(recorded.output)) : recorded.output;
  return done({ output, hasOutput: recorded.hasOutput, routes: recorded.routes, interruptIds: [], branch });
}

function attemptFrom<R>(invocation: InvocationContext, spec: NodeRunSpec, attempt: number, end: NodeRunEnd<R>): Observable<NodeEventItem | R> {
  const { node } = spec;
  // a function node without a timeout or a plugin before it: one subscriber from the scheduler to the commit
  if (node.options.timeout === undefined && (node instanceof FunctionNode || node.constructor === JoinNode) && !spec.hooks.before.registered) {
    // a JoinNode (not a subclass, whose `run` may differ) outputs its input as it is: the same lane, with no test of what it returns
    return node instanceof FunctionNode
      ? functionAttempt(invocation, spec, node.fn, attempt, end, FUNCTION_ATTEMPT_ENGINE)
      : functionAttempt(invocation, spec, joinOutput, attempt, end, FUNCTION_ATTEMPT_ENGINE, true);
  }
  return endedBy(runAttempt(invocation, spec, attempt), end).pipe(onErrorContinue((error: unknown) => recoverAttempt(invocation, spec, error, attempt, end)));
}

/** What follows a failed attempt: its error event, then (after ADK's backoff) the next attempt, or the run's failure. */
function recoverAttempt<R>(invocation: InvocationContext, spec: NodeRunSpec, error: unknown, attempt: number, end: NodeRunEnd<R>): Observable<NodeEventItem | R> {
  const retryConfig = spec.node.options.retryConfig;
  return concat(
    invocation.emit(nodeErrorEvent(invocation, spec, error)).pipe(map((event): NodeEventItem => ({ kind: 'event', event }))),
    shouldRetry(retryConfig, error, attempt)
      ? timer(retryDelaySeconds(retryConfig!, attempt, Math.random) * 1000).pipe(concatMap(() => attemptFrom(invocation, spec, attempt + 1, end)))
      : endedBy(failed(spec, error, attempt), end),
  );
}

/** A `JoinNode`'s run: its input (its predecessors' outputs by name) is its output. */
function joinOutput(_ctx: NodeContext, input: unknown): unknown {
  return input;
}

/** What a function node's attempt needs from this engine: its context, and its recovery. */
const FUNCTION_ATTEMPT_ENGINE: FunctionAttemptEngine = { context: attemptContext, recover: recoverAttempt };

/** After the last attempt: the `onError` route if the node has one, else the run's {@link NodeError}. */
function failed(spec: NodeRunSpec, error: unknown, attempts: number): Observable<NodeRunItem> {
  const onError = spec.node.options.onError;
  if (onError === undefined) return throwError(() => new NodeError({ nodeName: spec.node.name, path: spec.path, attempts, cause: error }));
  const output = { error: error instanceof Error ? error.message : String(error) };
  return of({ kind: 'done', result: { output, hasOutput: true, routes: [onError], interruptIds: [], branch: spec.branch } });
}

function runAttempt(invocation: InvocationContext, spec: NodeRunSpec, attempt: number): Observable<NodeRunItem> {
  return defer(() => {
    const { node } = spec;
    const abort = new LazyAbortController(invocation);
    const children = new Subject<NodeYield>();
    const ctx = attemptContext(invocation, spec, attempt, abort, children);
    const before = spec.hooks.before;
    const info = { name: node.name, path: spec.path, attempt };
    // already inside this attempt's `defer`: a bad input is the attempt's error, as the node's own would be
    const input = validateNodeValue(node.name, 'input', node.options.inputSchema, spec.input);
    const run = () => node.run(ctx, input);
    const body = before?.registered ? orElse(before.run(ctx, info, input).pipe(map(outputYield)), run) : run();
    return untilComplete(body, children).pipe(
      withTimeout<NodeYield>(node.options.timeout, () => new NodeTimeoutError({ nodeName: node.name, timeout: node.options.timeout! })),
      collectNodeRun(ctx, info),
      abortOnTeardown(abort),
    );
  });
}

/** The context of one attempt: its scope, its signal (`abort`'s), its dynamic children sending their items to `children`. */
function attemptContext(invocation: InvocationContext, spec: NodeRunSpec, attempt: number, abort: LazyAbortController, children: NodeYieldSink): NodeContext {
  return new NodeContext(invocation, spec.input, new AttemptScope(invocation, spec, attempt, abort, children, executeNodeRun));
}
