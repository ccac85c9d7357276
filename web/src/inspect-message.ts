import { catchError, concat, defer, map, type Observable, of, tap } from 'rxjs';
import type { ApiClient, SessionRef } from './api-client.js';
import { clear, h } from './dom.js';
import type { RunMessage } from './run-message.js';
import type { Inspection } from './timeline-view.js';

/** The span attributes the inspector shows, with their headings, in order. */
const SPAN_PARTS: ReadonlyArray<readonly [string, string]> = [
  ['gcp.vertex.agent.llm_request', 'Model request'],
  ['gcp.vertex.agent.llm_response', 'Model response'],
  ['gcp.vertex.agent.tool_call_args', 'Tool arguments'],
  ['gcp.vertex.agent.tool_response', 'Tool response'],
];

/**
 * Shows a timeline row in `root`, the event inspector: the raw event (or hook entry) as JSON,
 * then — for an event a model call or a tool call produced, or for a model or tool hook — what
 * that call's span kept: the model's request and response, or the tool's arguments and result
 * (`GET /dev/apps/{app}/debug/trace/{eventId}`, with the inspection's `spanEventId`). The span
 * has the contents only with content capture on; without, the raw entry is all there is.
 *
 * ```
 * raw JSON at once ──► span parts once loaded (or "none kept")|
 * ```
 *
 * @example
 * ```ts
 * timeline.inspects$.pipe(switchMap((inspection) => inspectMessage(api, ref, inspection, inspector))).subscribe();
 * ```
 */
export function inspectMessage(api: ApiClient, ref: SessionRef, inspection: Inspection, root: HTMLElement): Observable<unknown> {
  const { message, spanEventId } = inspection;
  return concat(defer(() => of(showRaw(message, root))), spanEventId ? spanParts(api, ref, spanEventId, root) : of(undefined));
}

function showRaw(message: RunMessage, root: HTMLElement): void {
  const [title, raw] = rawOf(message);
  clear(root);
  root.hidden = false;
  root.append(
    h('div', { class: 'inspector-head' }, h('strong', {}, title), h('button', { type: 'button', class: 'quiet', 'data-testid': 'inspector-close' }, 'Close')),
    h('h4', {}, 'Raw'),
    h('pre', { 'data-testid': 'inspector-raw' }, JSON.stringify(raw, null, 2)),
  );
  root.querySelector('[data-testid=inspector-close]')?.addEventListener('click', () => (root.hidden = true), { once: true });
}

function rawOf(message: RunMessage): [string, unknown] {
  switch (message.kind) {
    case 'event':
      return [`Event ${message.event.id} by ${message.event.author}${message.event.partial ? ' (streamed chunk)' : ''}`, message.event];
    case 'trace':
      return [`Hook ${message.entry.hook} #${message.entry.seq}`, message.entry];
    case 'user':
      return ['User message', message.content];
    case 'error':
      return ['Run error', { error: message.error }];
    case 'cancelled':
      return ['Cancelled', { cancelled: true }];
  }
}

const NO_SPAN = 'No model or tool call is kept for this event: it came from elsewhere (a callback, the user), or the server no longer holds its trace (traces live in memory, bounded, not across restarts).';
const NO_CONTENTS = 'The span of this call keeps no contents: content capture is off (ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS=false).';

function spanParts(api: ApiClient, ref: SessionRef, eventId: string, root: HTMLElement): Observable<unknown> {
  return api.eventSpan(ref, eventId).pipe(
    map((attributes) => SPAN_PARTS.filter(([key]) => typeof attributes[key] === 'string' && attributes[key] !== '{}').map(([key, title]) => [title, attributes[key] as string] as const)),
    map((found) => ({ found, kept: true })),
    catchError(() => of({ found: [], kept: false })),
    tap(({ found, kept }) => {
      if (found.length === 0) root.append(h('p', { class: 'placeholder', 'data-testid': 'inspector-no-span' }, kept ? NO_CONTENTS : NO_SPAN));
      for (const [title, json] of found) root.append(h('h4', {}, title), h('pre', { 'data-testid': `inspector-${title.toLowerCase().replace(/ /g, '-')}` }, pretty(json)));
    }),
  );
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}
