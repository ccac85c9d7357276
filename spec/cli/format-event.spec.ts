import { confirmationQuestion, parseYesNo } from '../../lib/cli/terminal/confirmation-question.js';
import { compactJson, formatEvent, type StreamingLine } from '../../lib/cli/terminal/format-event.js';
import { terminalStyle } from '../../lib/cli/terminal/terminal-style.js';
import { createEvent, type Event, type EventInit } from '../../lib/index.js';

const plain = terminalStyle(false);
const text = (author: string, value: string, partial = false): Event =>
  createEvent({ author, partial, content: { role: 'model', parts: [{ text: value }] } });

/** Formats events in order, as the turn's `scan` does; returns what was printed. */
function print(...events: Event[]): string {
  let open: StreamingLine | undefined;
  let out = '';
  for (const event of events) {
    const formatted = formatEvent(event, open, plain);
    out += formatted.text;
    open = formatted.open;
  }
  return out;
}

describe('formatEvent', () => {
  it("starts a new line when another agent's chunks arrive, and prints a final text whole when it differs from the stream", () => {
    expect(print(text('a', 'Hel', true), text('a', 'lo', true), text('b', 'Bon', true), text('b', 'Bonjour'))).toBe('a> Hello\nb> Bonjour\n');
    expect(print(text('a', 'Draft', true), text('a', 'Final answer'))).toBe('a> Draft\na> Final answer\n');
  });

  it('prints an error code and message, and cuts long JSON', () => {
    const failed: EventInit = { author: 'a', errorCode: 'MAX_TOKENS', errorMessage: 'The answer was cut.' };
    expect(print(createEvent(failed))).toBe('  ! MAX_TOKENS: The answer was cut.\n');
    const long = compactJson({ text: 'x'.repeat(500) });
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
  });

  it('colours only when asked', () => {
    const coloured = formatEvent(text('a', 'Hi'), undefined, terminalStyle(true)).text;
    expect(coloured).toBe('\x1b[1;36ma\x1b[0m> Hi\n');
  });
});

describe('confirmationQuestion and parseYesNo', () => {
  const request = (hint?: string) => ({
    id: 'c1',
    originalFunctionCall: { name: 'pay', args: { amount: 5 } },
    toolConfirmation: { confirmed: false, ...(hint !== undefined ? { hint } : {}) },
  });

  it('asks "Approve <hint>?", keeps a hint that is already a question, and falls back to the call', () => {
    expect(confirmationQuestion(request('paying 5 EUR'))).toBe('Approve paying 5 EUR? [y/n] ');
    expect(confirmationQuestion(request('Pay 5 EUR?'))).toBe('Pay 5 EUR? [y/n] ');
    expect(confirmationQuestion(request())).toBe('Approve pay({"amount":5})? [y/n] ');
  });

  it('reads y/yes/n/no in any case, and nothing else', () => {
    expect(['y', 'YES', ' n ', 'No', 'maybe', ''].map(parseYesNo)).toEqual([true, true, false, false, undefined, undefined]);
  });
});
