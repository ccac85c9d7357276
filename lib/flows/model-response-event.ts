import type { Content, FunctionCall } from '@google/genai';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import type { LlmResponse } from '../models/llm-response.js';
import type { ToolLike } from '../models/tool-like.js';
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../events/framework-function-names.js';
import { withId } from '../utils/with-id.js';
import { modelEventActions, type ModelEventBase } from './model-call-event-base.js';

/**
 * The event for one model response: the response's fields, this agent as author, the shared id
 * of the call and a snapshot of its actions (callbacks may still write the live ones); function calls without an id get one (`adk-…`), and the ids of calls
 * to long-running tools go into `longRunningToolIds`.
 *
 * @example
 * ```ts
 * const event = modelResponseEvent(ctx, { id, actions }, response, request.toolsDict);
 * ```
 */
export function modelResponseEvent(
  ctx: InvocationContext,
  base: ModelEventBase,
  response: LlmResponse,
  toolsDict: Record<string, ToolLike>,
): Event {
  const event = ctx.createEvent({ id: base.id, actions: modelEventActions(base), ...response });
  if (response.content) event.content = withFunctionCallIds(ctx, response.content);
  const calls = response.partial ? [] : getFunctionCalls(event);
  if (calls.length) event.longRunningToolIds = longRunningIds(calls, toolsDict);
  return event;
}

function longRunningIds(calls: FunctionCall[], toolsDict: Record<string, ToolLike>): string[] {
  return calls.filter((c) => Object.hasOwn(toolsDict, c.name ?? '') && toolsDict[c.name!]!.isLongRunning).map((c) => c.id!);
}

function withFunctionCallIds(ctx: InvocationContext, content: Content): Content {
  const parts = content.parts;
  if (!parts?.some((p) => p.functionCall && !p.functionCall.id)) return content;
  return {
    ...content,
    parts: parts.map((p) =>
      p.functionCall && !p.functionCall.id
        ? { ...p, functionCall: withId(p.functionCall, `${CLIENT_FUNCTION_CALL_ID_PREFIX}${ctx.idGenerator()}`) }
        : p,
    ),
  };
}

