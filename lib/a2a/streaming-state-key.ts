/**
 * The key under which rxadk's A2A transport marks, in the SDK's `ServerCallContext.state`, a call
 * made with `SendStreamingMessage` (v0.3: `message/stream`): its run streams the model's text.
 *
 * @example
 * ```ts
 * const streaming = requestContext.context.state.get(STREAMING_STATE_KEY) === true;
 * ```
 */
export const STREAMING_STATE_KEY = 'rxadk.a2a.streaming';
