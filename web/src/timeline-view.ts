import type { Content, Part } from '@google/genai';
import { filter, fromEvent, map, merge, type Observable, share, tap } from 'rxjs';
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../../lib/events/framework-function-names.js';
import { clear, h } from './dom.js';
import type { RunMessage } from './run-message.js';
import { spanEventIdOf } from './span-event-id.js';
import { timelineRowOf, type TimelineRow } from './timeline-row.js';

/**
 * A timeline row opened in the inspector: its message, and the id of the event whose span holds
 * the model call or tool call behind it (see {@link spanEventIdOf}).
 *
 * @example
 * ```ts
 * const inspection: Inspection = { message: { kind: 'event', event }, spanEventId: event.id };
 * ```
 */
export interface Inspection {
  message: RunMessage;
  spanEventId?: string;
}

/**
 * The event-timeline column: one section per turn, one row per hook that fired and per event
 * (author, partial or final, function calls and responses, state delta), indented like the
 * seed's timing diagram (Runner ▸ agent ▸ model / tool), in the order they happened. A click on
 * a row (or Enter on a focused one) emits it on {@link inspects$} (and marks it selected).
 *
 * @example
 * ```ts
 * const timeline = new TimelineView(document.querySelector('#timeline')!);
 * timeline.beginTurn(1, userMessage);
 * runMessages.forEach((message) => timeline.append(message));
 * ```
 */
export class TimelineView {
  /** The row clicked, for the event inspector. */
  readonly inspects$: Observable<Inspection>;
  private rows: HTMLElement | undefined;
  private header: HTMLElement | undefined;
  private readonly messages = new WeakMap<Element, RunMessage>();

  constructor(private readonly root: HTMLElement) {
    const keys = fromEvent<KeyboardEvent>(root, 'keydown').pipe(
      filter((key) => key.key === 'Enter' || key.key === ' '),
      tap((key) => key.preventDefault()),
    );
    this.inspects$ = merge(fromEvent<MouseEvent>(root, 'click'), keys).pipe(
      map((input) => (input.target instanceof Element ? input.target.closest('li.row') : null)),
      filter((row): row is Element => row !== null && this.messages.has(row)),
      map((row) => this.inspect(row)),
      share(),
    );
  }

  /** Empties the timeline (with an optional placeholder line). */
  reset(placeholder?: string): void {
    this.rows = undefined;
    this.header = undefined;
    clear(this.root, placeholder);
  }

  /** How many turns are shown. */
  turnCount(): number {
    return this.root.querySelectorAll('.turn').length;
  }

  /** Starts the section of turn `index` (1-based), titled with the user's message. */
  beginTurn(index: number, userContent: Content | undefined): void {
    this.root.querySelector('.placeholder')?.remove();
    this.header = h('div', { class: 'turn-header' }, h('strong', {}, `Turn ${index}`), ' ', h('span', { class: 'said' }, describeMessage(userContent)), ' ', h('span', { class: 'invocation' }));
    this.rows = h('ol', { class: 'rows' });
    const turn = h('section', { class: 'turn', 'data-testid': 'turn' }, this.header, this.rows);
    this.root.appendChild(turn);
  }

  /** One message of the current turn. */
  append(message: RunMessage): void {
    if (!this.rows) this.beginTurn(this.turnCount() + 1, undefined);
    this.labelInvocation(message);
    const row = renderRow(timelineRowOf(message));
    if (message.kind === 'event') row.dataset['eventId'] = message.event.id;
    this.messages.set(row, message);
    this.rows!.appendChild(row);
    row.scrollIntoView({ block: 'nearest' });
  }

  private inspect(row: Element): Inspection {
    this.root.querySelector('li.row.selected')?.classList.remove('selected');
    row.classList.add('selected');
    const rows = Array.from(row.parentElement?.children ?? [row]);
    const turn = rows.map((each) => this.messages.get(each)).filter((message): message is RunMessage => message !== undefined);
    const message = this.messages.get(row)!;
    return { message, spanEventId: spanEventIdOf(turn, turn.indexOf(message)) };
  }

  private labelInvocation(message: RunMessage): void {
    const id = message.kind === 'trace' ? message.entry.invocationId : message.kind === 'event' ? message.event.invocationId : undefined;
    const label = this.header?.querySelector('.invocation');
    if (id && label && !label.textContent) label.textContent = id;
  }
}

/** A row: its label and meta on one line, its details below (inline for a streamed chunk, to keep chunks compact). */
function renderRow(row: TimelineRow): HTMLElement {
  const details = row.partial
    ? [h('div', { class: 'line' }, h('span', { class: 'label' }, row.label), ...row.meta.map(metaItem), ...row.details.map((detail) => h('span', { class: 'inline-detail' }, detail)))]
    : [h('div', { class: 'line' }, h('span', { class: 'label' }, row.label), ...row.meta.map(metaItem)), ...row.details.map((detail) => h('div', { class: 'detail' }, detail))];
  return h(
    'li',
    {
      class: `row ${row.kind} tone-${row.tone} level-${row.level}${row.partial ? ' partial' : ''}`,
      'data-kind': row.kind,
      'data-hook': row.hook,
      'data-partial': row.partial ? 'true' : undefined,
      tabindex: '0',
    },
    ...details,
  );
}

function metaItem(item: string): HTMLElement {
  return h('span', { class: 'meta' }, item);
}

function describeMessage(content: Content | undefined): string {
  if (!content) return '';
  const text = (content.parts ?? []).map(describePart).join(' ');
  return text.length > 80 ? `“${text.slice(0, 79)}…”` : `“${text}”`;
}

/** Text as is; a confirmation answer as "approved" / "rejected"; another function response by name. */
function describePart(part: Part): string {
  if (part.text !== undefined) return part.text;
  const response = part.functionResponse;
  if (response?.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) {
    return (response.response as { confirmed?: boolean } | undefined)?.confirmed ? 'approved' : 'rejected';
  }
  return response ? `[${response.name}]` : '';
}
