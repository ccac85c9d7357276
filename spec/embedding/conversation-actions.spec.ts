import { concat, map, type Observable, of } from 'rxjs';
import { createEvent } from '../../lib/events/event.js';
import { type ConversationAction, historyLoaded, TURN_ENDED, turnEvent, turnStarted } from '../../lib/embedding/conversation-action.js';
import { conversationActions } from '../../lib/embedding/conversation-actions.js';
import { CANCEL_COMMAND, CLOSE_COMMAND, type ConversationCommand, sendCommand } from '../../lib/embedding/conversation-command.js';
import type { ConversationSend } from '../../lib/embedding/conversation-turn.js';
import { userMessage } from '../../lib/embedding/user-message.js';
import { testScheduler } from '../support/test-scheduler.js';

const CODES: Record<ConversationAction['kind'], string> = {
  history: 'h',
  'history-failed': 'f',
  sent: 's',
  started: 't',
  event: 'e',
  ended: 'n',
  failed: 'x',
  cancelled: 'c',
  closed: 'z',
};
/** The actions as letters: h history, s sent, t started, e event, n ended, c cancelled, z closed. */
const letters = (actions: Observable<ConversationAction>) => actions.pipe(map((action) => CODES[action.kind]));

const COMMANDS: Record<string, ConversationCommand> = { s: sendCommand(userMessage('hi')), c: CANCEL_COMMAND, x: CLOSE_COMMAND };
const HISTORY = { h: historyLoaded([createEvent({ id: 'old', author: 'assistant', content: { role: 'model', parts: [{ text: 'Welcome back.' }] }, timestamp: 0 })]) };
const answer = turnEvent(createEvent({ id: 'a', author: 'assistant', content: { role: 'model', parts: [{ text: 'Hi.' }] }, timestamp: 0 }));

/** A turn as conversationTurn shapes it: `started`, then the body's actions. */
const turnWith = (body: Observable<ConversationAction>) => (send: ConversationSend) => concat(of(turnStarted(send.index, send.message)), body);

describe('conversationActions (marble tests)', () => {
  it('a send made while the history loads waits for it: sent at once, started when the history completes', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const history = cold('---h|', HISTORY);
      const body = cold('--e-n|', { e: answer, n: TURN_ENDED });
      const commands = hot('-s------', COMMANDS);
      expectObservable(letters(commands.pipe(conversationActions(history, turnWith(body))))).toBe('-s-ht-e-n');
      expectSubscriptions(history.subscriptions).toBe('^---!');
      expectSubscriptions(body.subscriptions).toBe('----^----!');
    });
  });

  it('a send that can start at once gives started before sent (never shown as waiting)', () => {
    testScheduler().run(({ cold, hot, expectObservable }) => {
      const body = cold('-----e-n|', { e: answer, n: TURN_ENDED });
      expectObservable(letters(hot('-s', COMMANDS).pipe(conversationActions(cold('|'), turnWith(body))))).toBe('-(ts)-e-n');
    });
  });

  it('a cancel while the history loads drops the waiting send and lets the history finish', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const history = cold('----h|', HISTORY);
      const body = cold('-e|', { e: answer });
      expectObservable(letters(hot('-s-c-----', COMMANDS).pipe(conversationActions(history, turnWith(body))))).toBe('-s-ch');
      expectSubscriptions(history.subscriptions).toBe('^----!');
      expectSubscriptions(body.subscriptions).toBe([]);
    });
  });

  it('a cancel mid-turn unsubscribes it; the next send starts afresh', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const body = cold('----e----n|', { e: answer, n: TURN_ENDED });
      expectObservable(letters(hot('-s----c-s------', COMMANDS).pipe(conversationActions(cold('|'), turnWith(body))))).toBe('-(ts)ec-(ts)e----n');
      expectSubscriptions(body.subscriptions).toBe(['-^----!', '--------^---------!']);
    });
  });

  it('close unsubscribes the loading history and the commands at once, then gives closed and completes', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const history = cold('-------h|', HISTORY);
      const body = cold('-e|', { e: answer });
      const commands = hot('-s--x-s-', COMMANDS);
      expectObservable(letters(commands.pipe(conversationActions(history, turnWith(body))))).toBe('-s--(z|)');
      expectSubscriptions(history.subscriptions).toBe('^---!');
      expectSubscriptions(commands.subscriptions).toBe('^---!');
      expectSubscriptions(body.subscriptions).toBe([]);
    });
  });

  it('close unsubscribes the running turn, adding nothing but closed', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const body = cold('----e----n|', { e: answer, n: TURN_ENDED });
      expectObservable(letters(hot('-s----x', COMMANDS).pipe(conversationActions(cold('|'), turnWith(body))))).toBe('-(ts)e(z|)');
      expectSubscriptions(body.subscriptions).toBe('-^----!');
    });
  });

  it('with no commands, gives the history and stays open', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const commands = hot<ConversationCommand>('-');
      expectObservable(letters(commands.pipe(conversationActions(cold('--h|', HISTORY), turnWith(cold('|')))))).toBe('--h');
      expectSubscriptions(commands.subscriptions).toBe('^');
    });
  });

  it('unsubscribing early unsubscribes the history, the running turn and the commands', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const history = cold('--h|', HISTORY);
      const body = cold('------e|', { e: answer });
      const commands = hot('-s------', COMMANDS);
      expectObservable(letters(commands.pipe(conversationActions(history, turnWith(body)))), '^-----!').toBe('-sht');
      expectSubscriptions(history.subscriptions).toBe('^--!');
      expectSubscriptions(body.subscriptions).toBe('---^--!');
      expectSubscriptions(commands.subscriptions).toBe('^-----!');
    });
  });
});
