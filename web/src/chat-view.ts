import type { Content } from '@google/genai';
import { filter, fromEvent, map, type Observable, share } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import { getConfirmationRequests, type ConfirmationRequest } from '../../lib/events/confirmation-requests.js';
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../../lib/events/framework-function-names.js';
import { getFunctionCalls } from '../../lib/events/get-function-calls.js';
import { getFunctionResponses } from '../../lib/events/get-function-responses.js';
import type { ConfirmationDecision } from './confirmation-decision.js';
import { clear, compactJson, h } from './dom.js';

/**
 * The chat column: the user's messages, the agents' answers — streamed text grows in one bubble
 * as partial events arrive, then the final event replaces it —, tool calls and results, and
 * confirmation requests as cards with Approve / Reject buttons ({@link decisions$}).
 *
 * @example
 * ```ts
 * const chat = new ChatView(document.querySelector('#chat-log')!);
 * chat.showUser({ role: 'user', parts: [{ text: 'Hi' }] });
 * chat.showEvent(event);
 * chat.decisions$.subscribe((decision) => ...);
 * ```
 */
export class ChatView {
  /** Approve / Reject clicks on pending confirmation cards. */
  readonly decisions$: Observable<ConfirmationDecision>;
  private readonly streaming = new Map<string, HTMLElement>();
  private readonly requests = new WeakMap<Element, ConfirmationRequest>();

  constructor(private readonly root: HTMLElement) {
    this.decisions$ = fromEvent<MouseEvent>(root, 'click').pipe(
      map((click) => this.decisionOf(click.target)),
      filter((decision): decision is ConfirmationDecision => decision !== undefined),
      share(),
    );
  }

  /** Empties the log (with an optional placeholder line). */
  reset(placeholder?: string): void {
    this.streaming.clear();
    clear(this.root, placeholder);
  }

  /** The user's message (a confirmation answer shows as "Approved" / "Rejected"). */
  showUser(content: Content | undefined): void {
    this.root.querySelector('.placeholder')?.remove();
    const answer = content?.parts?.find((part) => part.functionResponse?.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME)?.functionResponse;
    const text = answer
      ? (answer.response as { confirmed?: boolean } | undefined)?.confirmed
        ? '✓ Approved'
        : '✗ Rejected'
      : (content?.parts ?? []).map((part) => part.text ?? '').join('');
    this.add(h('div', { class: 'bubble user', 'data-testid': 'bubble', 'data-author': 'user' }, h('div', { class: 'text' }, text)));
  }

  /**
   * An agent's event. `answered` maps confirmation ids already answered (when replaying a stored
   * session) to the answer, so their cards show the outcome instead of buttons.
   */
  showEvent(event: Event, answered: ReadonlyMap<string, boolean> = new Map()): void {
    this.root.querySelector('.placeholder')?.remove();
    if (event.actions?.compaction) return this.showCompaction(event);
    this.showText(event);
    for (const call of getFunctionCalls(event)) {
      if (call.name !== REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) this.add(chip('call', `→ ${call.name}(${compactJson(call.args ?? {})})`, event.author));
    }
    for (const request of getConfirmationRequests(event)) this.add(this.confirmationCard(request, answered.get(request.id)));
    for (const response of getFunctionResponses(event)) {
      this.add(chip('result', `↩ ${response.name}: ${compactJson(response.response ?? {})}`, event.author));
    }
    if (event.errorMessage) this.showError(`${event.author}: ${event.errorMessage}`);
  }

  /**
   * A compaction event: one summary row (what the model is now sent in place of the events it
   * covers, which stay listed above it).
   */
  showCompaction(event: Event): void {
    const compaction = event.actions.compaction!;
    const summary = (compaction.compactedContent.parts ?? []).map((part) => part.text ?? '').join('');
    const range = `${new Date(compaction.startTimestamp).toLocaleTimeString()} – ${new Date(compaction.endTimestamp).toLocaleTimeString()}`;
    this.add(
      h('div', { class: 'compaction', 'data-testid': 'compaction' },
        h('div', { class: 'compaction-label' }, `Summary of the conversation (${range}), sent to the model in place of the events above`),
        h('div', { class: 'text' }, summary)),
    );
  }

  /** A run error or a failed request. */
  showError(message: string): void {
    this.add(h('div', { class: 'bubble error', 'data-testid': 'chat-error' }, message));
  }

  /** A quiet line (e.g. "stopped"). */
  showNote(message: string): void {
    this.add(h('div', { class: 'note' }, message));
  }

  /** A run was stopped: its growing bubbles end where they are, marked cancelled, and a note says so. */
  cancelStreaming(note: string): void {
    for (const bubble of this.streaming.values()) bubble.dataset['cancelled'] = 'true';
    this.endStreaming();
    this.showNote(note);
  }

  /** A run ended (or failed) with bubbles still growing: they keep their text and lose the cursor. */
  endStreaming(): void {
    for (const bubble of this.streaming.values()) bubble.dataset['streaming'] = 'false';
    this.streaming.clear();
  }

  /** Marks every still-pending confirmation card as answered (after a decision is sent). */
  settle(request: ConfirmationRequest, confirmed: boolean): void {
    const card = this.root.querySelector(`[data-confirmation-id="${CSS.escape(request.id)}"]`);
    if (card) markAnswered(card, confirmed);
  }

  /** Streamed text: partial chunks grow one bubble per (invocation, author); the final text replaces it. */
  private showText(event: Event): void {
    const text = (event.content?.parts ?? []).filter((part) => !part.thought).map((part) => part.text ?? '').join('');
    if (!text) return;
    const key = `${event.invocationId}\u0000${event.author}`;
    let bubble = this.streaming.get(key);
    if (!bubble) {
      bubble = h('div', { class: 'bubble agent', 'data-testid': 'bubble', 'data-author': event.author, 'data-chunks': '0' },
        h('div', { class: 'author' }, event.author), h('div', { class: 'text' }));
      this.add(bubble);
    }
    const body = bubble.querySelector('.text')!;
    if (event.partial) {
      this.streaming.set(key, bubble);
      body.textContent = (body.textContent ?? '') + text;
      bubble.dataset['chunks'] = String(Number(bubble.dataset['chunks']) + 1);
      bubble.dataset['streaming'] = 'true';
    } else {
      this.streaming.delete(key);
      body.textContent = text;
      bubble.dataset['streaming'] = 'false';
    }
  }

  private confirmationCard(request: ConfirmationRequest, answer: boolean | undefined): HTMLElement {
    const payload = request.toolConfirmation.payload;
    const card = h('div', { class: 'confirmation', 'data-testid': 'confirmation', 'data-confirmation-id': request.id },
      h('div', { class: 'title' }, `${request.originalFunctionCall.name} asks for confirmation`),
      h('div', { class: 'hint' }, request.toolConfirmation.hint ?? 'Approve this tool call?'),
      payload !== undefined && h('code', { class: 'payload' }, compactJson(payload)),
      h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'approve', 'data-action': 'approve' }, 'Approve'),
        h('button', { type: 'button', class: 'reject', 'data-action': 'reject' }, 'Reject')),
    );
    this.requests.set(card, request);
    if (answer !== undefined) markAnswered(card, answer);
    return card;
  }

  private decisionOf(target: EventTarget | null): ConfirmationDecision | undefined {
    const button = target instanceof Element ? target.closest<HTMLButtonElement>('button[data-action]') : null;
    const card = button?.closest('[data-confirmation-id]');
    const request = card ? this.requests.get(card) : undefined;
    if (!button || button.disabled || !request) return undefined;
    return { request, confirmed: button.dataset['action'] === 'approve' };
  }

  private add(element: HTMLElement): void {
    this.root.appendChild(element);
    element.scrollIntoView({ block: 'end' });
  }
}

function chip(kind: 'call' | 'result', text: string, author: string): HTMLElement {
  return h('div', { class: `chip ${kind}`, 'data-testid': `tool-${kind}`, title: author }, text);
}

function markAnswered(card: Element, confirmed: boolean): void {
  card.classList.add('answered');
  card.setAttribute('data-answer', confirmed ? 'approved' : 'rejected');
  card.querySelectorAll('button').forEach((button) => (button.disabled = true));
  card.querySelector('.actions')?.append(h('span', { class: 'outcome' }, confirmed ? 'approved' : 'rejected'));
}
