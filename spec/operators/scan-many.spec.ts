import { concatMap, from, NEVER, Observable, scan, Subject, take } from 'rxjs';
import { scanMany } from '../../lib/operators/scan-many.js';
import { testScheduler } from '../support/test-scheduler.js';

interface Step {
  count: number;
  out: readonly string[];
}

const SEED: Step = { count: 0, out: [] };

/** Each value is handed on as many times as its position (1st once, 2nd twice …); 'x' hands on nothing. */
const repeatByPosition = (step: Step, value: string): Step => {
  const count = step.count + 1;
  return { count, out: value === 'x' ? [] : Array.from({ length: count }, () => value) };
};
const outputsOf = (step: Step): readonly string[] => step.out;

describe('scanMany', () => {
  it('completes with the source when it is empty, and emits nothing', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('--|');
      expectObservable(source.pipe(scanMany(repeatByPosition, SEED, outputsOf))).toBe('--|');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it("hands on one step's one output", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a|').pipe(scanMany(repeatByPosition, SEED, outputsOf))).toBe('-a|');
    });
  });

  it("hands on each step's outputs in order, carrying the step from one value to the next; a step may hand on none", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-b-----x-c--------|').pipe(scanMany(repeatByPosition, SEED, outputsOf))).toBe('-a-(bb)----(cccc)---|');
    });
  });

  it('emits what the scan + concatMap(from) pipeline it replaces emits', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b-----x-c--------d---------|');
      const original = source.pipe(
        scan(repeatByPosition, SEED),
        concatMap((step) => from(outputsOf(step))),
      );
      expectObservable(original).toBe('-a-(bb)----(cccc)---(ddddd)---|');
      expectObservable(source.pipe(scanMany(repeatByPosition, SEED, outputsOf))).toBe('-a-(bb)----(cccc)---(ddddd)---|');
    });
  });

  it("ends with the source's error", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-#').pipe(scanMany(repeatByPosition, SEED, outputsOf))).toBe('-a-#');
    });
  });

  it('never ends while the source does not', () => {
    testScheduler().run(({ expectObservable }) => {
      expectObservable(NEVER.pipe(scanMany(repeatByPosition, SEED, outputsOf))).toBe('-');
    });
  });

  it('errors, and unsubscribes from the source, when reduce or outputsOf throws', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-c|');
      const failOnB = (step: Step, value: string): Step => {
        if (value === 'b') throw new Error('bad b');
        return repeatByPosition(step, value);
      };
      expectObservable(source.pipe(scanMany(failOnB, SEED, outputsOf))).toBe('-a-#', undefined, new Error('bad b'));
      expectSubscriptions(source.subscriptions).toBe('^--!');
      const source2 = cold('-a-b|');
      const throwingOutputs = (step: Step): readonly string[] => {
        if (step.count === 2) throw new Error('no outputs');
        return step.out;
      };
      expectObservable(source2.pipe(scanMany(repeatByPosition, SEED, throwingOutputs))).toBe('-a-#', undefined, new Error('no outputs'));
    });
  });

  it('stops handing on a step\'s outputs, and unsubscribes, once the subscriber takes no more', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-c|');
      expectObservable(source.pipe(scanMany(repeatByPosition, SEED, outputsOf), take(2))).toBe('-a-(b|)');
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('unsubscribes from the source when the result is unsubscribed early', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a-b-c|');
      expectObservable(source.pipe(scanMany(repeatByPosition, SEED, outputsOf)), '^--!').toBe('-a-');
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('lets a value sent re-entrantly (while outputs are handed on) wait for them, and a completion follow them, as concatMap does', () => {
    const source = new Subject<string>();
    const seen: string[] = [];
    let completed = false;
    source.pipe(scanMany(repeatByPosition, SEED, outputsOf)).subscribe({
      next: (value) => {
        seen.push(value);
        if (value === 'a') {
          source.next('b');
          source.complete();
        }
      },
      complete: () => (completed = true),
    });
    source.next('a');
    expect(seen).toEqual(['a', 'b', 'b']);
    expect(completed).toBe(true);
  });

  it('keeps no step between subscriptions: each starts from the seed', () => {
    const source = new Observable<string>((subscriber) => {
      subscriber.next('a');
      subscriber.next('b');
      subscriber.complete();
    });
    const result = source.pipe(scanMany(repeatByPosition, SEED, outputsOf));
    const runs: string[][] = [[], []];
    result.subscribe((value) => runs[0]!.push(value));
    result.subscribe((value) => runs[1]!.push(value));
    expect(runs).toEqual([
      ['a', 'b', 'b'],
      ['a', 'b', 'b'],
    ]);
  });
});
