import type { RouteValue } from '../events/node-info.js';
import { DiffArray } from '../utils/diff-array.js';
import { arriveAt, joinInput, type JoinArrivals, type JoinShape, joinShape, latestArrivals } from './join-arrivals.js';
import { commonBranch } from './common-branch.js';
import { nextTargets } from './next-targets.js';
import { type NodeCheckpointState, NodeStatus } from './node-status.js';
import type { NodeSlot, WorkflowGraph } from './workflow-graph.js';

/** An input waiting for its node, in arrival order. */
export interface Trigger {
  /** The node, as its graph's slot (its name and its index in the state's tables). */
  readonly slot: NodeSlot;
  readonly input: unknown;
  /** The branch the trigger comes from. */
  readonly branch: string | undefined;
  /** Several nodes were triggered at once (a fan-out): the run gets a branch of its own. */
  readonly subBranch: boolean;
}

/** A node run the scheduler starts: its node, run number (`@n`), input and branch. */
export interface ScheduledRun {
  /** The node, as its graph's slot (its name, and what its run and the message of its end need of it, without a lookup). */
  readonly slot: NodeSlot;
  readonly runId: number;
  readonly input: unknown;
  readonly branch: string | undefined;
}

/** How a node run ended, as the scheduler needs it. */
export interface NodeRunResult {
  readonly output: unknown;
  readonly hasOutput: boolean;
  readonly routes: readonly RouteValue[];
  /** Input requests the node waits on (it is paused, not finished). */
  readonly interruptIds: readonly string[];
  readonly branch: string | undefined;
  /** The result was fast-forwarded from the session on resume (the node did not run again). */
  readonly replayed?: boolean;
}

/** A node's runs, as the scheduler keeps them. */
export interface NodeRuns {
  /** Runs started so far (the `@n` of the next one is this + 1). */
  readonly count: number;
  /** A run is in progress (a node never runs concurrently with itself). */
  readonly running: boolean;
}

/**
 * The scheduler's state: pure data, replaced (never changed) by {@link schedule}. The per-node
 * tables are persistent arrays ({@link DiffArray}) indexed by each node's slot in the graph
 * (`WorkflowGraph.slots`), so a message changes one node's entry without copying the others' (a
 * 100-wide fan-out stays linear), in place when it goes on from the newest state (as the
 * workflow's run does), and reads it with no hashing of its name.
 */
export interface SchedulerState {
  /** Triggers not started yet, in arrival order (each node's are its FIFO). */
  readonly pending: readonly Trigger[];
  /** Per node that has run, at its slot's index: its run count and whether it runs now (one entry: one read and one write per start or end). */
  readonly runs: DiffArray<NodeRuns>;
  /** How many nodes have a run in progress. */
  readonly running: number;
  /** Per join node, at its slot's index: the predecessors arrived since it last fired, with their output and branch (newest first). */
  readonly joinArrivals: DiffArray<JoinArrivals>;
  /** Nodes paused on input requests, with the request ids. */
  readonly waiting: ReadonlyMap<string, readonly string[]>;
  /** The terminal node that produced the workflow's output, and that output. */
  readonly terminal: { readonly node: string; readonly output: unknown } | undefined;
  /** Each node's latest run as a checkpoint states it (ADK's `agent_state.nodes`), by node name. */
  readonly nodeStates: ReadonlyMap<string, NodeCheckpointState>;
}

/** Shared empty lists of a step (never changed: a step's lists are read, and replaced by the next step). */
const NO_TRIGGERS: readonly Trigger[] = Object.freeze([]);
const NO_RUNS: readonly ScheduledRun[] = Object.freeze([]);
const NO_WARNINGS: readonly string[] = Object.freeze([]);
/** The shape of a join with no predecessors (a graph's joins always have them: validated at its build). */
const NO_PREDECESSORS: JoinShape = joinShape([]);
/** The initial state's empty tables, shared by every run (a state's maps are replaced, never changed). */
const NO_WAITING: ReadonlyMap<string, readonly string[]> = new Map();
const NO_NODE_STATES: ReadonlyMap<string, NodeCheckpointState> = new Map();

/** What happens to a workflow run. */
export type SchedulerMessage =
  | { readonly type: 'start'; readonly input: unknown; readonly branch: string | undefined }
  | {
      readonly type: 'finished';
      readonly node: string;
      readonly result: NodeRunResult;
      /** The node's slot, when the sender has it (a scheduled run's end): the scheduler skips looking it up. */
      readonly slot?: NodeSlot;
    };

/** One step: the next state, the runs to start now, warnings, and whether the run is over. */
export interface SchedulerStep {
  readonly state: SchedulerState;
  readonly start: readonly ScheduledRun[];
  readonly warnings: readonly string[];
  /** Nothing runs and nothing can start: the workflow is finished (or paused on input requests). */
  readonly done: boolean;
  /** A second terminal node produced an output: the names of both. */
  readonly conflictingTerminals?: readonly [string, string];
  /** A node run that really ran (not fast-forwarded) has just ended: its state is worth a checkpoint. */
  readonly settled?: boolean;
}

/**
 * The initial scheduler state.
 *
 * @example
 * ```ts
 * schedule(graph, initialSchedulerState(), { type: 'start', input: 'hi', branch: undefined }).start; // [{ node: 'a', runId: 1, ... }]
 * ```
 */
export function initialSchedulerState(): SchedulerState {
  return { pending: NO_TRIGGERS, runs: DiffArray.empty(), running: 0, joinArrivals: DiffArray.empty(), waiting: NO_WAITING, terminal: undefined, nodeStates: NO_NODE_STATES };
}

/**
 * `state` with `changes`, built as one object literal of a fixed shape: V8 makes a chain of
 * `{ ...state, x }` spreads slow (several µs each), which a workflow pays on every message.
 */
function changed(state: SchedulerState, changes: Partial<SchedulerState>): SchedulerState {
  return {
    pending: changes.pending ?? state.pending,
    runs: changes.runs ?? state.runs,
    running: changes.running ?? state.running,
    joinArrivals: changes.joinArrivals ?? state.joinArrivals,
    waiting: changes.waiting ?? state.waiting,
    // a run's terminal output is set once and never taken back
    terminal: changes.terminal ?? state.terminal,
    nodeStates: changes.nodeStates ?? state.nodeStates,
  };
}

/**
 * The workflow scheduler as a pure reducer: applies one message to the state and says which node
 * runs start. Rules (SPEC §15): each node has a FIFO of triggers and never runs concurrently with
 * itself; ready nodes start in arrival order, at most `maxConcurrency` at once; a non-join node
 * runs once per arriving input; a join fires when every predecessor has arrived since it last
 * fired, with `{predecessor: output}`; routes pick edges (see `nextTargets`); a run that
 * triggers several nodes puts each on a branch of its own (`name@n`), a join goes back to the
 * common branch of its predecessors.
 *
 * @example
 * ```ts
 * let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 'go', branch: undefined });
 * step = schedule(graph, step.state, { type: 'finished', node: 'a', result: { output: 'GO', hasOutput: true, routes: [], interruptIds: [], branch: undefined } });
 * step.start; // [{ node: 'b', runId: 1, input: 'GO', branch: undefined }]
 * ```
 */
export function schedule(graph: WorkflowGraph, state: SchedulerState, message: SchedulerMessage, maxConcurrency = Infinity, trackNodeStates = false): SchedulerStep {
  const step = scheduleStep(graph, state, message, maxConcurrency);
  return trackNodeStates ? { ...step, state: changed(step.state, { nodeStates: nextNodeStates(graph, state, message, step.start) }) } : step;
}

function scheduleStep(graph: WorkflowGraph, state: SchedulerState, message: SchedulerMessage, maxConcurrency: number): SchedulerStep {
  if (message.type === 'start') {
    const subBranch = graph.startTargets.length > 1;
    const triggers = graph.startTargets.map((node): Trigger => ({ slot: slotOf(graph, node), input: message.input, branch: message.branch, subBranch }));
    return startReady(changed(state, { pending: [...state.pending, ...triggers] }), maxConcurrency, []);
  }
  return finished(graph, state, messageSlot(graph, message), message.result, maxConcurrency, message.result.replayed ? undefined : true);
}

/**
 * The node states after `step` (ADK's `agent_state.nodes`): the node that finished is COMPLETED,
 * or WAITING on its input requests (or for an output it must wait for); each run started is RUNNING.
 */
function nextNodeStates(graph: WorkflowGraph, before: SchedulerState, message: SchedulerMessage, started: readonly ScheduledRun[]): ReadonlyMap<string, NodeCheckpointState> {
  const states = new Map(before.nodeStates);
  if (message.type === 'finished') {
    const { interruptIds, hasOutput, routes } = message.result;
    const slot = messageSlot(graph, message);
    const waitsForOutput = slot.waitForOutput && !hasOutput && !routes.length;
    const status = interruptIds.length || waitsForOutput ? NodeStatus.WAITING : NodeStatus.COMPLETED;
    states.set(message.node, { status, interrupts: [...interruptIds], run_id: String(before.runs.get(slot.index)?.count ?? 0) });
  }
  for (const run of started) states.set(run.slot.name, { status: NodeStatus.RUNNING, interrupts: [], run_id: String(run.runId) });
  return states;
}

function finished(graph: WorkflowGraph, state: SchedulerState, slot: NodeSlot, result: NodeRunResult, maxConcurrency: number, settled: true | undefined): SchedulerStep {
  const node = slot.name;
  const ran = state.runs.get(slot.index);
  // a node's run ends once: it is no longer running (a `finished` for a node not running changes nothing)
  const ended = ran?.running === true ? slot.index : undefined;
  const running = ended === undefined ? state.running : state.running - 1;
  if (result.interruptIds.length) {
    return startReady(changed(state, { runs: withRunEnded(state.runs, ended), running, waiting: new Map([...state.waiting, [node, result.interruptIds]]) }), maxConcurrency, NO_WARNINGS, settled);
  }
  if (slot.waitForOutput && !result.hasOutput && !result.routes.length) return startReady(changed(state, { runs: withRunEnded(state.runs, ended), running }), maxConcurrency, NO_WARNINGS, settled);
  const { targets, unmatched } = nextTargets(slot, result.routes);
  const fixedSlots = slot.fixedTargetSlots;
  const warnings = unmatched
    ? [`Workflow node "${node}" took route ${result.routes.map((r) => JSON.stringify(r)).join(', ')}, which no edge matches: this branch ends here.`]
    : NO_WARNINGS;
  let terminal = state.terminal;
  let conflict: readonly [string, string] | undefined;
  if (slot.terminal && result.hasOutput) {
    if (terminal) conflict = [terminal.node, node];
    else terminal = { node, output: result.output };
  }
  const subBranch = targets.length > 1;
  // made with the first trigger (a `[]` pushed to takes room for 16): none when a branch only arrives at a join
  let triggers: Trigger[] | undefined;
  let joinArrivals = state.joinArrivals;
  // indexed loops here and below: a `for…of` made an iterator and a result object per item in the profiles
  for (let i = 0; i < targets.length; i++) {
    const target = fixedSlots === undefined ? slotOf(graph, targets[i]!) : fixedSlots[i]!;
    let trigger: Trigger | undefined;
    if (target.isJoin) {
      const arrived = arriveAt(joinArrivals.get(target.index), node, result.output, result.branch);
      trigger = firedJoin(target, arrived);
      // a join that fires starts afresh
      joinArrivals = joinArrivals.set(target.index, trigger === undefined ? arrived : undefined);
      if (trigger === undefined) continue;
    } else trigger = { slot: target, input: result.output, branch: result.branch, subBranch };
    if (triggers === undefined) triggers = [trigger];
    else triggers.push(trigger);
  }
  // the next state is built once, by startReady (no intermediate states per change)
  const pending = triggers === undefined ? state.pending : state.pending.length === 0 ? triggers : state.pending.concat(triggers);
  const step = startReadyOf(state, pending, running, ended, joinArrivals, terminal, maxConcurrency, warnings, settled);
  return conflict ? { ...step, conflictingTerminals: conflict } : step;
}

/** `runs` with the run of the node at index `ended` (if any) no longer running. */
function withRunEnded(runs: DiffArray<NodeRuns>, ended: number | undefined): DiffArray<NodeRuns> {
  return ended === undefined ? runs : runs.set(ended, nodeRuns(runs.get(ended)!.count, false));
}

/** Shared entries of the runs table for the first counts, by count (one list running, one not). */
const SHARED_RUNS = 1024;
const RUNNING: NodeRuns[] = [];
const IDLE: NodeRuns[] = [];

/**
 * A node's entry in the runs table: a shared, frozen one for a count below {@link SHARED_RUNS}
 * (an entry is replaced, never changed), so that a node's start and end, two writes per node
 * step, make no object.
 */
function nodeRuns(count: number, running: boolean): NodeRuns {
  if (count >= SHARED_RUNS) return { count, running };
  const shared = running ? RUNNING : IDLE;
  return (shared[count] ??= Object.freeze({ count, running }));
}

/**
 * The trigger of `join` once its predecessors' arrivals are `arrived`: `{predecessor: output}` on
 * their common branch when every predecessor has arrived (its latest arrival counts), else `undefined`.
 */
function firedJoin(join: NodeSlot, arrived: JoinArrivals): Trigger | undefined {
  const shape = join.joinShape ?? NO_PREDECESSORS;
  // arrivals come only from the join's predecessors: it fires once each has arrived
  const latest = latestArrivals(arrived, shape);
  if (latest === undefined) return undefined;
  return { slot: join, input: joinInput(shape, latest), branch: commonBranch(latest), subBranch: false };
}

/**
 * Starts the ready triggers in arrival order, one per idle node, up to `maxConcurrency` runs.
 * The step is built here whole (`settled` included): spreading it afresh costs every message.
 */
function startReady(state: SchedulerState, maxConcurrency: number, warnings: readonly string[], settled?: true): SchedulerStep {
  if (state.pending.length === 0) return { state, start: NO_RUNS, warnings, done: state.running === 0, settled };
  return startReadyOf(state, state.pending, state.running, undefined, state.joinArrivals, state.terminal, maxConcurrency, warnings, settled);
}

/**
 * {@link startReady} of `base` with the fields a message changed (the next state is built once,
 * here: the end of a run does not build one first; `runs`, `waiting` and `nodeStates` are
 * `base`'s). `ended` is a node whose run has just ended, still marked running in `runs` (and not
 * counted in `running`): its entry is written once, by its next run when one starts now (a node
 * routing back to itself), else as not running.
 */
function startReadyOf(
  base: SchedulerState,
  triggers: readonly Trigger[],
  running: number,
  ended: number | undefined,
  joinArrivals: SchedulerState['joinArrivals'],
  terminal: SchedulerState['terminal'],
  maxConcurrency: number,
  warnings: readonly string[],
  settled: true | undefined,
): SchedulerStep {
  const { waiting, nodeStates } = base;
  let { runs } = base;
  // what stays pending and what starts, made with the first trigger that stays or starts (none for
  // a step with no trigger; a `[]` pushed to takes room for 16)
  let pending: Trigger[] | undefined;
  let start: ScheduledRun[] | undefined;
  for (let i = 0; i < triggers.length; i++) {
    const trigger = triggers[i]!;
    const { index, name } = trigger.slot;
    const ran = runs.get(index);
    const busy = ran?.running === true && index !== ended;
    if (busy || running >= maxConcurrency || (waiting.size > 0 && waiting.has(name))) {
      if (pending === undefined) pending = [trigger];
      else pending.push(trigger);
      continue;
    }
    const runId = (ran?.count ?? 0) + 1;
    runs = runs.set(index, nodeRuns(runId, true));
    if (index === ended) ended = undefined;
    running++;
    const run: ScheduledRun = { slot: trigger.slot, runId, input: trigger.input, branch: trigger.subBranch ? subBranchOf(trigger.branch, `${name}@${runId}`) : trigger.branch };
    if (start === undefined) start = [run];
    else start.push(run);
  }
  runs = withRunEnded(runs, ended);
  const state: SchedulerState = { pending: pending ?? NO_TRIGGERS, runs, running, joinArrivals, waiting, terminal, nodeStates };
  return { state, start: start ?? NO_RUNS, warnings, done: running === 0, settled };
}

/** The slot of a node of `graph` (every name the scheduler meets is one of its nodes'). */
function slotOf(graph: WorkflowGraph, node: string): NodeSlot {
  return graph.slots.get(node)!;
}

/** The slot of the node a `finished` message is about: the one it carries, else looked up. */
function messageSlot(graph: WorkflowGraph, message: SchedulerMessage & { readonly type: 'finished' }): NodeSlot {
  return message.slot ?? slotOf(graph, message.node);
}

/**
 * `branch` extended with one segment (segments are joined with `.`, as ADK's branch paths).
 *
 * @example
 * ```ts
 * subBranchOf(undefined, 'a@1'); // 'a@1'
 * subBranchOf('wf.x', 'a@1');    // 'wf.x.a@1'
 * ```
 */
export function subBranchOf(branch: string | undefined, segment: string): string {
  return branch ? `${branch}.${segment}` : segment;
}
