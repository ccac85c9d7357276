import type { FunctionCallingConfigMode } from '@google/genai';
import type { InvocationContext } from '../../context/invocation-context.js';
import { endInvocation } from '../../context/end-invocation.js';
import { ToolContext } from '../../context/tool-context.js';
import { SET_MODEL_RESPONSE_FUNCTION_NAME } from '../../events/framework-function-names.js';
import { getFunctionResponses } from '../../events/get-function-responses.js';
import { appendInstructions } from '../../models/llm-request.js';
import { SetModelResponseTool } from '../../tools/set-model-response-tool.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * How many rounds of tool calls an agent with an `outputSchema` and tools may make in one
 * invocation: on the last round it may only call `set_model_response`, after it the invocation
 * ends (ADK's guard against a model that never gives its structured answer).
 */
export const MAX_STRUCTURED_OUTPUT_TOOL_ROUNDS = 25;

/**
 * Structured output together with tools (ADK's output-schema processor): an agent with an
 * `outputSchema` and tools is offered the {@link SetModelResponseTool}, whose parameters are the
 * schema, and told to give its final answer through it. The flow turns a successful call into
 * the agent's final answer. (Without tools, the basic processor asks the model for JSON directly.)
 *
 * ```
 * model: call get_weather ─► tools ─► model: call set_model_response({...}) ─► {result: {...}}
 *   ─► final answer '{"city":"Paris",...}' (validated, stored under outputKey)
 * ```
 *
 * After {@link MAX_STRUCTURED_OUTPUT_TOOL_ROUNDS} − 1 rounds of tool calls in this invocation the
 * request allows only `set_model_response`; after the last round the invocation ends.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'reporter', model, tools: [getWeather], outputSchema: z.object({ city: z.string(), temp: z.number() }), outputKey: 'report' });
 * ```
 */
export const outputSchemaRequestProcessor: LlmRequestProcessor = (ctx, agent, request) => {
  if (!agent.outputSchema || agent.tools.length === 0) return undefined;
  const rounds = toolRoundsSoFar(ctx);
  if (rounds >= MAX_STRUCTURED_OUTPUT_TOOL_ROUNDS) return endInvocation(ctx);
  const tool = new SetModelResponseTool(agent.outputSchema);
  tool.processLlmRequest(new ToolContext(ctx, { functionCallId: '' }), request);
  appendInstructions(request, [
    `IMPORTANT: After using any needed tools, you MUST call ${SET_MODEL_RESPONSE_FUNCTION_NAME} to provide your final answer. ` +
      'This is required to complete the task.',
  ]);
  if (rounds >= MAX_STRUCTURED_OUTPUT_TOOL_ROUNDS - 1) {
    request.config.toolConfig = { functionCallingConfig: { mode: 'ANY' as FunctionCallingConfigMode, allowedFunctionNames: [SET_MODEL_RESPONSE_FUNCTION_NAME] } };
  }
  return undefined;
};

/** Events of this invocation and branch that answered tool calls. */
function toolRoundsSoFar(ctx: InvocationContext): number {
  return ctx.session.events.filter(
    (e) => e.invocationId === ctx.invocationId && e.branch === ctx.branch && getFunctionResponses(e).length > 0,
  ).length;
}
