import { LlmAgent } from 'rxadk';
import { OfflineChatModel } from './offline-chat-model';
import { createResearchTool } from './research-tool';

/**
 * The example's agent: the offline rule model and the slow `research` tool, whose abort
 * notifications go to `onToolAborted`.
 *
 * @example
 * ```ts
 * const runner = new InMemoryRunner({ agent: createChatAgent(console.log), autoCreateSession: true });
 * ```
 */
export function createChatAgent(onToolAborted: (topic: string) => void): LlmAgent {
  return new LlmAgent({
    name: 'assistant',
    description: 'A friendly offline assistant.',
    model: new OfflineChatModel(),
    instruction: 'Answer briefly. Use the research tool when asked to research something.',
    tools: [createResearchTool(onToolAborted)],
  });
}
