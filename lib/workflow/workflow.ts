import { concat, concatMap, defer, EMPTY, type Observable, of } from 'rxjs';
import { BaseAgent, type BaseAgentConfig } from '../agents/base-agent.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { SchemaInput } from '../tools/schema.js';
import { AgentConfigError } from '../utils/errors.js';
import { buildWorkflowGraph, type EdgeItem } from './build-workflow-graph.js';
import type { NodeContext } from './node-context.js';
import type { NodeRunnable } from './node-runnable.js';
import type { NodeYield } from './node-yield.js';
import { graphRunEvents } from './graph-run-events.js';
import { runGraph, type GraphRunItem, type GraphRunSpec } from './run-graph.js';
import { startInput } from './start-input.js';
import { validateNodeValue } from './validate-node-value.js';
import { resumePlan, type ResumePlan } from './resume-plan.js';
import { interruptedRunPlan } from './interrupted-run-plan.js';
import { applyNodeCheckpoints, checkpointedNodeStatuses } from './apply-node-checkpoints.js';
import type { RecordedNodeRun } from './recorded-node-run.js';
import { type NodeHooks, nodeHooks } from './node-hooks.js';
import { workflowCheckpoint } from './workflow-checkpoint.js';
import { endInvocation } from '../context/end-invocation.js';
import { refusedAnswerEvents } from './refused-answer-events.js';
import type { WorkflowGraph } from './workflow-graph.js';

/** What a {@link Workflow} is built from (@google/adk 2.0's names). */
export interface WorkflowConfig extends Pick<BaseAgentConfig, 'name' | 'description' | 'beforeAgentCallback' | 'afterAgentCallback'> {
  /** The graph, as chains: `[START, a, b]`, fan-outs `[a, [b, c]]`, routing maps `[review, { approve: send }]`. */
  edges: readonly EdgeItem[];
  /** Most graph-scheduled nodes running at once (dynamic `ctx.runNode` children are not counted); unlimited by default. */
  maxConcurrency?: number;
  /** The workflow's input must match this when it runs as a node or a tool. */
  inputSchema?: SchemaInput;
  /** The workflow's output must match this. */
  outputSchema?: SchemaInput;
  /** Documents the state keys the workflow's nodes use. */
  stateSchema?: SchemaInput;
}

/**
 * A graph of nodes — functions, agents, tools, other workflows — joined by edges, with routes,
 * fan-out and joins, retries and timeouts, and human input that survives a restart (ADK 2.0's
 * `Workflow`, as Observables). It is an agent: a Runner's root, an `LlmAgent`'s sub-agent, inside
 * an `AgentTool` or a `SequentialAgent`, or a node of another workflow.
 *
 * Events follow ADK Python 2.x: a function node's events are authored by the workflow, an agent
 * node's by the agent; each carries `nodeInfo.path` (`wf@1/node@1`); a node's output event
 * carries `output` (no content) and `nodeInfo.outputFor`, which lists the workflow's path when the
 * node is terminal.
 *
 * @example
 * ```ts
 * const upper = (_ctx: NodeContext, text: string) => text.toUpperCase();
 * const exclaim = (_ctx: NodeContext, text: string) => `${text}!`;
 * const wf = new Workflow({ name: 'shout', edges: [[START, upper, exclaim]] });
 * new InMemoryRunner({ agent: wf }).runAsync({ userId: 'u', sessionId: 's', newMessage: userMessage('hi') });
 * // events: shout {output: 'HI'}, shout {output: 'HI!', nodeInfo.outputFor: ['shout@1/exclaim@1', 'shout@1']}
 * ```
 */
export class Workflow extends BaseAgent implements NodeRunnable {
  readonly graph: WorkflowGraph;
  readonly maxConcurrency: number | undefined;
  readonly inputSchema: SchemaInput | undefined;
  readonly outputSchema: SchemaInput | undefined;
  readonly stateSchema: SchemaInput | undefined;

  constructor(config: WorkflowConfig) {
    super(config);
    if (config.maxConcurrency !== undefined && !(Number.isInteger(config.maxConcurrency) && config.maxConcurrency > 0)) {
      throw new AgentConfigError(`Workflow "${config.name}": maxConcurrency must be a positive integer (got ${String(config.maxConcurrency)}).`, { agentName: config.name });
    }
    this.graph = buildWorkflowGraph(config.name, config.edges);
    this.maxConcurrency = config.maxConcurrency;
    this.inputSchema = config.inputSchema;
    this.outputSchema = config.outputSchema;
    this.stateSchema = config.stateSchema;
  }

  /**
   * A new run from the user's message, or — when the message answers the input requests of this
   * workflow's paused run — that run resumed: rebuilt from the session's events, finished nodes
   * fast-forwarded, answers that do not fit refused with an error event (the request stays open).
   *
   * In a resumable app the run writes checkpoints (`actions.agentState = {nodes}`, see
   * {@link workflowCheckpoint}) and ends with `actions.endOfAgent`, or, paused on input requests,
   * ends the invocation without it. A resumed invocation (`runAsync({invocationId})`) whose
   * workflow had started carries on from its events and checkpoints: finished nodes are
   * fast-forwarded (a checkpoint says so even for a node that left no event), a node the process
   * died in runs again.
   */
  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    const path = `${this.name}@1`;
    const plan = resumePlan(ctx.session.events, path);
    if (plan) return this.resumedRun(ctx, path, plan);
    const interrupted = ctx.isResumable && ctx.agentStates().states.has(this.name) ? interruptedRunPlan(ctx.session.events, ctx.invocationId, path) : undefined;
    if (!interrupted) return this.graphEvents(ctx, this.spec(path, ctx.branch, [path], startInput(ctx.userContent), nodeHooks(ctx.pluginManager)));
    const history = this.checkpointed(ctx, path, interrupted.history);
    return this.graphEvents(ctx, { ...this.spec(path, ctx.branch, [path], interrupted.input, nodeHooks(ctx.pluginManager)), resumeInputs: Object.fromEntries(interrupted.answers), history });
  }

  /** The paused run resumed by the new message's answers, after the refusals of those that do not fit. */
  private resumedRun(ctx: InvocationContext, path: string, plan: ResumePlan): Observable<Event> {
    const refusals = refusedAnswerEvents(ctx, this.name, path, plan).map((event) => ctx.emit(event));
    const history = this.checkpointed(ctx, path, plan.history);
    const resumed = plan.answered.length
      ? this.graphEvents(ctx, { ...this.spec(path, ctx.branch, [path], plan.input, nodeHooks(ctx.pluginManager)), resumeInputs: Object.fromEntries(plan.answers), history })
      : EMPTY;
    return concat(...refusals, resumed);
  }

  /** In a resumable app, the node runs corrected by this invocation's checkpoints ({@link applyNodeCheckpoints}). */
  private checkpointed(ctx: InvocationContext, path: string, history: ReadonlyMap<string, RecordedNodeRun>): ReadonlyMap<string, RecordedNodeRun> {
    if (!ctx.isResumable) return history;
    return applyNodeCheckpoints(history, checkpointedNodeStatuses(ctx.session.events, ctx.invocationId, this.name, path));
  }

  /** Runs this workflow as a node of another one (or as a tool): its path is the node run's. */
  runAsNode(ctx: NodeContext, input: unknown): Observable<NodeYield> {
    return defer(() => {
      const scope = ctx.runScope;
      const checked = validateNodeValue(this.name, 'input', this.inputSchema, input);
      // a nested workflow runs with its caller's node hooks
      const spec = { ...this.spec(scope.path, scope.branch, scope.outputFor, checked, scope.hooks), resumeInputs: scope.resumeInputs, history: scope.history };
      return runGraph(ctx.invocation, spec).pipe(concatMap((item) => of(...nodeYieldsOf(item, this.name, this.outputSchema))));
    });
  }

  private graphEvents(ctx: InvocationContext, spec: GraphRunSpec): Observable<Event> {
    const items = runGraph(ctx, spec);
    if (!ctx.isResumable) return items.pipe(graphRunEvents());
    return items.pipe(concatMap((item) => (item.kind === 'event' ? of(item.event) : this.endOrPause(ctx, item.interruptIds))));
  }

  /** Resumable: paused on input requests, the invocation ends (no `endOfAgent`, as ADK pauses); else the workflow's `endOfAgent`. */
  private endOrPause(ctx: InvocationContext, interruptIds: readonly string[]): Observable<Event> {
    if (interruptIds.length) return endInvocation(ctx);
    return ctx.unlessEnded(() => ctx.emit(workflowCheckpoint(ctx, this.name, ctx.branch, 'end')));
  }

  private spec(path: string, branch: string | undefined, outputFor: readonly string[], input: unknown, hooks: NodeHooks): GraphRunSpec {
    return { graph: this.graph, workflowName: this.name, path, branch, outputFor, input, maxConcurrency: this.maxConcurrency, resumeInputs: {}, history: NO_HISTORY, hooks };
  }
}

/** A new run's empty history, shared (read, never changed). */
const NO_HISTORY: ReadonlyMap<string, RecordedNodeRun> = new Map();

function nodeYieldsOf(item: GraphRunItem, name: string, outputSchema: SchemaInput | undefined): NodeYield[] {
  if (item.kind === 'event') return [item];
  if (item.interruptIds.length) return [{ kind: 'interrupt', ids: item.interruptIds }];
  return item.hasOutput ? [{ kind: 'output', value: validateNodeValue(name, 'output', outputSchema, item.output), emitted: true }] : [];
}
