import type { Event } from '../../events/event.js';
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../../events/framework-function-names.js';
import { getFunctionCalls } from '../../events/get-function-calls.js';
import { getFunctionResponses } from '../../events/get-function-responses.js';
import type { TerminalStyle } from './terminal-style.js';

/** The agent line being streamed: its author and the text printed so far (no newline yet). */
export interface StreamingLine {
  author: string;
  text: string;
}

/** What to print for an event, and the line left open for the next partial chunk. */
export interface FormattedEvent {
  text: string;
  open: StreamingLine | undefined;
}

const MAX_JSON = 160;

/**
 * Renders one event of a streaming run for the terminal:
 *
 * - a partial chunk appends its text to the author's open line (`weather_agent> It is …`);
 * - the final event ends that line (its text is not printed twice), or prints the text whole when
 *   nothing was streamed;
 * - tool calls and results are one compact line each (`  → get_weather({"city":"Paris"})`,
 *   `  ← get_weather: {...}`); a call waiting for confirmation says so; errors are `  ! ...`.
 *
 * Pure: the caller keeps `open` between events (a `scan`).
 *
 * @example
 * ```ts
 * let open: StreamingLine | undefined;
 * for (const event of events) {
 *   const formatted = formatEvent(event, open, terminalStyle(false));
 *   process.stdout.write(formatted.text);
 *   open = formatted.open;
 * }
 * ```
 */
export function formatEvent(event: Event, open: StreamingLine | undefined, style: TerminalStyle): FormattedEvent {
  const text = visibleText(event);
  if (event.partial) {
    if (!text) return { text: '', open };
    if (open?.author === event.author) return { text, open: { author: open.author, text: open.text + text } };
    return { text: `${endLine(open)}${style.author(event.author)}> ${text}`, open: { author: event.author, text } };
  }
  return { text: endOrPrintText(event, text, open, style) + toolLines(event, style), open: undefined };
}

function endOrPrintText(event: Event, text: string, open: StreamingLine | undefined, style: TerminalStyle): string {
  if (!text) return endLine(open);
  if (open?.author === event.author && text.startsWith(open.text)) return `${text.slice(open.text.length)}\n`;
  return `${endLine(open)}${style.author(event.author)}> ${text}\n`;
}

function toolLines(event: Event, style: TerminalStyle): string {
  const waiting = event.actions.requestedToolConfirmations;
  const calls = getFunctionCalls(event)
    .filter((call) => call.name !== REQUEST_CONFIRMATION_FUNCTION_CALL_NAME)
    .map((call) => style.tool(`  → ${call.name}(${compactJson(call.args ?? {})})`));
  const results = getFunctionResponses(event).map((response) =>
    response.id && Object.hasOwn(waiting, response.id)
      ? style.warn(`  ← ${response.name}: waiting for your confirmation`)
      : style.tool(`  ← ${response.name}: ${compactJson(response.response ?? {})}`),
  );
  const error = event.errorCode || event.errorMessage ? [style.error(`  ! ${[event.errorCode, event.errorMessage].filter(Boolean).join(': ')}`)] : [];
  return [...calls, ...results, ...error].map((line) => `${line}\n`).join('');
}

function visibleText(event: Event): string {
  return (event.content?.parts ?? []).map((part) => (part.thought ? '' : (part.text ?? ''))).join('');
}

function endLine(open: StreamingLine | undefined): string {
  return open ? '\n' : '';
}

/**
 * JSON on one line, cut to 160 characters (ending with `…` when cut).
 *
 * @example
 * ```ts
 * compactJson({ city: 'Paris' }); // '{"city":"Paris"}'
 * ```
 */
export function compactJson(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > MAX_JSON ? `${json.slice(0, MAX_JSON - 1)}…` : json;
}
