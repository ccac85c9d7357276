import { closeCutTurn, type LiveItem } from '../../lib/live/close-cut-turn.js';
import { testScheduler } from '../support/test-scheduler.js';

const failure = new Error('closed with code 1011');
const partial = (text: string): LiveItem => ({ response: { content: { role: 'model', parts: [{ text }] }, partial: true } });
const whole = (text: string): LiveItem => ({ response: { content: { role: 'model', parts: [{ text }] } } });
const cut = (text: string): LiveItem => ({ response: { content: { role: 'model', parts: [{ text }] }, interrupted: true } });
const heard = (text: string, finished = false): LiveItem => ({ response: { inputTranscription: { text, finished }, ...(finished ? {} : { partial: true }) } });
const said = (text: string, finished = false): LiveItem => ({ response: { outputTranscription: { text, finished }, ...(finished ? {} : { partial: true }) } });
const F: LiveItem = { failure };

describe('closeCutTurn', () => {
  it('hands nothing on for nothing, and completes with the source', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold<LiveItem>('|').pipe(closeCutTurn())).toBe('|');
    });
  });

  it('a failure with nothing open passes as it is', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-f|', { f: F }).pipe(closeCutTurn())).toBe('-f|', { f: F });
    });
  });

  it('before the failure, the partial text so far follows whole and interrupted', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b-(f|)', { a: partial('Par'), b: partial('is'), f: F });
      expectObservable(source.pipe(closeCutTurn())).toBe('-a-b-(wf|)', { a: partial('Par'), b: partial('is'), w: cut('Paris'), f: F });
    });
  });

  it('text already whole, or a turn ended (turnComplete, interrupted), leaves nothing open', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const values = { a: partial('Hi'), w: whole('Hi'), b: partial('Yo'), t: { response: { turnComplete: true } }, c: partial('Eh'), i: { response: { interrupted: true } }, f: F };
      expectObservable(cold('-a-w-b-t-c-i-f|', values).pipe(closeCutTurn())).toBe('-a-w-b-t-c-i-f|', values);
    });
  });

  it('unfinished transcriptions follow as finished (the user\'s first), then the text', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b-c-d-(f|)', { a: heard('Hello '), b: heard('there'), c: said('Hi '), d: partial('Hi'), f: F });
      expectObservable(source.pipe(closeCutTurn())).toBe('-a-b-c-d-(iwof|)', {
        a: heard('Hello '),
        b: heard('there'),
        c: said('Hi '),
        d: partial('Hi'),
        i: heard('Hello there', true),
        w: cut('Hi'),
        o: said('Hi ', true),
        f: F,
      });
    });
  });

  it('a finished transcription closes its side only', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b-c-(f|)', { a: heard('Hello'), b: heard('Hello', true), c: said('Hi'), f: F });
      expectObservable(source.pipe(closeCutTurn())).toBe('-a-b-c-(of|)', { a: heard('Hello'), b: heard('Hello', true), c: said('Hi'), o: said('Hi', true), f: F });
    });
  });

  it('passes an error on, and unsubscribes the source when the subscriber leaves early', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const failing = cold('-a-#', { a: partial('x') });
      expectObservable(failing.pipe(closeCutTurn())).toBe('-a-#', { a: partial('x') });
      const never = cold<LiveItem>('-a--', { a: partial('x') });
      expectObservable(never.pipe(closeCutTurn()), '^--!').toBe('-a-', { a: partial('x') });
      expectSubscriptions(never.subscriptions).toBe('^--!');
    });
  });
});
