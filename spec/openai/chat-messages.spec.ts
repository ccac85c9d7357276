import { chatMessages } from '../../lib/openai/chat-messages.js';
import { finishReasonFromOpenAi, llmResponseFromChatCompletion } from '../../lib/openai/llm-response-from-chat-completion.js';

describe('chatMessages', () => {
  it('maps system, user text and images, assistant calls and tool results; drops thoughts', () => {
    expect(
      chatMessages('Be brief.', [
        { role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
        { role: 'model', parts: [{ text: 'thinking…', thought: true }, { text: 'Let me check.' }, { functionCall: { id: 'c1', name: 'look', args: { x: 1 } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'look', response: { seen: 'a cat' } } }] },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
      { role: 'assistant', content: 'Let me check.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'look', arguments: '{"x":1}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '{"seen":"a cat"}' },
    ]);
  });

  it('pairs calls and results without ids, and leaves out empty contents', () => {
    const messages = chatMessages('', [
      { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }, { functionCall: { name: 'f', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'f', response: { n: 1 } } }, { functionResponse: { name: 'f', response: { n: 2 } } }] },
      { role: 'model', parts: [{ text: 'only a thought', thought: true }] },
    ]);
    expect(messages).toEqual([
      { role: 'assistant', content: null, tool_calls: [expect.objectContaining({ id: 'call_0' }), expect.objectContaining({ id: 'call_1' })] },
      { role: 'tool', tool_call_id: 'call_0', content: '{"n":1}' },
      { role: 'tool', tool_call_id: 'call_1', content: '{"n":2}' },
    ]);
  });
});

describe('llmResponseFromChatCompletion', () => {
  it('reports a content filter stop without content as an error code', () => {
    const response = llmResponseFromChatCompletion({
      id: 'x', object: 'chat.completion', created: 0, model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: null }, finish_reason: 'content_filter', logprobs: null }],
    });
    expect(response).toMatchObject({ finishReason: 'SAFETY', errorCode: 'SAFETY' });
    expect(response.content).toBeUndefined();
  });

  it.each([
    ['stop', 'STOP'],
    ['tool_calls', 'STOP'],
    ['length', 'MAX_TOKENS'],
    ['content_filter', 'SAFETY'],
    ['something_new', 'OTHER'],
    [null, undefined],
  ])('finish_reason %s → %s', (reason, expected) => {
    expect(finishReasonFromOpenAi(reason)).toBe(expected);
  });
});
