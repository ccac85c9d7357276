import { OpenAiLlm } from '../../lib/openai/openai-llm.js';
import { OpenAiStandIn, type OpenAiStandInAnswer } from '../../lib/testing/openai-stand-in.js';
import type { RecordedRequest } from '../../lib/testing/scripted-http-server.js';
import { describeProviderEndToEnd, type NeutralAnswer } from '../support/provider-end-to-end.js';

interface Message {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string }>;
}

const messagesOf = (request: RecordedRequest) => (request.body as { messages: Message[] }).messages;

function answer(neutral: NeutralAnswer): OpenAiStandInAnswer {
  if ('text' in neutral) return OpenAiStandIn.text(neutral.text);
  if ('calls' in neutral) return OpenAiStandIn.toolCalls(neutral.calls);
  if ('error' in neutral) return { status: neutral.error, error: neutral.message };
  return { chunks: OpenAiStandIn.chunksOf(OpenAiStandIn.text(neutral.slowText)), chunkDelayMs: 60_000, burst: 2 };
}

describeProviderEndToEnd({
  name: 'OpenAiLlm',
  async start(answers) {
    const standIn = await OpenAiStandIn.start({ script: answers.map(answer) });
    const llm = new OpenAiLlm({ model: 'gpt-4o-mini', apiKey: 'test', baseURL: `${standIn.baseUrl}/v1`, maxRetries: 0 });
    return { llm, requests: standIn.requests, whenDisconnected: () => standIn.whenDisconnected(), close: () => standIn.close() };
  },
  pairing(request) {
    const messages = messagesOf(request);
    return {
      callIds: messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id)),
      resultIds: messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id!),
    };
  },
  toolNames: (request) => ((request.body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((t) => t.function.name),
  toolResults: (request) => messagesOf(request).filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content as string)),
});
