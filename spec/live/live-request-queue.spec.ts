import { LiveRequestQueue } from '../../lib/live/live-request-queue.js';
import { liveRequestAction } from '../../lib/models/live-request.js';
import { testScheduler } from '../support/test-scheduler.js';

const content = { role: 'user', parts: [{ text: 'hi' }] };
const blob = { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' };

describe('LiveRequestQueue', () => {
  it('keeps requests sent before anyone listens, and hands them on in order', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const queue = new LiveRequestQueue();
      cold('a-b-c---------d-x').subscribe((step) => {
        if (step === 'a') queue.sendContent(content);
        if (step === 'b') queue.sendRealtime(blob);
        if (step === 'c') queue.sendActivityStart();
        if (step === 'd') queue.sendActivityEnd();
        if (step === 'x') queue.close();
      });
      expectObservable(queue.asObservable(), '----^').toBe('----(abc)-----d-(x|)', {
        a: { content },
        b: { blob },
        c: { activityStart: {} },
        d: { activityEnd: {} },
        x: { close: true },
      });
    });
  });

  it('is hot: a second subscriber gets only what comes after it (nothing is held while observed)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const queue = new LiveRequestQueue();
      cold('--a--b').subscribe((step) => queue.send({ content: { role: 'user', parts: [{ text: step }] } }));
      expectObservable(queue.asObservable()).toBe('--a--b', { a: { content: { role: 'user', parts: [{ text: 'a' }] } }, b: { content: { role: 'user', parts: [{ text: 'b' }] } } });
      expectObservable(queue.asObservable(), '---^').toBe('-----b', { b: { content: { role: 'user', parts: [{ text: 'b' }] } } });
    });
  });

  it('accepts nothing after close, and completes after the close request', () => {
    const queue = new LiveRequestQueue();
    queue.close();
    queue.sendContent(content);
    const seen: unknown[] = [];
    let completed = false;
    queue.asObservable().subscribe({ next: (r) => seen.push(r), complete: () => (completed = true) });
    expect(seen).toEqual([{ close: true }]);
    expect(completed).toBe(true);
  });
});

describe('liveRequestAction (ADK priority: close > activityStart > activityEnd > blob > content)', () => {
  it.each([
    [{ close: true, activityStart: {}, activityEnd: {}, blob, content }, { kind: 'close' }],
    [{ activityStart: {}, activityEnd: {}, blob, content }, { kind: 'activityStart' }],
    [{ activityEnd: {}, blob, content }, { kind: 'activityEnd' }],
    [{ blob, content }, { kind: 'blob', blob }],
    [{ content }, { kind: 'content', content }],
    [{}, undefined],
    [{ close: false }, undefined],
  ])('%j → %j', (request, action) => {
    expect(liveRequestAction(request)).toEqual(action);
  });
});
