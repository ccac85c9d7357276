import type { ToolContext } from '../context/tool-context.js';
import { FunctionTool } from './function-tool.js';

/**
 * `exit_loop()`: ends the enclosing LoopAgent. It sets `escalate` (the loop stops after this
 * event) and `skipSummarization` (the model is not called again to comment on it).
 *
 * @example
 * ```ts
 * const critic = new LlmAgent({ name: 'critic', model, instruction: 'Call exit_loop when the draft is good.', tools: [exitLoopTool] });
 * ```
 */
export const exitLoopTool = new FunctionTool({
  name: 'exit_loop',
  description: 'Exits the loop.\n\n  Call this function only when you are instructed to do so.\n  ',
  execute: (_args, ctx: ToolContext) => {
    ctx.actions.escalate = true;
    ctx.actions.skipSummarization = true;
    return null;
  },
});
