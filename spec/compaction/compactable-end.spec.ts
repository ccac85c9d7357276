import { compactableEnd } from '../../lib/compaction/compactable-end.js';
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../../lib/events/framework-function-names.js';
import { call, ev, response } from './support.js';

describe('compactableEnd', () => {
  it('keeps the whole range when every call in it is answered', () => {
    const events = [ev('i1', 1, 'user', 'q'), ev('i1', 2, 'a', [call('c1')]), ev('i1', 3, 'a', [response('c1')]), ev('i1', 4, 'a', 'done')];
    expect(compactableEnd(events, 0, 4)).toBe(4);
  });

  it('stops before a pending call (a long-running call, an input request) and keeps what follows raw', () => {
    const events = [
      ev('i1', 1, 'user', 'q'),
      ev('i1', 2, 'a', [call('lr')], { longRunningToolIds: ['lr'] }),
      ev('i2', 3, 'user', 'more'),
      ev('i2', 4, 'a', [call('in', 'adk_request_input')]),
    ];
    expect(compactableEnd(events, 0, 4)).toBe(1);
    expect(compactableEnd(events, 2, 4)).toBe(3);
  });

  it('keeps an unanswered confirmation request, the call it asks about, and its placeholder response', () => {
    const original = { id: 'c1', name: 'pay', args: { amount: 5 } };
    const events = [
      ev('i1', 1, 'user', 'pay'),
      ev('i1', 2, 'a', [{ functionCall: original }]),
      ev('i1', 3, 'a', [{ functionCall: { id: 'conf', name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, args: { originalFunctionCall: original, toolConfirmation: {} } } }]),
      ev('i1', 4, 'a', [response('c1', 'pay')]),
    ];
    expect(compactableEnd(events, 0, 4)).toBe(1);
    // once answered, everything may go; the answer kept raw keeps the request, and so the call, raw too
    const answered = [...events, ev('i2', 5, 'user', [{ functionResponse: { id: 'conf', name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, response: { confirmed: true } } }])];
    expect(compactableEnd(answered, 0, 5)).toBe(5);
    expect(compactableEnd(answered, 0, 4)).toBe(1);
  });

  it('moves the split earlier so that a kept response keeps its call', () => {
    const events = [ev('i1', 1, 'user', 'q'), ev('i1', 2, 'a', [call('c1')]), ev('i1', 3, 'a', [response('c1')]), ev('i1', 4, 'a', 'ok')];
    expect(compactableEnd(events, 0, 2)).toBe(1); // the response at 2 stays raw, so its call (1) does too
    expect(compactableEnd(events, 0, 3)).toBe(3);
  });

  it('does not split events that share a timestamp (a range covers by timestamp)', () => {
    const events = [ev('i1', 1, 'user', 'q'), ev('i1', 2, 'a', 'x'), ev('i2', 2, 'user', 'y'), ev('i2', 3, 'a', 'z')];
    expect(compactableEnd(events, 0, 2)).toBe(1);
    expect(compactableEnd(events, 0, 3)).toBe(3);
  });

  it('answers start when nothing can be compacted, and ignores responses to calls before the range', () => {
    const events = [ev('i1', 1, 'a', [call('old')]), ev('i2', 2, 'user', 'q'), ev('i2', 3, 'a', [response('old')])];
    expect(compactableEnd(events, 1, 3)).toBe(3);
    expect(compactableEnd([], 0, 0)).toBe(0);
  });
});
