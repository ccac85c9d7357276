import { concatMap, defaultIfEmpty, map, type Observable } from 'rxjs';
import type { FunctionCall } from '@google/genai';
import type { InvocationContext } from '../../context/invocation-context.js';
import { endInvocation } from '../../context/end-invocation.js';
import { ReadonlyContext } from '../../context/readonly-context.js';
import type { Event } from '../../events/event.js';
import type { BaseTool } from '../../tools/base-tool.js';
import { runToolCalls } from '../call-tools.js';
import { emitFunctionResponse } from '../emit-function-response.js';
import type { FlowAgent } from '../flow-agent.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';
import { toolCallsAwaitingInput } from '../tool-calls-awaiting-input.js';
import { withRelayedToolEvents } from '../with-relayed-tool-events.js';

/**
 * Resumes the tool calls that waited for human input (a `NodeTool` whose node returned a
 * `RequestInput`): when the latest user message answers their `adk_request_input` calls
 * ({@link toolCallsAwaitingInput}), those calls of this agent run again, under their own ids and
 * arguments, through the shared tool pipeline (their node events relayed first), and their merged
 * response is emitted before the model is called. When the calls still wait (a node asked
 * again, an answer was refused), no response is emitted and the invocation ends there.
 *
 * ```
 * user{response confirm} ─► calculate_discount again: message, output ─► response fc-2 {result: '20% off'} ─► model
 * ```
 *
 * @example
 * ```ts
 * runner.runAsync({ userId, sessionId, newMessage: { role: 'user', parts: [{ functionResponse: { id: 'confirm', name: 'adk_request_input', response: { text: 'yes' } } }] } });
 * ```
 */
export const requestInputRequestProcessor: LlmRequestProcessor = (ctx, agent) => {
  // run when its turn in the request's processors comes: with no call awaiting input there is nothing to wait for
  const calls = toolCallsAwaitingInput(ctx.session.events, agent.name);
  return calls.length ? resume(ctx, agent, calls) : undefined;
};

function resume(ctx: InvocationContext, agent: FlowAgent, calls: FunctionCall[]): Observable<Event> {
  const callEvent = ctx.createEvent({ content: { role: 'model', parts: calls.map((call) => ({ functionCall: call })) } });
  return agent.canonicalTools(new ReadonlyContext(ctx)).pipe(
    map(toolsByName),
    concatMap((toolsDict) =>
      withRelayedToolEvents((relay) =>
        runToolCalls(ctx, agent, calls.map((call) => ({ call })), toolsDict, relay).pipe(
          defaultIfEmpty(undefined),
          concatMap((outcome) => (outcome ? emitFunctionResponse(ctx, agent, callEvent, outcome) : endInvocation(ctx))),
        ),
      ),
    ),
  );
}

/** Tools by name, as own properties only (a tool named `__proto__` stays a plain entry). */
function toolsByName(tools: BaseTool[]): Record<string, BaseTool> {
  return Object.fromEntries(tools.map((t) => [t.name, t]));
}
