import { defaultIfEmpty, map, catchError, of, Subject, type Observable } from 'rxjs';
import { toolReply, type ToolResult } from '../../lib/flows/tool-reply.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { testScheduler } from '../support/test-scheduler.js';

const tool = (isLongRunning = false) => new FunctionTool({ name: 't', description: 't', isLongRunning, execute: () => undefined });
const noRecovery = (error: unknown): Observable<ToolResult | undefined> => {
  throw new Error(`unexpected recovery from ${String(error)}`);
};

describe('toolReply', () => {
  it('hands an object result on as it is and completes with the run', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const run = cold('--a|', { a: { sky: 'sunny' } });
      expectObservable(run.pipe(toolReply(tool(), noRecovery))).toBe('--a|', { a: { sky: 'sunny' } });
      expectSubscriptions(run.subscriptions).toBe('^--!');
    });
  });

  it('wraps any other value as {result}, null and undefined as {result: null}', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const run = cold('-a-b-c-d-e|', { a: 42, b: 'x', c: [1], d: null, e: undefined });
      expectObservable(run.pipe(toolReply(tool(), noRecovery))).toBe('-a-b-c-d-e|', {
        a: { result: 42 },
        b: { result: 'x' },
        c: { result: [1] },
        d: { result: null },
        e: { result: null },
      });
    });
  });

  it('answers a run that gave nothing with {result: null}, a long-running tool\'s with undefined', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('---|').pipe(toolReply(tool(), noRecovery))).toBe('---(a|)', { a: { result: null } });
      expectObservable(cold('---|').pipe(toolReply(tool(true), noRecovery))).toBe('---(a|)', { a: undefined });
      expectObservable(cold('-u-|', { u: undefined }).pipe(toolReply(tool(true), noRecovery))).toBe('-u-|', { u: undefined });
    });
  });

  it('hands an error to recover, whose Observable takes over (and is left on unsubscribe)', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const run = cold('--#', undefined, new Error('boom'));
      const recovery = cold('-r|', { r: { error: 'boom' } });
      const seen: unknown[] = [];
      const reply = run.pipe(toolReply(tool(), (error) => (seen.push((error as Error).message), recovery)));
      expectObservable(reply).toBe('---r|', { r: { error: 'boom' } });
      expectSubscriptions(recovery.subscriptions).toBe('--^-!');
      expectObservable(of(seen)).toBe('(s|)', { s: ['boom'] });
      const slow = cold('----r|', { r: { error: 'late' } });
      expectObservable(cold('-#').pipe(toolReply(tool(), () => slow)), '^--!').toBe('---');
      expectSubscriptions(slow.subscriptions).toBe('-^-!');
    });
  });

  it('passes on the error of the recovery, and a throw of recover', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-#').pipe(toolReply(tool(), () => cold('-#', undefined, new Error('again'))))).toBe('--#', undefined, new Error('again'));
      expectObservable(
        cold('-#').pipe(
          toolReply(tool(), () => {
            throw new Error('recover threw');
          }),
        ),
      ).toBe('-#', undefined, new Error('recover threw'));
    });
  });

  it('never answers a run that never ends, and leaves it on unsubscribe', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const run = cold('-');
      expectObservable(run.pipe(toolReply(tool(), noRecovery)), '^--!').toBe('---');
      expectSubscriptions(run.subscriptions).toBe('^--!');
    });
  });

  it('recovers from a value it cannot read, and leaves the run', () => {
    // Array.isArray throws on a revoked proxy
    const revocable = Proxy.revocable([], {});
    revocable.revoke();
    const run = new Subject<unknown>();
    const seen: unknown[] = [];
    run.pipe(toolReply(tool(), (error) => of({ error: (error as Error).constructor.name }))).subscribe({ next: (v) => seen.push(v), complete: () => seen.push('|') });
    run.next(revocable.proxy);
    expect(seen).toEqual([{ error: 'TypeError' }, '|']);
    expect(run.observed).toBe(false);
  });

  it('gives what map, defaultIfEmpty and catchError gave, for the same runs', () => {
    const reference = (t: FunctionTool, recover: (error: unknown) => Observable<ToolResult | undefined>) => (source: Observable<unknown>) =>
      source.pipe(
        map((value) => (value === undefined && t.isLongRunning ? undefined : value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as ToolResult) : { result: value ?? null })),
        defaultIfEmpty(t.isLongRunning ? undefined : { result: null }),
        catchError(recover),
      );
    testScheduler().run(({ cold, expectObservable }) => {
      for (const marbles of ['-a|', '--|', '-#', '-b|', '-n|', '-u|']) {
        for (const longRunning of [false, true]) {
          const values = { a: { ok: 1 }, b: 7, n: null, u: undefined };
          const recover = () => cold('-(r|)', { r: { error: 'x' } });
          const t = tool(longRunning);
          expectObservable(cold(marbles, values).pipe(toolReply(t, recover))).toEqual(cold(marbles, values).pipe(reference(t, recover)));
        }
      }
    });
  });
});
