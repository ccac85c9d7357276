import { catchError, filter, map, Observable, of } from 'rxjs';
import { settleToolResult } from '../../lib/flows/settle-tool-result.js';
import type { ToolResult } from '../../lib/flows/tool-reply.js';
import { testScheduler } from '../support/test-scheduler.js';

const settle = (result: ToolResult) => ({ result });
const fault = (error: unknown) => ({ result: { error: (error as Error).message } });
const outcome = (settled: { result: ToolResult }) => settled.result;

describe('settleToolResult', () => {
  it('settles each result into its outcome and completes with the results', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const results = cold('-a-b|', { a: { x: 1 }, b: { x: 2 } });
      expectObservable(results.pipe(settleToolResult(settle, fault, outcome))).toBe('-a-b|', { a: { x: 1 }, b: { x: 2 } });
      expectSubscriptions(results.subscriptions).toBe('^---!');
    });
  });

  it('skips undefined (a long-running tool without a result): empty in, empty out', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-u-|', { u: undefined }).pipe(settleToolResult(settle, fault, outcome))).toBe('---|');
      expectObservable(cold<ToolResult | undefined>('--|').pipe(settleToolResult(settle, fault, outcome))).toBe('--|');
    });
  });

  it('answers an error of the results with the fault\'s outcome, then completes', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-#', { a: { x: 1 } }, new Error('tool broke')).pipe(settleToolResult(settle, fault, outcome))).toBe('-a-(e|)', {
        a: { x: 1 },
        e: { error: 'tool broke' },
      });
    });
  });

  it('answers a throw of settle with the fault\'s outcome and leaves the results', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const results = cold('-a--b|', { a: { bad: true }, b: { x: 2 } });
      const strict = (result: ToolResult) => {
        if (result['bad']) throw new Error('not JSON');
        return { result };
      };
      expectObservable(results.pipe(settleToolResult(strict, fault, outcome))).toBe('-(e|)', { e: { error: 'not JSON' } });
      expectSubscriptions(results.subscriptions).toBe('^!');
    });
  });

  it('passes a throw of outcome (or of fault) on as the error', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const results = cold('-a-b|', { a: { x: 1 }, b: { x: 2 } });
      const failing = () => {
        throw new Error('no event');
      };
      expectObservable(results.pipe(settleToolResult(settle, fault, failing))).toBe('-#', undefined, new Error('no event'));
      expectSubscriptions(results.subscriptions).toBe('^!');
      expectObservable(cold<ToolResult | undefined>('-#').pipe(settleToolResult(settle, failing, outcome))).toBe('-#', undefined, new Error('no event'));
    });
  });

  it('never settles results that never come, and leaves them on unsubscribe', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const results = cold<ToolResult | undefined>('-');
      expectObservable(results.pipe(settleToolResult(settle, fault, outcome)), '^--!').toBe('---');
      expectSubscriptions(results.subscriptions).toBe('^--!');
    });
  });

  it('settles a synchronous throw of settle before the results\' subscription returns, and leaves them', () => {
    const seen: unknown[] = [];
    let torn = false;
    const results = new Observable<ToolResult>((subscriber) => {
      subscriber.next({ bad: true });
      subscriber.next({ x: 2 });
      return () => (torn = true);
    });
    results
      .pipe(
        settleToolResult(
          (result) => {
            if (result['bad']) throw new Error('not JSON');
            return { result };
          },
          fault,
          outcome,
        ),
      )
      .subscribe({ next: (v) => seen.push(v), complete: () => seen.push('|') });
    expect(seen).toEqual([{ error: 'not JSON' }, '|']);
    expect(torn).toBe(true);
  });

  it('gives what filter, map, catchError and map gave, for the same results', () => {
    const reference = (source: Observable<ToolResult | undefined>) =>
      source.pipe(
        filter((r): r is ToolResult => r !== undefined && r !== null),
        map(settle),
        catchError((error: unknown) => of(fault(error))),
        map(outcome),
      );
    testScheduler().run(({ cold, expectObservable }) => {
      for (const marbles of ['-a|', '-u|', '-a-u-b|', '-#', '-a-#', '--|']) {
        const values = { a: { x: 1 }, b: { y: 2 }, u: undefined };
        expectObservable(cold(marbles, values).pipe(settleToolResult(settle, fault, outcome))).toEqual(cold(marbles, values).pipe(reference));
      }
    });
  });
});
