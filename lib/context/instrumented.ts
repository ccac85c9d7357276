import type { FunctionCall } from '@google/genai';
import { defer, from, Observable, throwError } from 'rxjs';
import type { Event } from '../events/event.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { ToolLike } from '../models/tool-like.js';
import type { AgentLike } from './agent-like.js';
import type { InvocationContext } from './invocation-context.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';

// The core's side of Instrumentation: each function runs a part of a run through the run's
// instrumentation when it has one, and directly (no extra subscription, no extra allocation)
// when it has none.

/**
 * One `runAsync`'s work, wrapped by the run's instrumentation (if any).
 *
 * @example
 * ```ts
 * instrumentedInvocation(ctx, (ctx) => concat(receiveUserMessage(ctx), runAgent(ctx)));
 * ```
 */
export function instrumentedInvocation(ctx: InvocationContext, run: (ctx: InvocationContext) => Observable<Event>): Observable<Event> {
  const instrumentation = ctx.instrumentation;
  return instrumentation ? instrumentation.invocation(ctx, run) : run(ctx);
}

/**
 * One agent's run, wrapped by the run's instrumentation (if any).
 *
 * @example
 * ```ts
 * instrumentedAgent(ctx, this, (ctx) => this.runCallbacksAndBody(ctx));
 * ```
 */
export function instrumentedAgent(ctx: InvocationContext, agent: AgentLike, run: (ctx: InvocationContext) => Observable<Event>): Observable<Event> {
  const instrumentation = ctx.instrumentation;
  return instrumentation ? instrumentation.agent(ctx, agent, run) : run(ctx);
}

/**
 * One model call and the tool calls it asks for, wrapped by the run's instrumentation (if any).
 *
 * @example
 * ```ts
 * instrumentedModelCall(ctx, agent, request, (ctx) => callModel(ctx, agent, request, actions).pipe(...));
 * ```
 */
export function instrumentedModelCall(
  ctx: InvocationContext,
  agent: AgentLike,
  request: LlmRequest,
  run: (ctx: InvocationContext) => Observable<Event>,
): Observable<Event> {
  const instrumentation = ctx.instrumentation;
  return instrumentation ? instrumentation.modelCall(ctx, agent, request, run) : run(ctx);
}

/**
 * One tool call, wrapped by the run's instrumentation (if any).
 *
 * @example
 * ```ts
 * instrumentedToolCall(ctx, agent, call, tool, (ctx) => runToolCall(ctx, agent, call, toolsDict));
 * ```
 */
export function instrumentedToolCall(
  ctx: InvocationContext,
  agent: AgentLike,
  call: FunctionCall,
  tool: ToolLike | undefined,
  run: (ctx: InvocationContext) => Observable<ToolCallOutcome>,
): Observable<ToolCallOutcome> {
  const instrumentation = ctx.instrumentation;
  return instrumentation ? instrumentation.toolCall(ctx, { agent, call, tool }, run) : run(ctx);
}

/**
 * Calls `fn` (user code) inside the span of `ctx`'s part of the run; just calls it without
 * instrumentation.
 *
 * @example
 * ```ts
 * inSpan(ctx, () => callback(callbackContext, request));
 * ```
 */
export function inSpan<T>(ctx: InvocationContext | undefined, fn: () => T): T {
  const instrumentation = ctx?.instrumentation;
  return instrumentation ? instrumentation.enter(ctx!, fn) : fn();
}

/**
 * `defer(factory)`, with the factory called and its Observable subscribed inside the span of
 * `ctx`'s part of the run: what the user code starts (a `fetch`, a timer, a Promise chain) nests
 * there.
 *
 * ```
 * subscribeInSpan(ctx, () => --a--|)   →   --a--|      (subscribed inside ctx's span)
 * ```
 *
 * @example
 * ```ts
 * subscribeInSpan(ctx, () => model.generateContent(request, stream));
 * ```
 */
export function subscribeInSpan<T>(ctx: InvocationContext, factory: () => Observable<T>): Observable<T> {
  const instrumentation = ctx.instrumentation;
  if (!instrumentation) return defer(factory);
  return new Observable<T>((subscriber) => instrumentation.enter(ctx, () => defer(factory).subscribe(subscriber)));
}

/**
 * {@link subscribeInSpan} for a caller that is subscribing at this moment (a tool call's or a model
 * call's own subscription): without instrumentation the factory is called now and its Observable
 * handed back as it is (a throw of the factory becomes the Observable's error), so there is no
 * `defer` to subscribe; with instrumentation, {@link subscribeInSpan}.
 *
 * ```
 * startInSpan(ctx, () => --a--|)   →   --a--|      (factory called now; inside ctx's span at subscription when instrumented)
 * startInSpan(ctx, () => throw e)  →   #           (e, at subscription)
 * ```
 *
 * @example
 * ```ts
 * defer(() => startInSpan(ctx, () => tool.runAsync(args, toolContext)).pipe(take(1)));
 * ```
 */
export function startInSpan<T>(ctx: InvocationContext, factory: () => Observable<T>): Observable<T> {
  if (ctx.instrumentation) return subscribeInSpan(ctx, factory);
  try {
    // `from` hands an Observable back as it is; what `defer` would also take (a Promise) is converted as it did
    return from(factory());
  } catch (error) {
    return throwError(() => error);
  }
}
