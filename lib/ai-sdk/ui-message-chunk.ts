/**
 * One chunk of the AI SDK's UI message stream (protocol v1, what `useChat` reads; the `ai`
 * package's `uiMessageChunkSchema`), the kinds rxadk sends.
 *
 * @example
 * ```ts
 * const chunk: UiMessageChunk = { type: 'text-delta', id: 'e1', delta: 'Hel' };
 * ```
 */
export type UiMessageChunk =
  | { type: 'start'; messageId?: string }
  | { type: 'start-step' }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'tool-input-start'; toolCallId: string; toolName: string }
  | { type: 'tool-input-available'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-output-available'; toolCallId: string; output: unknown }
  | { type: 'data-state'; id: string; data: Record<string, unknown> }
  | { type: 'finish-step' }
  | { type: 'finish' }
  | { type: 'error'; errorText: string };

/**
 * The response headers of a UI message stream, as the `ai` package's
 * `UI_MESSAGE_STREAM_HEADERS` has them (`x-vercel-ai-ui-message-stream: v1`).
 *
 * @example
 * ```ts
 * res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
 * ```
 */
export const UI_MESSAGE_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'X-Accel-Buffering': 'no',
};

/**
 * A chunk's wire form: one `data:` line of JSON and a blank line. The stream ends with
 * {@link UI_MESSAGE_STREAM_DONE}.
 *
 * @example
 * ```ts
 * formatUiMessageChunk({ type: 'start-step' }); // 'data: {"type":"start-step"}\n\n'
 * ```
 */
export function formatUiMessageChunk(chunk: UiMessageChunk): string {
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/**
 * The last message of a UI message stream.
 *
 * @example
 * ```ts
 * res.end(UI_MESSAGE_STREAM_DONE);
 * ```
 */
export const UI_MESSAGE_STREAM_DONE = 'data: [DONE]\n\n';
