import { createEvent, type Event, type EventInit } from '../../lib/events/event.js';
import {
  CANCELLED,
  CLOSED,
  type ConversationAction,
  historyFailed,
  historyLoaded,
  TURN_ENDED,
  turnEvent,
  turnFailed,
  turnSent,
  turnStarted,
} from '../../lib/embedding/conversation-action.js';
import { conversationReducer, type ConversationModel, INITIAL_CONVERSATION_MODEL } from '../../lib/embedding/conversation-reducer.js';
import { IDLE_CONVERSATION } from '../../lib/embedding/conversation-state.js';
import type { TranscriptEntry } from '../../lib/embedding/transcript.js';
import { userMessage } from '../../lib/embedding/user-message.js';
import { RxadkError } from '../../lib/utils/errors.js';

let ids = 0;
const event = (init: EventInit): Event => createEvent({ id: `e${++ids}`, invocationId: 'i1', timestamp: 0, ...init });
const said = (text: string, partial = false): Event => event({ author: 'assistant', content: { role: 'model', parts: [{ text }] }, ...(partial ? { partial } : {}) });
const toolCall = (id: string): Event => event({ author: 'assistant', content: { role: 'model', parts: [{ functionCall: { id, name: 'research', args: {} } }] } });

const reduce = (actions: ConversationAction[], from: ConversationModel = INITIAL_CONVERSATION_MODEL) => actions.reduce(conversationReducer, from);

function line(entry: TranscriptEntry): string {
  switch (entry.kind) {
    case 'message':
      return `${entry.id} ${entry.author}: ${entry.text}${entry.partial ? '…' : ''}`;
    case 'tool':
      return `${entry.id} ${entry.name} ${entry.status}`;
    case 'error':
      return `${entry.id} error${entry.code ? ` ${entry.code}` : ''}: ${entry.message}`;
    case 'cancelled':
      return `${entry.id} cancelled`;
  }
}

/** The model as one line: busy or idle, the last outcome, then the entries. */
const view = (model: ConversationModel) =>
  `${model.state.busy ? 'busy' : 'idle'} ${model.state.lastTurn ?? '-'} | ${model.state.messages.map(line).join(' / ')}`;

/** A turn started at once: `started` comes before its `sent` (see conversationActions). */
const startAtOnce = (index: number, text: string) => [turnStarted(index, userMessage(text)), turnSent(index)];

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

describe('conversationReducer', () => {
  it('starts idle and empty', () => {
    expect(INITIAL_CONVERSATION_MODEL.state).toBe(IDLE_CONVERSATION);
    expect(view(INITIAL_CONVERSATION_MODEL)).toBe('idle - | ');
  });

  it('a send that waits is busy with no entry; its start adds the user message, numbered by turn', () => {
    const waiting = reduce([turnSent(0)]);
    expect(view(waiting)).toBe('busy - | ');
    expect(view(reduce([turnStarted(0, userMessage('hi'))], waiting))).toBe('busy - | turn-1-user user: hi');
  });

  it('a turn that starts at once: its late `sent` changes nothing', () => {
    const started = reduce([turnStarted(0, userMessage('hi'))]);
    expect(view(started)).toBe('busy - | turn-1-user user: hi');
    expect(conversationReducer(started, turnSent(0))).toBe(started);
  });

  it('folds the turn\'s events: streamed chunks grow one message; the end settles it, lastTurn done', () => {
    const streaming = reduce([...startAtOnce(0, 'hi'), turnEvent(said('Hel', true)), turnEvent(said('lo', true))]);
    expect(view(streaming)).toBe(`busy - | turn-1-user user: hi / e${ids - 1} assistant: Hello…`);
    expect(view(conversationReducer(streaming, TURN_ENDED))).toBe(`idle done | turn-1-user user: hi / e${ids - 1} assistant: Hello`);
  });

  it('a turn that completes leaves its running tool calls running (a long-running tool)', () => {
    const ended = reduce([...startAtOnce(0, 'go'), turnEvent(toolCall('c1')), TURN_ENDED]);
    expect(view(ended)).toBe('idle done | turn-1-user user: go / c1 research running');
  });

  it('a turn that fails settles, cancels its running calls and adds an error entry with the code', () => {
    class Overloaded extends RxadkError {
      constructor() {
        super('MODEL_OVERLOADED', 'model overloaded');
      }
    }
    const failed = reduce([...startAtOnce(0, 'go'), turnEvent(toolCall('c1')), turnEvent(said('Wor', true)), turnFailed(new Overloaded())]);
    expect(view(failed)).toBe(`idle failed | turn-1-user user: go / c1 research cancelled / e${ids} assistant: Wor / turn-1-error error MODEL_OVERLOADED: model overloaded`);
    expect(failed.state.messages.at(-1)).toEqual({ kind: 'error', id: 'turn-1-error', author: 'rxadk', code: 'MODEL_OVERLOADED', message: 'model overloaded' });
  });

  it('a cancel mid-turn settles it with a cancelled entry and drops the waiting sends', () => {
    const running = reduce([...startAtOnce(0, 'one'), turnEvent(toolCall('c1')), turnSent(1), turnSent(2)]);
    expect(view(running)).toBe('busy - | turn-1-user user: one / c1 research running');
    const cancelled = conversationReducer(running, CANCELLED);
    expect(view(cancelled)).toBe('idle cancelled | turn-1-user user: one / c1 research cancelled / turn-1-cancelled cancelled');
    // the dropped sends are not counted as turns: the next one is turn 2
    expect(view(reduce(startAtOnce(3, 'two'), cancelled))).toBe(
      'busy cancelled | turn-1-user user: one / c1 research cancelled / turn-1-cancelled cancelled / turn-2-user user: two',
    );
  });

  it('a cancel with nothing running or waiting returns the same model', () => {
    const done = reduce([...startAtOnce(0, 'hi'), TURN_ENDED]);
    expect(conversationReducer(done, CANCELLED)).toBe(done);
    expect(conversationReducer(INITIAL_CONVERSATION_MODEL, CANCELLED)).toBe(INITIAL_CONVERSATION_MODEL);
  });

  it('a cancel while sends only wait (the history loads) drops them, with no entry', () => {
    expect(view(reduce([turnSent(0), turnSent(1), CANCELLED]))).toBe('idle - | ');
  });

  it('a send made during a turn keeps busy true between the turns', () => {
    const between = reduce([...startAtOnce(0, 'first'), turnSent(1), TURN_ENDED]);
    expect(view(between)).toBe('busy done | turn-1-user user: first');
    expect(view(reduce([turnStarted(1, userMessage('second'))], between))).toBe('busy done | turn-1-user user: first / turn-2-user user: second');
  });

  it('folds the stored events first; a store error becomes a history-error entry', () => {
    expect(view(reduce([historyLoaded([event({ id: 'old', author: 'assistant', content: { role: 'model', parts: [{ text: 'Welcome back.' }] } })])]))).toBe(
      'idle - | old assistant: Welcome back.',
    );
    expect(view(reduce([historyFailed('store offline')]))).toBe('idle - | history-error error: store offline');
    expect(reduce([historyLoaded([])])).toBe(INITIAL_CONVERSATION_MODEL);
  });

  it('close stops busy and adds nothing: a streamed message stays as it was', () => {
    const running = reduce([...startAtOnce(0, 'hi'), turnEvent(said('Hel', true)), turnSent(1)]);
    const closed = conversationReducer(running, CLOSED);
    expect(view(closed)).toBe(`idle - | turn-1-user user: hi / e${ids} assistant: Hel…`);
    expect(closed.state.messages).toBe(running.state.messages);
    expect(conversationReducer(closed, CLOSED)).toBe(closed);
  });

  it('keeps the state\'s identity when nothing shown changes (an event with nothing to show)', () => {
    const started = reduce(startAtOnce(0, 'hi'));
    const after = conversationReducer(started, turnEvent(event({ author: 'assistant' })));
    expect(after).toBe(started);
  });

  it('is pure: frozen inputs are never changed, and the same actions give equal models', () => {
    const actions = deepFreeze([...startAtOnce(0, 'hi'), turnEvent(toolCall('c9')), turnEvent(said('A', true)), turnSent(1), CANCELLED, ...startAtOnce(2, 'again'), turnFailed(new Error('x'))]);
    let model = deepFreeze(INITIAL_CONVERSATION_MODEL);
    for (const action of actions) model = deepFreeze(conversationReducer(model, action));
    expect(reduce(actions)).toEqual(model);
    expect(view(model)).toBe(`idle failed | turn-1-user user: hi / c9 research cancelled / e${ids} assistant: A / turn-1-cancelled cancelled / turn-2-user user: again / turn-2-error error: x`);
  });
});
