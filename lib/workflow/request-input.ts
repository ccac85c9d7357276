import type { SchemaInput } from '../tools/schema.js';

/** What a {@link RequestInput} is built from (ADK 2.0's names). */
export interface RequestInputParams {
  /** The id of the request (the `adk_request_input` call's id); generated when left out. */
  interruptId?: string;
  /** What to ask the human. */
  message?: string;
  /** Data for the client (shown with the request, not checked). */
  payload?: unknown;
  /** The shape of the answer (zod or JSON Schema); an answer that does not match is refused. */
  responseSchema?: SchemaInput;
}

/**
 * A request for human input: a function node returns (or emits) it to pause its workflow. It
 * becomes a long-running `adk_request_input` function call (args `{interruptId, message, payload,
 * response_schema}`); the client answers with a function response of the same id, maybe days
 * later in another process, and the workflow resumes from the session's events. The answer (a
 * `{result: v}` wrapper unwrapped) is the node's output, or, with `rerunOnResume`, is in
 * `ctx.resumeInputs[interruptId]` when the node runs again.
 *
 * @example
 * ```ts
 * const review = (ctx: NodeContext, draft: string) =>
 *   new RequestInput({ message: `Approve this draft?\n${draft}`, responseSchema: { type: 'string' } });
 * ```
 */
export class RequestInput {
  readonly interruptId: string | undefined;
  readonly message: string | undefined;
  readonly payload: unknown;
  readonly responseSchema: SchemaInput | undefined;

  constructor(params: RequestInputParams = {}) {
    this.interruptId = params.interruptId;
    this.message = params.message;
    this.payload = params.payload;
    this.responseSchema = params.responseSchema;
  }
}
