import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { chatChunksAsResponses } from '../../lib/openai/chat-chunks-as-responses.js';
import { testScheduler } from '../support/test-scheduler.js';

const chunk = (delta: object, finish: string | null = null): ChatCompletionChunk =>
  ({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] }) as ChatCompletionChunk;
const usage = { id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } } as ChatCompletionChunk;

describe('chatChunksAsResponses', () => {
  it('emits text at once, and the tool calls whole at the end, with finish reason and usage (marbles)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b-c-d-e-f|', {
        a: chunk({ content: 'Checking' }),
        b: chunk({ tool_calls: [{ index: 1, id: 'c1', function: { name: 'g', arguments: '{"ci' } }] }),
        c: chunk({ tool_calls: [{ index: 0, id: 'c0', function: { name: 'f', arguments: '{}' } }] }),
        d: chunk({ tool_calls: [{ index: 1, function: { arguments: 'ty":"Rome"}' } }] }),
        e: chunk({}, 'tool_calls'),
        f: usage,
      });
      expectObservable(source.pipe(chatChunksAsResponses())).toBe('-a----------(z|)', {
        a: { content: { role: 'model', parts: [{ text: 'Checking' }] }, modelVersion: 'm' },
        z: {
          content: { role: 'model', parts: [{ functionCall: { id: 'c0', name: 'f', args: {} } }, { functionCall: { id: 'c1', name: 'g', args: { city: 'Rome' } } }] },
          finishReason: 'STOP',
          usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 },
          modelVersion: 'm',
        },
      });
    });
  });

  it('emits nothing for an empty stream, passes errors through, and unsubscribes from its source', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      expectObservable(cold<ChatCompletionChunk>('|').pipe(chatChunksAsResponses())).toBe('|');
      expectObservable(cold('-a-#', { a: chunk({ content: 'x' }) }).pipe(chatChunksAsResponses())).toBe('-a-#', {
        a: { content: { role: 'model', parts: [{ text: 'x' }] }, modelVersion: 'm' },
      });
      const never = cold<ChatCompletionChunk>('-');
      expectObservable(never.pipe(chatChunksAsResponses()), '^--!').toBe('---');
      expectSubscriptions(never.subscriptions).toBe('^--!');
    });
  });

  it('keeps reasoning text as a thought part, and a call without id has none', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b|', { a: chunk({ reasoning_content: 'hmm' }), b: chunk({ tool_calls: [{ index: 0, function: { name: 'f', arguments: 'not json' } }] }) });
      expectObservable(source.pipe(chatChunksAsResponses())).toBe('-a--(z|)', {
        a: { content: { role: 'model', parts: [{ text: 'hmm', thought: true }] }, modelVersion: 'm' },
        z: { content: { role: 'model', parts: [{ functionCall: { name: 'f', args: 'not json' } }] }, modelVersion: 'm' },
      });
    });
  });
});
