import { SET_MODEL_RESPONSE_FUNCTION_NAME } from '../events/framework-function-names.js';
import { FunctionTool } from './function-tool.js';
import type { JsonSchema } from './to-gemini-schema.js';

/**
 * The tool through which an agent that has both an `outputSchema` and tools gives its final,
 * structured answer (ADK's `SetModelResponseTool`): models cannot be asked for JSON output and
 * offered tools in one request everywhere, so the schema becomes a tool's parameters instead.
 *
 * - An object schema is the tool's parameters as it is; any other schema (an array, a string, ...)
 *   is wrapped as `{response: <schema>}`.
 * - The arguments are validated like any tool's: arguments that do not match reach the model as
 *   an `{error: "Invalid arguments ..."}` reply, so it can call again.
 * - The tool answers `{result: <the answer>}`; the flow then emits the answer as the agent's final
 *   text (JSON), which `outputKey` stores.
 *
 * The output-schema request processor adds it; users do not construct it.
 *
 * @example
 * ```ts
 * const tool = new SetModelResponseTool({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
 * tool.getDeclaration().name; // 'set_model_response'
 * ```
 */
export class SetModelResponseTool extends FunctionTool {
  constructor(outputSchema: JsonSchema) {
    const wrapped = !isObjectSchema(outputSchema);
    super({
      name: SET_MODEL_RESPONSE_FUNCTION_NAME,
      description:
        'Set your final response using the required output schema. Use this tool to provide your final ' +
        'structured answer instead of outputting text directly.',
      parameters: wrapped ? { type: 'object', properties: { response: outputSchema }, required: ['response'] } : outputSchema,
      execute: (args) => ({ result: wrapped ? args['response'] : args }),
    });
  }
}

function isObjectSchema(schema: JsonSchema): boolean {
  const type = (schema as { type?: unknown }).type;
  return type === 'object' || (type === undefined && typeof (schema as { properties?: unknown }).properties === 'object');
}
