import { CANCELLED, CLOSED, historyFailed, toConversationFailure, TURN_ENDED, turnFailed, turnSent } from '../../lib/embedding/conversation-action.js';
import { ConversationClosedError } from '../../lib/embedding/conversation-closed-error.js';

describe('toConversationFailure', () => {
  it('keeps an Error\'s message, and its code when it is a non-empty string', () => {
    expect(toConversationFailure(new ConversationClosedError())).toEqual({ code: 'CONVERSATION_CLOSED', message: expect.stringMatching(/^This Conversation is closed/) });
    expect(toConversationFailure(new Error('boom'))).toEqual({ message: 'boom' });
    expect(toConversationFailure(Object.assign(new Error('x'), { code: 42 }))).toEqual({ message: 'x' });
    expect(toConversationFailure(Object.assign(new Error('x'), { code: '' }))).toEqual({ message: 'x' });
  });

  it('turns anything else into its string', () => {
    expect(toConversationFailure('offline')).toEqual({ message: 'offline' });
    expect(toConversationFailure(undefined)).toEqual({ message: 'undefined' });
    expect(toConversationFailure(null)).toEqual({ message: 'null' });
    expect(toConversationFailure({ code: 'E1' })).toEqual({ code: 'E1', message: '[object Object]' });
  });
});

describe('conversation actions', () => {
  it('are frozen plain data', () => {
    for (const action of [turnSent(0), turnFailed(new Error('x')), historyFailed('y'), TURN_ENDED, CANCELLED, CLOSED]) {
      expect(Object.isFrozen(action)).toBe(true);
    }
    expect(turnFailed(new Error('x'))).toEqual({ kind: 'failed', failure: { message: 'x' } });
    expect(historyFailed('y')).toEqual({ kind: 'history-failed', failure: { message: 'y' } });
  });
});
