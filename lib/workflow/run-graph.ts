import { concat, defer, EMPTY, map, type Observable, of, throwError } from 'rxjs';
import { leanMergeEach, leanMergeMap } from '../operators/lean-merge-map.js';
import { trampoline } from '../operators/trampoline.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { executeNodeRun, type NodeRunSpec, replayedNodeRun } from './execute-node-run.js';
import type { NodeRunEnd } from './node-run-end.js';
import { initialSchedulerState, type NodeRunResult, schedule, type ScheduledRun, type SchedulerMessage, type SchedulerStep } from './schedule.js';
import type { NodeSlot, WorkflowGraph } from './workflow-graph.js';
import type { RecordedNodeRun } from './recorded-node-run.js';
import type { NodeHooks } from './node-hooks.js';
import { WorkflowGraphError } from './workflow-graph-error.js';
import { FeedbackChannel } from './feedback-channel.js';
import { workflowCheckpoint } from './workflow-checkpoint.js';

/** One run of a workflow graph: where it sits and what it starts with. */
export interface GraphRunSpec {
  readonly graph: WorkflowGraph;
  readonly workflowName: string;
  /** The workflow run's path, e.g. `wf@1` (or `outer@1/wf@1` when nested). */
  readonly path: string;
  readonly branch: string | undefined;
  /** What the terminal node's output is also the output of: the workflow's path and its ancestors'. */
  readonly outputFor: readonly string[];
  readonly input: unknown;
  readonly maxConcurrency: number | undefined;
  readonly resumeInputs: Readonly<Record<string, unknown>>;
  /** The node runs of the paused run being resumed, by path (empty for a new run). */
  readonly history: ReadonlyMap<string, RecordedNodeRun>;
  /** The plugins' node hooks, decided once for the run and handed to each node run. */
  readonly hooks: NodeHooks;
}

/** What a graph run produces: its events, then once how it ended. */
export type GraphRunItem =
  | { readonly kind: 'event'; readonly event: Event }
  | { readonly kind: 'finished'; readonly output: unknown; readonly hasOutput: boolean; readonly interruptIds: readonly string[] };

/**
 * Runs a workflow graph as a feedback loop: the pure {@link schedule} reducer (folded over the
 * scheduler messages, as a `scan`) says which node runs start; they run concurrently (`leanMergeMap`, a
 * lighter `mergeMap`), and each one's end is fed back as a message once its events are
 * committed. The run ends when nothing runs and nothing can start; a node's final failure errors
 * the run, which unsubscribes every other running node (and their timers, retry waits and tools).
 *
 * ```
 * messages:  start ─► finished(a) ─► finished(b) ─► …
 * steps:     schedule (folded) ► runs to start ──► leanMergeMap(executeNodeRun) ──┐
 *              ▲──────────────────────── finished(node, result) ◄────────────────┘
 * ```
 *
 * @example
 * ```ts
 * runGraph(invocation, { graph, workflowName: 'wf', path: 'wf@1', branch: undefined, outputFor: ['wf@1'], input: 'go', maxConcurrency: undefined, resumeInputs: {}, history: new Map(), hooks: nodeHooks(invocation.pluginManager) });
 * ```
 */
export function runGraph(invocation: InvocationContext, spec: GraphRunSpec): Observable<GraphRunItem> {
  const instrumentation = invocation.instrumentation;
  if (!instrumentation?.workflow) return scheduledRuns(invocation, spec);
  return instrumentation.workflow(invocation, { name: spec.workflowName, path: spec.path }, (traced) => scheduledRuns(traced, spec));
}

function scheduledRuns(invocation: InvocationContext, spec: GraphRunSpec): Observable<GraphRunItem> {
  return defer(() => {
    // the node runs' `finished` messages are subscribed before the start message is delivered,
    // so what synchronous node runs feed back while the start is processed is not lost; a
    // trampoline of this run's own delivers them after the step that fed them back returns, so a
    // long chain or loop of synchronous nodes runs in constant stack (a nested workflow keeps its
    // own, and runs to its end before its caller's next message, as ADK's does)
    const finished = new FeedbackChannel<SchedulerMessage>();
    const start: SchedulerMessage = { type: 'start', input: spec.input, branch: spec.branch };
    // the scheduler's state, folded over the messages as `scan` would (its seed and its latest
    // step, held by this subscription alone), in the projection that starts the step's runs: no
    // `scan` subscriber and closure between the messages and the runs, one node step each
    let state = initialSchedulerState();
    const step = (message: SchedulerMessage): Observable<GraphRunItem> => {
      const next = schedule(spec.graph, state, message, spec.maxConcurrency, invocation.isResumable);
      state = next.state;
      return stepItems(invocation, spec, next, finished);
    };
    // each step's runs are one subscriber, added to nothing when they end at once (a synchronous node step)
    return finished.messages(start).pipe(trampoline(), leanMergeMap(step));
  });
}

/** What one scheduler step does: warn, fail on a second terminal output, start runs, or finish. */
function stepItems(invocation: InvocationContext, spec: GraphRunSpec, step: SchedulerStep, messages: FeedbackChannel<SchedulerMessage>): Observable<GraphRunItem> {
  // an indexed loop: a `for…of` made an iterator and a result object on every step in the profiles
  for (let i = 0; i < step.warnings.length; i++) {
    const warning = step.warnings[i]!;
    console.warn(`[rxadk] ${warning}`);
    invocation.instrumentation?.warning?.(invocation, warning);
  }
  if (step.conflictingTerminals) {
    const names = step.conflictingTerminals;
    return throwError(
      () => new WorkflowGraphError({ workflowName: spec.workflowName, names, message: `two terminal nodes produced an output in one run ("${names[0]}" and "${names[1]}"); a workflow has one output.` }),
    );
  }
  if (step.done) {
    messages.complete();
    const { terminal, waiting } = step.state;
    const finished = of<GraphRunItem>({ kind: 'finished', output: terminal?.output, hasOutput: terminal !== undefined, interruptIds: [...waiting.values()].flat() });
    return invocation.isResumable && step.settled ? concat(checkpointItem(invocation, spec, step), finished) : finished;
  }
  // the runs' specs are made as they start (no array of them), but where a checkpoint needs them first
  if (!invocation.isResumable) return startedRuns(invocation, spec, step.start, messages, undefined);
  const runs = step.start.map((run) => nodeRunSpecOf(spec, run));
  const started = startedRuns(invocation, spec, step.start, messages, runs);
  const ranForReal = step.settled === true || runs.some((run) => replayedNodeRun(run) === undefined);
  return ranForReal ? concat(checkpointItem(invocation, spec, step), started) : started;
}

/**
 * The runs a step starts, merged, each with its spec from `runs` when given, else made from the
 * scheduled run. A step that starts none (a branch arriving at a join, most steps of a fan-out)
 * is `EMPTY`, and one run is subscribed as it is, without a merge around it. Several are a
 * `leanMergeEach`, whose runs the steps' merge subscribes as its own: each event of a run passes
 * one merge subscriber, not two.
 */
function startedRuns(
  invocation: InvocationContext,
  spec: GraphRunSpec,
  scheduled: readonly ScheduledRun[],
  messages: FeedbackChannel<SchedulerMessage>,
  runs: readonly NodeRunSpec[] | undefined,
): Observable<GraphRunItem> {
  if (scheduled.length === 0) return EMPTY;
  if (scheduled.length === 1) return runScheduled(invocation, runs?.[0] ?? nodeRunSpecOf(spec, scheduled[0]!), scheduled[0]!.slot, messages);
  return leanMergeEach(scheduled, (run, i) => runScheduled(invocation, runs?.[i] ?? nodeRunSpecOf(spec, run), run.slot, messages));
}

/**
 * In a resumable app, the checkpoint of a step where a node run ended or started for real (a
 * fast-forward on resume writes none, as in ADK): each node's latest run, committed before the
 * runs the step starts.
 */
function checkpointItem(invocation: InvocationContext, spec: GraphRunSpec, step: SchedulerStep): Observable<GraphRunItem> {
  const event = workflowCheckpoint(invocation, spec.workflowName, spec.branch, step.state.nodeStates);
  return invocation.emit(event).pipe(map((committed): GraphRunItem => ({ kind: 'event', event: committed })));
}

/** Where a scheduled run sits: `<workflow path>/<node>@<n>`, terminal or not. */
function nodeRunSpecOf(spec: GraphRunSpec, run: ScheduledRun): NodeRunSpec {
  const { slot } = run;
  const path = `${spec.path}/${slot.name}@${run.runId}`;
  const outputFor = slot.terminal ? [path, ...spec.outputFor] : [path];
  return { node: slot.node, input: run.input, workflowName: spec.workflowName, path, branch: run.branch, outputFor, resumeInputs: spec.resumeInputs, history: spec.history, hooks: spec.hooks };
}

function runScheduled(invocation: InvocationContext, run: NodeRunSpec, slot: NodeSlot, messages: FeedbackChannel<SchedulerMessage>): Observable<GraphRunItem> {
  return executeNodeRun(invocation, run, new FinishedMessage(slot, messages));
}

/**
 * A node run's end, fed back to the scheduler as a `finished` message, after its events and
 * before it completes (no subscriber between the node run and the scheduler). It is that message
 * itself, its result set when the run ends (a node run ends once): no message object per node step.
 */
class FinishedMessage implements NodeRunEnd<never> {
  readonly type = 'finished';
  result: NodeRunResult | undefined = undefined;

  constructor(
    /** The node's slot: the scheduler reads it from the message instead of looking the node up. */
    readonly slot: NodeSlot,
    private readonly messages: FeedbackChannel<SchedulerMessage>,
  ) {}

  /** The node's name (its slot's). */
  get node(): string {
    return this.slot.name;
  }

  ended(result: NodeRunResult): void {
    if (this.result !== undefined) {
      // ended again (never, as a run ends once): a message of its own, the first one unchanged
      this.messages.next({ type: 'finished', node: this.node, result, slot: this.slot });
      return;
    }
    this.result = result;
    this.messages.next(this as FinishedMessage & { readonly result: NodeRunResult });
  }
}
