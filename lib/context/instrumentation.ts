import type { FunctionCall } from '@google/genai';
import type { Observable } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import type { Event } from '../events/event.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { InvocationContext } from './invocation-context.js';

/**
 * One tool call as {@link Instrumentation.toolCall} sees it: the agent, the model's call and the
 * tool it names (`undefined` when the agent has no such tool).
 *
 * @example
 * ```ts
 * const call: InstrumentedToolCall = { agent, call: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } }, tool: getWeather };
 * ```
 */
export interface InstrumentedToolCall {
  agent: BaseAgent;
  call: FunctionCall;
  tool: BaseTool | undefined;
}

/**
 * What one tool call produced: its function-response event and, under `toolErrors: 'throw'`, the
 * failure the run will end with once the response is committed.
 *
 * @example
 * ```ts
 * const outcome: ToolCallOutcome = { event: responseEvent };
 * ```
 */
export interface ToolCallOutcome {
  event: Event;
  failure?: Error;
}

/**
 * A workflow run as {@link Instrumentation.workflow} sees it.
 *
 * @example
 * ```ts
 * const wf: InstrumentedWorkflow = { name: 'review', path: 'review@1' };
 * ```
 */
export interface InstrumentedWorkflow {
  readonly name: string;
  readonly path: string;
}

/**
 * A workflow node run as {@link Instrumentation.node} sees it.
 *
 * @example
 * ```ts
 * const run: InstrumentedNode = { workflow: 'review', name: 'draft', path: 'review@1/draft@1' };
 * ```
 */
export interface InstrumentedNode {
  readonly workflow: string;
  readonly name: string;
  readonly path: string;
}

/**
 * How a run is observed from inside, span by span: the core hands each part of a run — the
 * invocation, each agent, each model call (with the tools it asked for), each tool call — to
 * these wrappers, and runs user code (callbacks, tools' functions, the model's request) through
 * {@link enter}. Installed with the Runner's `instrumentation` option; `rxadk/telemetry`'s
 * `openTelemetry()` is one. Without one, the core calls nothing here and pays nothing.
 *
 * A wrapper must subscribe to `run(view)` exactly once per subscription to its result, pass every
 * value and notification through unchanged, and unsubscribe from it when unsubscribed. `view` is
 * the context the part runs in: typically `ctx.withTraceScope(scope)`, so that the parts inside
 * find their parent in `ctx.traceScope` — the stream carries the span, no side table does.
 *
 * ```
 * invocation ─► agent ─► modelCall ─► toolCall, toolCall (siblings)
 *                    └─► agent (a transfer, a sub-agent)
 * ```
 *
 * @example
 * ```ts
 * const logging: Instrumentation = {
 *   invocation: (ctx, run) => run(ctx),
 *   agent: (ctx, agent, run) => defer(() => (console.log('agent', agent.name), run(ctx))),
 *   modelCall: (ctx, agent, request, run) => run(ctx),
 *   toolCall: (ctx, call, run) => run(ctx),
 *   enter: (ctx, fn) => fn(),
 * };
 * new Runner({ appName, agent, sessionService, instrumentation: logging });
 * ```
 */
export interface Instrumentation {
  /** One `runAsync`: the user message, the agents, the run callbacks. */
  invocation(ctx: InvocationContext, run: (ctx: InvocationContext) => Observable<Event>): Observable<Event>;
  /** One agent's run: its callbacks and its body (sub-agents included). */
  agent(ctx: InvocationContext, agent: BaseAgent, run: (ctx: InvocationContext) => Observable<Event>): Observable<Event>;
  /**
   * One model call and what follows from its answer: the model callbacks, the model's events
   * (partial chunks and the final one), the tool calls it asked for and their response event.
   */
  modelCall(
    ctx: InvocationContext,
    agent: BaseAgent,
    request: LlmRequest,
    run: (ctx: InvocationContext) => Observable<Event>,
  ): Observable<Event>;
  /** One tool call: its callbacks, its validation and its run. */
  toolCall(ctx: InvocationContext, call: InstrumentedToolCall, run: (ctx: InvocationContext) => Observable<ToolCallOutcome>): Observable<ToolCallOutcome>;
  /**
   * One run of a workflow graph (`invoke_workflow`): its nodes run inside. Optional: without it a
   * workflow is observed as an agent only.
   */
  workflow?<T>(ctx: InvocationContext, workflow: InstrumentedWorkflow, run: (ctx: InvocationContext) => Observable<T>): Observable<T>;
  /** One workflow node run (`execute_node`), its attempts and output event included. Optional. */
  node?<T>(ctx: InvocationContext, node: InstrumentedNode, run: (ctx: InvocationContext) => Observable<T>): Observable<T>;
  /** A warning about the run (a workflow route that matched no edge), put on `ctx`'s part of the trace. Optional. */
  warning?(ctx: InvocationContext, message: string): void;
  /** Calls `fn` (user code) inside the span of `ctx`'s part, so that what it starts nests there. */
  enter<T>(ctx: InvocationContext, fn: () => T): T;
}
