import { NEVER, type Observable } from 'rxjs';
import type { ColdObservable } from 'rxjs/internal/testing/ColdObservable';
import { concatTurns } from '../../lib/embedding/concat-turns.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('concatTurns (marble tests)', () => {
  it('completes at once for an empty source, starting no turn', () => {
    const turns: string[] = [];
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = cold('|');
      const cancel = hot('--x--');
      expectObservable(source.pipe(concatTurns((value: string) => (turns.push(value), NEVER), cancel))).toBe('|');
      expectSubscriptions(source.subscriptions).toBe('(^!)');
      expectSubscriptions(cancel.subscriptions).toBe('(^!)');
    });
    expect(turns).toEqual([]);
  });

  it('runs one turn and completes after it', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = cold('-a|');
      const turn = cold('--1-2|');
      const cancel = hot('------');
      expectObservable(source.pipe(concatTurns(() => turn, cancel))).toBe('---1-2|');
      expectSubscriptions(turn.subscriptions).toBe('-^----!');
      expectSubscriptions(cancel.subscriptions).toBe('^-----!'); // one subscription, still listened to after the source completed
    });
  });

  it('a cancel after the source completed still ends the running turn and drops the waiting values', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-ab|');
      const cancel = hot('-----x--');
      const turn = cold('--1----2|');
      expectObservable(source.pipe(concatTurns(() => turn, cancel))).toBe('---1-|');
      expectSubscriptions(turn.subscriptions).toBe('-^---!');
    });
  });

  it('runs many turns one at a time, in arrival order: a value that arrives while a turn runs waits for it', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-abc----------|');
      const turns = new Map<string, ColdObservable<string>>([
        ['a', cold('--A|')],
        ['b', cold('-B|')],
        ['c', cold('--(C|)')],
      ]);
      expectObservable(source.pipe(concatTurns((value) => turns.get(value)!, hot('')))).toBe('---A-B--C-----|');
      expectSubscriptions(turns.get('a')!.subscriptions).toBe('-^--!');
      expectSubscriptions(turns.get('b')!.subscriptions).toBe('----^-!');
      expectSubscriptions(turns.get('c')!.subscriptions).toBe('------^-!');
    });
  });

  it('a cancel unsubscribes the running turn and drops the waiting values; values after it run', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-abc------d-|');
      const cancel = hot('-------x-------');
      const turns = new Map<string, ColdObservable<string>>(['a', 'b', 'c', 'd'].map((v) => [v, cold('-1-2|', { 1: `${v}1`, 2: `${v}2` })]));
      expectObservable(source.pipe(concatTurns((value) => turns.get(value)!, cancel))).toBe('--1-2-3----4-5|', { 1: 'a1', 2: 'a2', 3: 'b1', 4: 'd1', 5: 'd2' });
      expectSubscriptions(turns.get('a')!.subscriptions).toBe('-^---!');
      expectSubscriptions(turns.get('b')!.subscriptions).toBe('-----^-!'); // cut by the cancel at 7
      expectSubscriptions(turns.get('c')!.subscriptions).toBe([]); // waited, dropped
      expectSubscriptions(turns.get('d')!.subscriptions).toBe('----------^---!');
      expectSubscriptions(source.subscriptions).toBe('^-----------!');
    });
  });

  it('a cancel with no turn running changes nothing', () => {
    testScheduler().run(({ cold, hot, expectObservable }) => {
      const source = hot('-----a|');
      const cancel = hot('--x----');
      expectObservable(source.pipe(concatTurns(() => cold('-1|'), cancel))).toBe('------1|');
    });
  });

  it('errors when a turn errors, unsubscribing the source and dropping the waiting values', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-ab---');
      const cancel = hot('------');
      const turns = new Map<string, Observable<string>>([
        ['a', cold('--1#', { 1: 'a1' }, new Error('boom'))],
        ['b', cold('-1|', { 1: 'b1' })],
      ]);
      expectObservable(source.pipe(concatTurns((value) => turns.get(value)!, cancel))).toBe('---1#', { 1: 'a1' }, new Error('boom'));
      expectSubscriptions(source.subscriptions).toBe('^---!');
      expectSubscriptions(cancel.subscriptions).toBe('^---!');
    });
  });

  it('errors when the source errors, unsubscribing the running turn', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a--#');
      const turn = cold('-1----2|');
      expectObservable(source.pipe(concatTurns(() => turn, hot('')))).toBe('--1-#');
      expectSubscriptions(turn.subscriptions).toBe('-^--!');
    });
  });

  it('errors when cancel$ errors, unsubscribing the running turn', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-a-----');
      const turn = cold('-1----2|');
      expectObservable(source.pipe(concatTurns(() => turn, hot('----#')))).toBe('--1-#');
      expectSubscriptions(turn.subscriptions).toBe('-^--!');
    });
  });

  it('errors when the turn callback throws', () => {
    testScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const source = hot('--a--');
      const turn = (): Observable<string> => {
        throw new Error('no turn');
      };
      expectObservable(source.pipe(concatTurns(turn, hot('')))).toBe('--#', undefined, new Error('no turn'));
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it('a turn that never ends holds the values after it, and the result never completes; a cancel frees it', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-ab-----c|');
      const never = cold('-');
      const turns = new Map<string, Observable<string>>([
        ['a', never],
        ['b', cold('1|')],
        ['c', cold('2|')],
      ]);
      expectObservable(source.pipe(concatTurns((value) => turns.get(value)!, hot('------x--')))).toBe('--------2|');
      expectSubscriptions(never.subscriptions).toBe('-^----!');
    });
  });

  it('a turn that never ends keeps the result open after the source completes', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const never = cold('-');
      expectObservable(hot('-a|').pipe(concatTurns(() => never, hot('')))).toBe('-');
      expectSubscriptions(never.subscriptions).toBe('-^');
    });
  });

  it('unsubscribing early unsubscribes the running turn, the source and cancel$', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = hot('-ab-------');
      const cancel = hot('----------');
      const turn = cold('--1----2|');
      expectObservable(source.pipe(concatTurns(() => turn, cancel)), '^----!').toBe('---1-');
      expectSubscriptions(turn.subscriptions).toBe('-^---!');
      expectSubscriptions(source.subscriptions).toBe('^----!');
      expectSubscriptions(cancel.subscriptions).toBe('^----!');
    });
  });
});
