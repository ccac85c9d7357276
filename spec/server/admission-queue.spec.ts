import { config, defer, of } from 'rxjs';
import { AdmissionLimitError } from '../../lib/server/admission-limit-error.js';
import { admissionQueue } from '../../lib/server/admission-queue.js';
import { testScheduler } from '../support/test-scheduler.js';

describe('admissionQueue', () => {
  it('admits one at once and mirrors it', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(1);
      const a = cold('-a-b-|');
      expectObservable(admit(a)).toBe('-a-b-|');
      expectSubscriptions(a.subscriptions).toBe('^----!');
    });
  });

  it('runs at most `limit` at once; the others start, in arrival order, as places free', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(2);
      const a = cold('----a|');
      const b = cold('-b|');
      const c = cold('-c|');
      const d = cold('d|');
      expectObservable(admit(a)).toBe('----a|');
      expectObservable(admit(b)).toBe('-b|');
      expectObservable(admit(c), '-^').toBe('---c|');
      expectObservable(admit(d), '--^').toBe('----d|');
      expectSubscriptions(a.subscriptions).toBe('^----!');
      expectSubscriptions(b.subscriptions).toBe('^-!');
      expectSubscriptions(c.subscriptions).toBe('--^-!');
      expectSubscriptions(d.subscriptions).toBe('----^!');
    });
  });

  it('serves in the order of subscription, not of creation', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(1);
      const first = cold('--a|');
      const late = cold('-b|');
      const early = cold('-c|');
      const lateTurn = admit(late);
      const earlyTurn = admit(early);
      expectObservable(admit(first)).toBe('--a|');
      expectObservable(lateTurn, '--^').toBe('------b|');
      expectObservable(earlyTurn, '-^').toBe('----c|');
      expectSubscriptions(early.subscriptions).toBe('---^-!');
      expectSubscriptions(late.subscriptions).toBe('-----^-!');
    });
  });

  it('frees the place of an empty work at once, in the same frame', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(1);
      const empty = cold('|');
      const next = cold('-a|');
      expectObservable(admit(empty)).toBe('|');
      expectObservable(admit(next)).toBe('-a|');
      expectSubscriptions(empty.subscriptions).toBe('(^!)');
      expectSubscriptions(next.subscriptions).toBe('^-!');
    });
  });

  it('gives an error to its own subscriber only, and frees its place', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(1);
      const failing = cold('-a#', undefined, new Error('boom'));
      const next = cold('-b|');
      expectObservable(admit(failing)).toBe('-a#', undefined, new Error('boom'));
      expectObservable(admit(next)).toBe('---b|');
      expectSubscriptions(next.subscriptions).toBe('--^-!');
    });
  });

  it('frees the place of a work that throws on subscription, in the same frame', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(1);
      const throwing = defer(() => {
        throw new Error('no');
      });
      const next = cold('-b|');
      expectObservable(admit(throwing)).toBe('#', undefined, new Error('no'));
      expectObservable(admit(next)).toBe('-b|');
      expectSubscriptions(next.subscriptions).toBe('^-!');
    });
  });

  it('holds the place of a work that never ends: the next one waits', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(1);
      const never = cold('-a-');
      const next = cold('-b|');
      expectObservable(admit(never)).toBe('-a-');
      expectObservable(admit(next)).toBe('---');
      expectSubscriptions(next.subscriptions).toBe([]);
    });
  });

  it('drops a waiting one that leaves: never subscribed, the next one takes its turn', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(1);
      const a = cold('-----a|');
      const gone = cold('-b|');
      const c = cold('-c|');
      expectObservable(admit(a)).toBe('-----a|');
      expectObservable(admit(gone), '^-!').toBe('---');
      expectObservable(admit(c)).toBe('-------c|');
      expectSubscriptions(gone.subscriptions).toBe([]);
      expectSubscriptions(c.subscriptions).toBe('------^-!');
    });
  });

  it('frees the place of a running one that leaves, at once', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(1);
      const running = cold('-a---b|');
      const next = cold('-c|');
      expectObservable(admit(running), '^--!').toBe('-a-');
      expectObservable(admit(next)).toBe('----c|');
      expectSubscriptions(running.subscriptions).toBe('^--!');
      expectSubscriptions(next.subscriptions).toBe('---^-!');
    });
  });

  it('admits everything at once with Infinity', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(Infinity);
      const works = [cold('--a|'), cold('--b|'), cold('--c|')];
      for (const work of works) expectObservable(admit(work)).toBe('--' + 'abc'[works.indexOf(work)] + '|');
      for (const work of works) expectSubscriptions(work.subscriptions).toBe('^--!');
    });
  });

  it('is cold: nothing waits or runs before subscription', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const admit = admissionQueue(1);
      const unused = cold('-a|');
      admit(unused);
      const next = cold('-b|');
      expectObservable(admit(next)).toBe('-b|');
      expectSubscriptions(unused.subscriptions).toBe([]);
    });
  });

  it('keeps admitting when a subscriber\'s own callback throws', async () => {
    const reported: unknown[] = [];
    const previous = config.onUnhandledError;
    config.onUnhandledError = (error) => reported.push(error);
    try {
      const admit = admissionQueue(1);
      admit(of(1)).subscribe(() => {
        throw new Error('callback');
      });
      const values: number[] = [];
      admit(of(2)).subscribe((value) => values.push(value));
      expect(values).toEqual([2]);
      await new Promise((done) => setTimeout(done, 0));
      expect(reported).toEqual([new Error('callback')]);
    } finally {
      config.onUnhandledError = previous;
    }
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the limit %p with an AdmissionLimitError', (limit) => {
    expect(() => admissionQueue(limit)).toThrow(AdmissionLimitError);
  });

  it('names the bad limit in the error', () => {
    const error = (() => {
      try {
        admissionQueue(0);
      } catch (e) {
        return e;
      }
    })() as AdmissionLimitError;
    expect(error.code).toBe('ADMISSION_LIMIT');
    expect(error.limit).toBe(0);
    expect(error.message).toMatch(/at least 1/);
  });
});
