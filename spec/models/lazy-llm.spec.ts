import { of, throwError } from 'rxjs';
import { LazyLlm } from '../../lib/models/lazy-llm.js';
import { createLlmRequest } from '../../lib/models/llm-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { testScheduler } from '../support/test-scheduler.js';

const request = createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
const answer = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] } });

describe('LazyLlm', () => {
  it('loads nothing until the first call, then loads once and serves every call from the loaded model', () => {
    testScheduler().run(({ cold, expectObservable, flush }) => {
      let loads = 0;
      const inner = new ScriptedLlm([cold('--a|', { a: answer('one') }), cold('-b|', { b: answer('two') })]);
      const lazy = new LazyLlm('m', () => (loads++, inner));
      expect(loads).toBe(0);
      expectObservable(lazy.generateContent(request)).toBe('--a|', { a: answer('one') });
      expectObservable(lazy.generateContent(request)).toBe('-b|', { b: answer('two') });
      flush();
      expect(loads).toBe(1);
      expect(lazy.model).toBe('m');
    });
  });

  it('passes the stream flag and the request to the loaded model', () => {
    const inner = new ScriptedLlm([answer('x')]);
    const lazy = new LazyLlm('m', () => inner);
    lazy.generateContent(request, true).subscribe();
    expect(inner.requests).toEqual([request]);
  });

  it('reports a load that throws as an error of the call, and tries again on the next call', () => {
    testScheduler().run(({ expectObservable }) => {
      let attempts = 0;
      const lazy = new LazyLlm('m', () => {
        if (attempts++ === 0) throw new Error('no adapter');
        return new ScriptedLlm([of(answer('ok'))]);
      });
      expectObservable(lazy.generateContent(request)).toBe('#', undefined, new Error('no adapter'));
      expectObservable(lazy.generateContent(request)).toBe('(a|)', { a: answer('ok') });
    });
  });

  it('takes a Promise of the model (a dynamic import) and passes errors of the model through', async () => {
    const failing = new ScriptedLlm([throwError(() => new Error('HTTP 500'))]);
    const lazy = new LazyLlm('m', () => Promise.resolve(failing));
    await expect(new Promise((resolve, reject) => lazy.generateContent(request).subscribe({ next: resolve, error: reject }))).rejects.toThrow(
      'HTTP 500',
    );
  });

  it('stops the loaded model\'s call when unsubscribed early', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const call = cold('----a|', { a: answer('late') });
      const lazy = new LazyLlm('m', () => new ScriptedLlm([call]));
      expectObservable(lazy.generateContent(request), '^-!').toBe('---');
      expectSubscriptions(call.subscriptions).toBe('^-!');
    });
  });
});
