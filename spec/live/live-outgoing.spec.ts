import type { Content } from '@google/genai';
import { Subject } from 'rxjs';
import { liveOutgoing } from '../../lib/live/live-outgoing.js';
import type { LiveRequest } from '../../lib/models/live-request.js';
import { testScheduler } from '../support/test-scheduler.js';

const text: Content = { role: 'user', parts: [{ text: 'Hi' }] };
const answer: Content = { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'f', response: {} } }] };
const b: LiveRequest = { blob: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } };
const c: LiveRequest = { content: text };
const f: LiveRequest = { content: answer };
const k: LiveRequest = { close: true, content: text };
const r: LiveRequest = { content: answer };
const x: LiveRequest = { close: true };

function userContents(): { seen: Content[]; observer: Subject<Content> } {
  const seen: Content[] = [];
  const observer = new Subject<Content>();
  observer.subscribe((content) => seen.push(content));
  return { seen, observer };
}

describe('liveOutgoing', () => {
  it('empty requests: only the close goes out; never completes; unsubscribing unsubscribes both sources', () => {
    const { observer } = userContents();
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const requests = cold<LiveRequest>('|');
      const tools = cold<LiveRequest>('-');
      expectObservable(liveOutgoing(requests, tools, observer), '^---!').toBe('x---', { x });
      expectSubscriptions(requests.subscriptions).toBe('(^!)');
      expectSubscriptions(tools.subscriptions).toBe('^---!');
    });
  });

  it('hands on requests and tool responses as they come, then the close once the requests complete', () => {
    const { observer, seen } = userContents();
    testScheduler().run(({ cold, expectObservable }) => {
      const requests = cold<LiveRequest>('-b--c----|', { b, c });
      const tools = cold<LiveRequest>('------r-------', { r });
      expectObservable(liveOutgoing(requests, tools, observer)).toBe('-b--c-r--x----', { b, c, r, x });
    });
    expect(seen).toEqual([text]);
  });

  it("tells the user's text only: not function responses, not a request whose close wins, not audio", () => {
    const { observer, seen } = userContents();
    testScheduler().run(({ cold, expectObservable }) => {
      const requests = cold<LiveRequest>('-b-f-k-c-', { b, f, k, c });
      expectObservable(liveOutgoing(requests, cold('-'), observer)).toBe('-b-f-k-c-', { b, f, k, c });
    });
    expect(seen).toEqual([text]);
  });

  it("tells the user's text before the request goes out", () => {
    const order: string[] = [];
    const observer = new Subject<Content>();
    observer.subscribe(() => order.push('told'));
    const requests = new Subject<LiveRequest>();
    liveOutgoing(requests, new Subject<LiveRequest>(), observer).subscribe(() => order.push('sent'));
    requests.next(c);
    expect(order).toEqual(['told', 'sent']);
  });

  it('fails when the requests fail, or the tool responses do, and unsubscribes the other', () => {
    const { observer } = userContents();
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const requests = cold<LiveRequest>('-b-#', { b });
      const tools = cold<LiveRequest>('-');
      expectObservable(liveOutgoing(requests, tools, observer)).toBe('-b-#', { b });
      expectSubscriptions(tools.subscriptions).toBe('^--!');
      const quiet = cold<LiveRequest>('-');
      const failing = cold<LiveRequest>('--#');
      expectObservable(liveOutgoing(quiet, failing, observer)).toBe('--#');
      expectSubscriptions(quiet.subscriptions).toBe('^-!');
    });
  });

  it('never ends while the requests do not', () => {
    const { observer } = userContents();
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(liveOutgoing(cold<LiveRequest>('-b-', { b }), cold<LiveRequest>('-'), observer)).toBe('-b-', { b });
    });
  });
});
