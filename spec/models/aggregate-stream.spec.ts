import { FinishReason, type Part } from '@google/genai';
import { aggregateStream } from '../../lib/models/aggregate-stream.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { testScheduler } from '../support/test-scheduler.js';

function chunk(parts: Part[], extra: Partial<LlmResponse> = {}): LlmResponse {
  return { content: { role: 'model', parts }, ...extra };
}

function partial(response: LlmResponse): LlmResponse {
  return { ...response, partial: true };
}

describe('aggregateStream', () => {
  it('passes every chunk through as partial and appends the aggregate when the source completes', () => {
    const a = chunk([{ text: 'Hel' }]);
    const b = chunk([{ text: 'lo' }]);
    const c = chunk([{ text: '!' }], { finishReason: FinishReason.STOP });
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a--b--c--|', { a, b, c }).pipe(aggregateStream())).toBe('-a--b--c--(z|)', {
        a: partial(a),
        b: partial(b),
        c: partial(c),
        z: {
          content: { role: 'model', parts: [{ text: 'Hello!' }] },
          finishReason: FinishReason.STOP,
          partial: false,
          turnComplete: true,
        },
      });
    });
  });

  it('passes an error through and emits no aggregate', () => {
    const a = chunk([{ text: 'Hel' }]);
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a--#', { a }).pipe(aggregateStream())).toBe('-a--#', { a: partial(a) });
    });
  });

  it('emits nothing for a stream without chunks', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold<LlmResponse>('---|').pipe(aggregateStream())).toBe('---|');
    });
  });

  it('unsubscribes from the source when the subscriber leaves, without an aggregate', () => {
    const a = chunk([{ text: 'one' }]);
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-a---a---|', { a });
      expectObservable(source.pipe(aggregateStream()), '^--!').toBe('-a-', { a: partial(a) });
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('marks chunks with function calls partial too, and gathers the calls in the aggregate', () => {
    const call1 = { id: 'c1', name: 'get_weather', args: { city: 'Paris' } };
    const call2 = { id: 'c2', name: 'get_time', args: { city: 'Paris' } };
    const a = chunk([{ text: 'Checking.' }, { functionCall: call1 }]);
    const b = chunk([{ functionCall: call2 }], { finishReason: FinishReason.STOP });
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('-a-b-|', { a, b }).pipe(aggregateStream())).toBe('-a-b-(z|)', {
        a: partial(a),
        b: partial(b),
        z: {
          content: {
            role: 'model',
            parts: [{ text: 'Checking.' }, { functionCall: call1 }, { functionCall: call2 }],
          },
          finishReason: FinishReason.STOP,
          partial: false,
          turnComplete: true,
        },
      });
    });
  });

  it('keeps thought text apart from answer text, merging only consecutive runs of the same kind', () => {
    const chunks = {
      a: chunk([{ text: 'Think', thought: true, thoughtSignature: 'sig-1' }]),
      b: chunk([{ text: 'ing.', thought: true, thoughtSignature: 'sig-2' }]),
      c: chunk([{ text: 'The ' }]),
      d: chunk([{ text: 'answer.' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }]),
      e: chunk([{ text: 'Done.' }], { finishReason: FinishReason.STOP }),
    };
    testScheduler().run(({ cold, expectObservable }) => {
      const aggregated = cold('abcde|', chunks).pipe(aggregateStream());
      expectObservable(aggregated).toBe('abcde(z|)', {
        a: partial(chunks.a),
        b: partial(chunks.b),
        c: partial(chunks.c),
        d: partial(chunks.d),
        e: partial(chunks.e),
        z: {
          content: {
            role: 'model',
            parts: [
              { text: 'Thinking.', thought: true, thoughtSignature: 'sig-1' },
              { text: 'The answer.' },
              { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
              { text: 'Done.' },
            ],
          },
          finishReason: FinishReason.STOP,
          partial: false,
          turnComplete: true,
        },
      });
    });
  });

  it('drops empty function-call markers and function calls repeated with the same id', () => {
    const call = { id: 'c1', name: 'get_weather', args: { city: 'Paris' } };
    const chunks = {
      a: chunk([{ functionCall: call }]),
      b: chunk([{ functionCall: call }]),
      c: chunk([{ functionCall: {} }], { finishReason: FinishReason.STOP }),
    };
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('abc|', chunks).pipe(aggregateStream())).toBe('abc(z|)', {
        a: partial(chunks.a),
        b: partial(chunks.b),
        c: partial(chunks.c),
        z: {
          content: { role: 'model', parts: [{ functionCall: call }] },
          finishReason: FinishReason.STOP,
          partial: false,
          turnComplete: true,
        },
      });
    });
  });

  it('takes finish reason and metadata from the last chunks that carry them', () => {
    const usage1 = { promptTokenCount: 4, totalTokenCount: 4 };
    const usage2 = { promptTokenCount: 4, candidatesTokenCount: 3, totalTokenCount: 7 };
    const chunks = {
      a: chunk([{ text: 'a' }], { usageMetadata: usage1, modelVersion: 'v1', groundingMetadata: { webSearchQueries: ['q'] } }),
      b: chunk([{ text: 'b' }], { usageMetadata: usage2, citationMetadata: { citations: [{ uri: 'u' }] } }),
      c: { finishReason: FinishReason.STOP } as LlmResponse,
    };
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('abc|', chunks).pipe(aggregateStream())).toBe('abc(z|)', {
        a: partial(chunks.a),
        b: partial(chunks.b),
        c: partial(chunks.c),
        z: {
          content: { role: 'model', parts: [{ text: 'ab' }] },
          usageMetadata: usage2,
          groundingMetadata: { webSearchQueries: ['q'] },
          citationMetadata: { citations: [{ uri: 'u' }] },
          modelVersion: 'v1',
          finishReason: FinishReason.STOP,
          partial: false,
          turnComplete: true,
        },
      });
    });
  });

  it('reports a finish reason other than STOP as the errorCode, keeping the text', () => {
    const chunks = {
      a: chunk([{ text: 'A long ans' }]),
      b: { finishReason: FinishReason.MAX_TOKENS, errorCode: FinishReason.MAX_TOKENS, errorMessage: 'Too long.' },
    };
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('ab|', chunks).pipe(aggregateStream())).toBe('ab(z|)', {
        a: partial(chunks.a),
        b: partial(chunks.b),
        z: {
          content: { role: 'model', parts: [{ text: 'A long ans' }] },
          finishReason: FinishReason.MAX_TOKENS,
          errorCode: FinishReason.MAX_TOKENS,
          errorMessage: 'Too long.',
          partial: false,
          turnComplete: true,
        },
      });
    });
  });

  it('keeps the error of a blocked prompt (a chunk without content)', () => {
    const blocked: LlmResponse = { errorCode: 'SAFETY', errorMessage: 'Blocked.' };
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a|', { a: blocked }).pipe(aggregateStream())).toBe('a(z|)', {
        a: partial(blocked),
        z: { errorCode: 'SAFETY', errorMessage: 'Blocked.', partial: false, turnComplete: true },
      });
    });
  });

  it('does not change the chunks it receives', () => {
    const a = chunk([{ text: 'x' }]);
    const snapshot = structuredClone(a);
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('a|', { a }).pipe(aggregateStream())).toBe('a(z|)', {
        a: partial(a),
        z: { content: { role: 'model', parts: [{ text: 'x' }] }, partial: false, turnComplete: true },
      });
    });
    expect(a).toEqual(snapshot);
  });
});
