import { type Observable, concat, map, of } from 'rxjs';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { toJsonSchema } from '../tools/schema.js';
import type { NodeContext } from './node-context.js';
import type { NodeYield } from './node-yield.js';
import type { RequestInput } from './request-input.js';

/**
 * What a node's {@link RequestInput} becomes: one event with a long-running `adk_request_input`
 * function call (args `{interruptId, message, payload, response_schema}`, ADK 2.x's shape),
 * committed, then the interrupt that pauses the node.
 *
 * ```
 * RequestInput ──► (event{functionCall adk_request_input, longRunningToolIds: [id]} interrupt[id] |)
 * ```
 *
 * @example
 * ```ts
 * requestInputYields(ctx, new RequestInput({ message: 'Approve?' })); // event, then { kind: 'interrupt', ids: [...] }
 * ```
 */
export function requestInputYields(ctx: NodeContext, request: RequestInput): Observable<NodeYield> {
  const interruptId = request.interruptId ?? `adk-${ctx.invocation.idGenerator()}`;
  const event = ctx.createEvent({
    content: {
      role: 'model',
      parts: [
        {
          functionCall: {
            id: interruptId,
            name: REQUEST_INPUT_FUNCTION_CALL_NAME,
            args: {
              interruptId,
              message: request.message ?? null,
              payload: request.payload ?? null,
              response_schema: request.responseSchema ? toJsonSchema(request.responseSchema) : null,
            },
          },
        },
      ],
    },
    longRunningToolIds: [interruptId],
  });
  return concat(
    ctx.emit(event).pipe(map((e): NodeYield => ({ kind: 'event', event: e }))),
    of<NodeYield>({ kind: 'interrupt', ids: [interruptId] }),
  );
}
