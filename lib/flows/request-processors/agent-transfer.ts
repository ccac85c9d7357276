import { ignoreElements, type Observable } from 'rxjs';
import type { AgentLike } from '../../context/agent-like.js';
import { ToolContext } from '../../context/tool-context.js';
import { appendInstructions } from '../../models/llm-request.js';
import { TRANSFER_TO_AGENT_TOOL_NAME, TransferToAgentTool } from '../../tools/transfer-to-agent-tool.js';
import type { FlowAgent } from '../flow-agent.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';
import { transferTargets } from '../transfer-targets.js';

/**
 * For an agent that can hand over (it has sub-agents, or its parent is an LLM agent that it may
 * return to or whose other children it may reach): appends ADK's transfer instructions — the
 * targets with their descriptions — and the `transfer_to_agent` declaration with the targets as
 * an enum.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'coordinator', model, subAgents: [mathTutor, historyTutor] });
 * // system instruction gains "You have a list of other agents to transfer to: ..."
 * ```
 */
export const agentTransferRequestProcessor: LlmRequestProcessor = (ctx, agent, request) => {
  const targets = transferTargets(agent);
  if (targets.length === 0) return undefined;
  appendInstructions(request, [transferInstructions(agent, targets)]);
  const tool = new TransferToAgentTool(targets.map((t) => t.name));
  const pending = tool.processLlmRequest(new ToolContext(ctx, { functionCallId: '' }), request);
  return pending ? (pending.pipe(ignoreElements()) as Observable<never>) : undefined;
};

/**
 * ADK's transfer instructions, word for word.
 *
 * @example
 * ```ts
 * transferInstructions(mathTutor, transferTargets(mathTutor)); // '\nYou have a list of other agents to transfer to: ...'
 * ```
 */
export function transferInstructions(agent: FlowAgent, targets: readonly AgentLike[]): string {
  const names = targets.map((t) => t.name).sort().map((n) => `\`${n}\``).join(', ');
  let text = `
You have a list of other agents to transfer to:

${targets.map(targetInfo).join('\n')}

If you are the best to answer the question according to your description,
you can answer it.

If another agent is better for answering the question according to its
description, call \`${TRANSFER_TO_AGENT_TOOL_NAME}\` function to transfer the question to that
agent. When transferring, do not generate any text other than the function
call.

**NOTE**: the only available agents for \`${TRANSFER_TO_AGENT_TOOL_NAME}\` function are
${names}.
`;
  if (agent.parentAgent && !agent.disallowTransferToParent) {
    text += `
If neither you nor the other agents are best for the question, transfer to your parent agent ${agent.parentAgent.name}.
`;
  }
  return text;
}

function targetInfo(target: AgentLike): string {
  return `
Agent name: ${target.name}
Agent description: ${target.description ?? ''}
`;
}
