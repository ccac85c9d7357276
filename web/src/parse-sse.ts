import { concatMap, defer, type Observable, type OperatorFunction } from 'rxjs';

/**
 * One server-sent event: its type (`message` unless an `event:` line names it) and its data
 * (the `data:` lines joined with newlines).
 *
 * @example
 * ```ts
 * const frame: SseFrame = { event: 'trace', data: '{"seq":1}' };
 * ```
 */
export interface SseFrame {
  event: string;
  data: string;
}

/**
 * Turns text chunks of a `text/event-stream` body into its events, however the chunks cut the
 * frames (a frame ends at a blank line; `\r\n` line ends are accepted; comment lines and frames
 * without data are skipped).
 *
 * @example
 * ```ts
 * of('data: {"a":1}\n\nevent: tr', 'ace\ndata: {"b":2}\n\n').pipe(parseSse());
 * // { event: 'message', data: '{"a":1}' }, { event: 'trace', data: '{"b":2}' }
 * ```
 */
export function parseSse(): OperatorFunction<string, SseFrame> {
  return (chunks: Observable<string>) =>
    defer(() => {
      let buffer = '';
      return chunks.pipe(
        concatMap((chunk) => {
          buffer = normalizeLineEnds(buffer + chunk);
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop() ?? '';
          return blocks.map(parseFrame).filter((frame): frame is SseFrame => frame !== undefined);
        }),
      );
    });
}

/** `\r\n` and `\r` become `\n`; a trailing `\r` waits for the next chunk (it may start a `\r\n`). */
function normalizeLineEnds(text: string): string {
  const tail = text.endsWith('\r') ? '\r' : '';
  const body = tail ? text.slice(0, -1) : text;
  return body.replace(/\r\n?/g, '\n') + tail;
}

function parseFrame(block: string): SseFrame | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : undefined;
}
