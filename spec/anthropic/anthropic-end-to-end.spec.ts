import { AnthropicLlm } from '../../lib/anthropic/anthropic-llm.js';
import { AnthropicStandIn, type AnthropicStandInAnswer } from '../../lib/testing/anthropic-stand-in.js';
import type { RecordedRequest } from '../../lib/testing/scripted-http-server.js';
import { describeProviderEndToEnd, type NeutralAnswer } from '../support/provider-end-to-end.js';

interface Block {
  type: string;
  id?: string;
  tool_use_id?: string;
  content?: string;
  name?: string;
}

const blocksOf = (request: RecordedRequest) =>
  (request.body as { messages: Array<{ content: Block[] }> }).messages.flatMap((m) => m.content);

/** A Message whose tool_use blocks carry no id when the script gives none (the real API always sends ids). */
function toolUses(calls: Array<{ id?: string; name: string; args: Record<string, unknown> }>): object {
  const body = AnthropicStandIn.toolUses(calls.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, input: c.args }))) as { content: Block[] };
  return { ...body, content: body.content.map((block, i) => (calls[i]!.id ? block : { ...block, id: undefined })) };
}

function answer(neutral: NeutralAnswer): AnthropicStandInAnswer {
  if ('text' in neutral) return AnthropicStandIn.text(neutral.text);
  if ('calls' in neutral) return toolUses(neutral.calls);
  if ('error' in neutral) return { status: neutral.error, error: neutral.message };
  return { events: AnthropicStandIn.eventsOf(AnthropicStandIn.text(neutral.slowText)), chunkDelayMs: 60_000, burst: 3 };
}

describeProviderEndToEnd({
  name: 'AnthropicLlm',
  async start(answers) {
    const standIn = await AnthropicStandIn.start({ script: answers.map(answer) });
    const llm = new AnthropicLlm({ model: 'claude-sonnet-5-5', apiKey: 'test', baseURL: standIn.baseUrl, maxRetries: 0 });
    return { llm, requests: standIn.requests, whenDisconnected: () => standIn.whenDisconnected(), close: () => standIn.close() };
  },
  pairing(request) {
    const blocks = blocksOf(request);
    return {
      callIds: blocks.filter((b) => b.type === 'tool_use').map((b) => b.id!),
      resultIds: blocks.filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id!),
    };
  },
  toolNames: (request) => ((request.body as { tools?: Array<{ name: string }> }).tools ?? []).map((t) => t.name),
  toolResults: (request) => blocksOf(request).filter((b) => b.type === 'tool_result').map((b) => JSON.parse(b.content!)),
});
