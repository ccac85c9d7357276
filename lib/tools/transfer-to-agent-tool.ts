import type { FunctionDeclaration, Type } from '@google/genai';
import type { ToolContext } from '../context/tool-context.js';
import { FunctionTool } from './function-tool.js';

/** The name of the transfer tool. */
export const TRANSFER_TO_AGENT_TOOL_NAME = 'transfer_to_agent';

// ADK's description of the tool, word for word (the model sees it).
const DESCRIPTION = `Transfer the question to another agent.

  This tool hands off control to another agent when it's more suitable to
  answer the user's question according to the agent's description.

  Note:
    For most use cases, you should use TransferToAgentTool instead of this
    function directly. TransferToAgentTool provides additional enum constraints
    that prevent LLMs from hallucinating invalid agent names.

  Args:
    agent_name: the agent name to transfer to.
  `;

/**
 * `transfer_to_agent(agent_name)`: hands the conversation to another agent of the tree. Its
 * `agent_name` parameter is an enum of the allowed targets, so a hallucinated name is refused
 * by argument validation (an `{error}` reply) instead of breaking the run. The transfer itself
 * happens after the function response is committed: the target agent runs in the same
 * invocation.
 *
 * @example
 * ```ts
 * new TransferToAgentTool(['math_tutor', 'history_tutor']).getDeclaration().parameters;
 * // { type: 'OBJECT', properties: { agent_name: { type: 'STRING', enum: ['math_tutor', 'history_tutor'] } }, required: ['agent_name'] }
 * ```
 */
export class TransferToAgentTool extends FunctionTool<{ agent_name: string }> {
  constructor(readonly agentNames: readonly string[]) {
    super({
      name: TRANSFER_TO_AGENT_TOOL_NAME,
      description: DESCRIPTION,
      parameters: {
        type: 'object',
        properties: { agent_name: { type: 'string', enum: [...agentNames] } },
        required: ['agent_name'],
      },
      execute: ({ agent_name }, ctx: ToolContext) => {
        ctx.actions.transferToAgent = agent_name;
        return null;
      },
    });
  }

  override getDeclaration(): FunctionDeclaration {
    return { ...super.getDeclaration(), response: { type: 'NULL' as Type } }; // a literal: importing the enum would pull @google/genai into every bundle
  }
}
