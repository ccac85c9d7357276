import { anthropicMessages } from '../../lib/anthropic/anthropic-messages.js';
import { finishReasonFromAnthropic, llmResponseFromMessage } from '../../lib/anthropic/llm-response-from-message.js';

describe('anthropicMessages', () => {
  it('merges consecutive contents of one role, puts tool results first, and keeps thinking with its signature', () => {
    expect(
      anthropicMessages([
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ text: 'Let me see.', thought: true, thoughtSignature: 'sig' }, { thought: true, thoughtSignature: 'opaque' }, { functionCall: { id: 't1', name: 'w', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 't1', name: 'w', response: { sky: 'sunny' } } }] },
        { role: 'user', parts: [{ text: 'And Rome?' }, { inlineData: { mimeType: 'image/jpeg', data: 'BBBB' } }] },
        { role: 'model', parts: [{ text: 'a thought from another model', thought: true }] },
      ]),
    ).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Let me see.', signature: 'sig' },
          { type: 'redacted_thinking', data: 'opaque' },
          { type: 'tool_use', id: 't1', name: 'w', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: '{"sky":"sunny"}' },
          { type: 'text', text: 'And Rome?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'BBBB' } },
        ],
      },
    ]);
  });

  it('round-trips a response\'s thinking blocks into the next request', () => {
    const response = llmResponseFromMessage({
      id: 'm', type: 'message', role: 'assistant', model: 'claude', stop_reason: 'end_turn', stop_sequence: null,
      content: [{ type: 'thinking', thinking: 'Hmm.', signature: 'S' }, { type: 'redacted_thinking', data: 'R' }, { type: 'text', text: 'Hi.', citations: null }],
      usage: { input_tokens: 1, output_tokens: 2, cache_read_input_tokens: 4, cache_creation_input_tokens: null },
    } as never);
    expect(response.usageMetadata).toEqual({ promptTokenCount: 5, candidatesTokenCount: 2, totalTokenCount: 7, cachedContentTokenCount: 4 });
    expect(anthropicMessages([response.content!])).toEqual([
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'Hmm.', signature: 'S' }, { type: 'redacted_thinking', data: 'R' }, { type: 'text', text: 'Hi.' }] },
    ]);
  });

  it.each([
    ['end_turn', 'STOP'],
    ['tool_use', 'STOP'],
    ['max_tokens', 'MAX_TOKENS'],
    ['refusal', 'SAFETY'],
    [null, undefined],
  ])('stop_reason %s → %s', (reason, expected) => {
    expect(finishReasonFromAnthropic(reason)).toBe(expected);
  });
});
