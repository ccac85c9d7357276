import type { Observable } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import { CallbackContext } from '../context/callback-context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { EventActions } from '../events/event-actions.js';
import type { Event, EventInit } from '../events/event.js';
import type { RouteValue } from '../events/node-info.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { NodeOptions } from './node-options.js';
import type { RecordedNodeRun } from './recorded-node-run.js';
import type { NodeHooks } from './node-hooks.js';
import { isEmptyStateDelta } from '../sessions/state-delta.js';

/**
 * A function node: `(ctx, input) => value | Promise | Observable<value | Event> | RequestInput`.
 * A returned value is the node's output (always, even an object with a `route` key); events in a
 * returned Observable are emitted; a `RequestInput` pauses the workflow for human input.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type NodeFunction = (ctx: NodeContext, input: any) => unknown;

/** A node already built by `node(...)` (or a `JoinNode`, a `ParallelWorker`). */
export interface BuiltNode {
  readonly name: string;
  readonly options: Readonly<NodeOptions>;
}

/** What a workflow edge or `ctx.runNode` accepts: a function, an agent (a `Workflow` too), a tool, or a built node. */
export type RunnableNode = NodeFunction | BaseAgent | BaseTool | BuiltNode;

/** Where a node run sits and what the engine gives it. Internal: built by the workflow engine. */
export interface NodeRunScope {
  /** The workflow's name: the author of the node's own events. */
  readonly workflowName: string;
  readonly nodeName: string;
  /** The node's options (schemas, retries, timeout). */
  readonly options: Readonly<NodeOptions>;
  /** `wf@1/node@2`. */
  readonly path: string;
  readonly branch: string | undefined;
  /** The paths the node's output event is the output of (its own, plus ancestors' when terminal). */
  readonly outputFor: readonly string[];
  readonly resumeInputs: Readonly<Record<string, unknown>>;
  /** The node runs of the paused run being resumed, by path (empty for a new run). */
  readonly history: ReadonlyMap<string, RecordedNodeRun>;
  /** The plugins' node hooks, decided once per workflow run. */
  readonly hooks: NodeHooks;
  /** 1-based. */
  readonly attempt: number;
  /** This run's signal (fires when the run is cancelled: the caller unsubscribed, a sibling failed, a timeout). */
  readonly abortSignal: () => AbortSignal;
  /** Runs a dynamic child node (the engine's implementation of {@link NodeContext.runNode}). */
  readonly runChild: (parent: NodeContext, child: RunnableNode, input: unknown, options: RunNodeOptions) => Observable<unknown>;
}

/** Options of {@link NodeContext.runNode}. */
export interface RunNodeOptions {
  /** The child's output is also this node's output (its output event lists this node's path in `outputFor`). */
  useAsOutput?: boolean;
  /** The child runs on a branch of its own, `<branch>.<child>@<n>` (what `ParallelWorker` does). */
  useSubBranch?: boolean;
}

/**
 * The context of one workflow node run (ADK 2.0's `NodeContext`): its input, the session state
 * (writes are committed with the node's next event), `emit`, the route it takes, the answers to
 * its input requests, its attempt number, a cancellation signal, dynamic child nodes, and
 * artifacts and memory as on `ToolContext`.
 *
 * @example
 * ```ts
 * const review = (ctx: NodeContext, draft: string) => {
 *   ctx.state.set('draft', draft);
 *   ctx.route = draft.length > 500 ? 'too_long' : 'ok';
 *   return draft;
 * };
 * ```
 */
export class NodeContext extends CallbackContext {
  /** The node's input. */
  readonly input: unknown;
  /** The route(s) the node takes when it finishes (the keys of its routing map). */
  route: RouteValue | RouteValue[] | undefined;
  private readonly scope: NodeRunScope;

  constructor(invocationContext: InvocationContext, input: unknown, scope: NodeRunScope, actions?: EventActions) {
    // no actions given: made at their first read (most node runs write no state: their output event carries none)
    super(invocationContext, actions);
    this.input = input;
    this.scope = scope;
    this.route = undefined;
  }

  /** This node's name. */
  get nodeName(): string {
    return this.scope.nodeName;
  }
  /** This run's path, e.g. `wf@1/draft@2`. */
  get nodePath(): string {
    return this.scope.path;
  }
  /** The branch this run's events carry (`a@1` after a fan-out). */
  get branch(): string | undefined {
    return this.scope.branch;
  }
  /** The attempt this run is (1-based; see `retryConfig`). */
  get attemptCount(): number {
    return this.scope.attempt;
  }
  /** Answers to this node's input requests, by interrupt id (filled when the workflow resumes). */
  get resumeInputs(): Readonly<Record<string, unknown>> {
    return this.scope.resumeInputs;
  }
  /** Fires when this run is cancelled (the caller unsubscribed, a sibling failed, the attempt timed out). */
  override get abortSignal(): AbortSignal {
    return this.scope.abortSignal();
  }
  /** The scope of this run (for the engine). */
  get runScope(): NodeRunScope {
    return this.scope;
  }
  /** The invocation this node runs in. */
  override get invocation(): InvocationContext {
    return this.invocationContext;
  }

  /**
   * An event of this node run: authored by the workflow, on this run's branch, with
   * `nodeInfo.path`. Emit it with {@link emit}.
   *
   * @example
   * ```ts
   * ctx.emit(ctx.createEvent({ content: { role: 'user', parts: [{ text: 'Working on it…' }] } }));
   * ```
   */
  createEvent(init: Partial<EventInit> = {}): Event {
    // assigned, not spread: on every node step, and V8's object spread is slow here
    const own: Partial<EventInit> = { author: this.scope.workflowName };
    if (this.scope.branch !== undefined) own.branch = this.scope.branch;
    // in this key order; an init with a nodeInfo of its own (an output event's) keeps it, and none is built for nothing
    own.nodeInfo = init.nodeInfo ?? { path: this.scope.path };
    return this.invocationContext.createEvent(Object.assign(own, init));
  }

  /**
   * Emits an event of this node (stamped with the run's `nodeInfo`, author and branch when it has
   * none, and carrying the state written so far) and completes once it is committed (SPEC §6).
   * An event with `actions.route` sets the node's route. Return it from the node (or concat it
   * into the node's Observable) so that it reaches the Runner.
   *
   * @example
   * ```ts
   * const node = (ctx: NodeContext) => concat(ctx.emit(ctx.createEvent({ actions: { route: 'approve' } })), of('done'));
   * ```
   */
  emit(event: Event): Observable<Event> {
    return this.invocationContext.emit(this.stamp(event));
  }

  /**
   * Runs `child` as a dynamic node of this one (not throttled by `maxConcurrency`): its path is
   * `<this path>/<child>@<n>`; emits its output, then completes.
   *
   * @example
   * ```ts
   * const orchestrate = (ctx: NodeContext, text: string) => ctx.runNode(summarizer, text, { useAsOutput: true });
   * ```
   */
  runNode(child: RunnableNode, input?: unknown, options: RunNodeOptions = {}): Observable<unknown> {
    return this.scope.runChild(this, child, input, options);
  }

  /** `event` as this node's: `nodeInfo`, author and branch filled when missing; the pending state delta merged in. */
  stamp(event: Event): Event {
    const delta = this.takeStateDelta();
    const needsInfo = event.nodeInfo === undefined;
    const needsBranch = event.branch === undefined && this.scope.branch !== undefined;
    if (!needsInfo && !needsBranch && !delta) return event;
    return {
      ...event,
      ...(needsInfo ? { nodeInfo: { path: this.scope.path } } : {}),
      ...(needsBranch ? { branch: this.scope.branch } : {}),
      ...(delta ? { actions: { ...event.actions, stateDelta: { ...delta, ...event.actions.stateDelta } } } : {}),
    };
  }

  /** The state written since the last event, removed from the pending delta (it goes into the next event). */
  takeStateDelta(): Record<string, unknown> | undefined {
    // actions never read have no state written into them: not made here
    const pending = this.recordedActions?.stateDelta;
    if (pending === undefined || isEmptyStateDelta(pending)) return undefined;
    const keys = Object.keys(pending);
    const taken = { ...pending };
    for (const key of keys) delete pending[key];
    return taken;
  }
}
