/**
 * One server-sent event of `POST /run_sse`: an agent event is a plain `data:` message (as Google
 * ADK sends it, so ADK clients read it unchanged); a trace entry is `event: trace`, a run error
 * `event: error` with `{error}`.
 *
 * @example
 * ```ts
 * const message: SseMessage = { event: 'trace', data: { seq: 1, hook: 'onUserMessage' } };
 * ```
 */
export interface SseMessage {
  /** The SSE event name; absent for agent events (the default `message` type). */
  event?: 'trace' | 'error';
  /** Sent as one line of JSON. */
  data: unknown;
}

/**
 * The wire form of a message: an optional `event:` line, one `data:` line of JSON, a blank line.
 * JSON escapes newlines, so the data is always a single line.
 *
 * @example
 * ```ts
 * formatSseMessage({ data: { author: 'weather_agent' } }); // 'data: {"author":"weather_agent"}\n\n'
 * formatSseMessage({ event: 'error', data: { error: 'boom' } }); // 'event: error\ndata: {"error":"boom"}\n\n'
 * ```
 */
export function formatSseMessage(message: SseMessage): string {
  return `${message.event ? `event: ${message.event}\n` : ''}data: ${JSON.stringify(message.data)}\n\n`;
}
