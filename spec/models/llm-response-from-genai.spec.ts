import { BlockedReason, FinishReason, GenerateContentResponse } from '@google/genai';
import { llmResponseFromGenai } from '../../lib/models/llm-response-from-genai.js';

describe('llmResponseFromGenai', () => {
  const usageMetadata = { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 };

  it('takes the first candidate\'s content and metadata', () => {
    const response = llmResponseFromGenai({
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'Hello' }] },
          finishReason: FinishReason.STOP,
          groundingMetadata: { webSearchQueries: ['hello'] },
          citationMetadata: { citations: [{ uri: 'https://example.com' }] },
          avgLogprobs: -0.25,
          logprobsResult: { chosenCandidates: [{ token: 'Hello', logProbability: -0.25 }] },
        },
        { content: { role: 'model', parts: [{ text: 'second candidate' }] } },
      ],
      usageMetadata,
      modelVersion: 'gemini-2.5-flash-001',
    });

    expect(response).toEqual({
      content: { role: 'model', parts: [{ text: 'Hello' }] },
      finishReason: FinishReason.STOP,
      groundingMetadata: { webSearchQueries: ['hello'] },
      citationMetadata: { citations: [{ uri: 'https://example.com' }] },
      avgLogprobs: -0.25,
      logprobsResult: { chosenCandidates: [{ token: 'Hello', logProbability: -0.25 }] },
      usageMetadata,
      modelVersion: 'gemini-2.5-flash-001',
    });
  });

  it('leaves absent fields out (plain, JSON-serialisable data)', () => {
    const response = llmResponseFromGenai({ candidates: [{ content: { role: 'model', parts: [{ text: 'x' }] } }] });

    expect(Object.keys(response)).toEqual(['content']);
    expect(JSON.parse(JSON.stringify(response))).toEqual(response);
  });

  it('reads an SDK GenerateContentResponse instance, not only plain objects', () => {
    const sdkResponse = Object.assign(new GenerateContentResponse(), {
      candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] } }],
    });

    expect(llmResponseFromGenai(sdkResponse)).toEqual({
      content: { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
    });
  });

  it('keeps an empty content that finished with STOP as a successful answer', () => {
    const response = llmResponseFromGenai({
      candidates: [{ content: { role: 'model', parts: [] }, finishReason: FinishReason.STOP }],
    });

    expect(response).toEqual({ content: { role: 'model', parts: [] }, finishReason: FinishReason.STOP });
    expect(response.errorCode).toBeUndefined();
  });

  it('turns a candidate without content that stopped for another reason into errorCode / errorMessage', () => {
    const response = llmResponseFromGenai({
      candidates: [{ finishReason: FinishReason.SAFETY, finishMessage: 'Blocked for safety.' }],
      usageMetadata,
    });

    expect(response).toEqual({
      errorCode: FinishReason.SAFETY,
      errorMessage: 'Blocked for safety.',
      finishReason: FinishReason.SAFETY,
      usageMetadata,
    });
    expect(response.content).toBeUndefined();
  });

  it('keeps the content of a candidate that has parts, whatever its finish reason', () => {
    const response = llmResponseFromGenai({
      candidates: [{ content: { role: 'model', parts: [{ text: 'cut o' }] }, finishReason: FinishReason.MAX_TOKENS }],
    });

    expect(response).toEqual({
      content: { role: 'model', parts: [{ text: 'cut o' }] },
      finishReason: FinishReason.MAX_TOKENS,
    });
  });

  it('maps a blocked prompt (no candidates) to the prompt feedback\'s block reason and message', () => {
    const response = llmResponseFromGenai({
      promptFeedback: { blockReason: BlockedReason.PROHIBITED_CONTENT, blockReasonMessage: 'Prohibited.' },
      usageMetadata,
    });

    expect(response).toEqual({
      errorCode: BlockedReason.PROHIBITED_CONTENT,
      errorMessage: 'Prohibited.',
      usageMetadata,
    });
  });

  it('treats no candidates and no prompt feedback as an empty successful turn', () => {
    expect(llmResponseFromGenai({ usageMetadata })).toEqual({
      content: { role: 'model', parts: [] },
      usageMetadata,
    });
  });
});
