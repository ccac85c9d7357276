import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { from } from 'rxjs';
import { messageStreamAsResponses } from '../../lib/anthropic/message-stream-as-responses.js';
import { AnthropicStandIn } from '../../lib/testing/anthropic-stand-in.js';
import { testScheduler } from '../support/test-scheduler.js';

const events = AnthropicStandIn.eventsOf(AnthropicStandIn.toolUses([{ id: 'toolu_1', name: 'f', input: { a: 1 } }])) as RawMessageStreamEvent[];

describe('messageStreamAsResponses', () => {
  it('emits no partial for a tool_use stream, then the final response with the assembled input (marbles)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const letters = events.map((_, i) => String.fromCharCode(97 + i)).join('');
      const source = cold(`${letters}|`, Object.fromEntries(events.map((e, i) => [letters[i]!, e])));
      expectObservable(source.pipe(messageStreamAsResponses())).toBe(`${'-'.repeat(events.length)}(z|)`, {
        z: {
          content: { role: 'model', parts: [{ functionCall: { id: 'toolu_1', name: 'f', args: { a: 1 } } }] },
          finishReason: 'STOP',
          usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
          modelVersion: 'stand-in',
          partial: false,
          turnComplete: true,
        },
      });
    });
  });

  it('emits nothing for an empty stream or one without message_start; errors pass through; unsubscribes', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      expectObservable(cold<RawMessageStreamEvent>('|').pipe(messageStreamAsResponses())).toBe('|');
      expectObservable(cold<RawMessageStreamEvent>('-#').pipe(messageStreamAsResponses())).toBe('-#');
      const never = cold<RawMessageStreamEvent>('-');
      expectObservable(never.pipe(messageStreamAsResponses()), '^-!').toBe('--');
      expectSubscriptions(never.subscriptions).toBe('^-!');
    });
  });

  it('marks a max_tokens stop as the final response\'s error code', () => {
    const truncated = AnthropicStandIn.eventsOf({ ...(AnthropicStandIn.text('cut short') as object), stop_reason: 'max_tokens' }) as RawMessageStreamEvent[];
    const results: Array<{ partial?: boolean; errorCode?: string; finishReason?: string }> = [];
    from(truncated).pipe(messageStreamAsResponses()).subscribe((r) => results.push(r));
    expect(results.map((r) => r.partial)).toEqual([true, true, false]);
    expect(results.at(-1)).toMatchObject({ finishReason: 'MAX_TOKENS', errorCode: 'MAX_TOKENS' });
  });
});
