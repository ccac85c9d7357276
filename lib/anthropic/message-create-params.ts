import type { GenerateContentConfig, Schema, Tool } from '@google/genai';
import type { MessageCreateParamsBase, Tool as AnthropicTool, ToolChoice } from '@anthropic-ai/sdk/resources/messages';
import { jsonSchemaFromGemini } from '../models/json-schema-from-gemini.js';
import { type LlmRequest, systemInstructionText } from '../models/llm-request.js';
import { anthropicMessages } from './anthropic-messages.js';

/** `max_tokens` when neither the request's `maxOutputTokens` nor the `maxTokens` option sets it (the API requires one). */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192;

/**
 * An {@link LlmRequest} as the body of an Anthropic Messages request:
 *
 * | LlmRequest | Messages API |
 * |---|---|
 * | `config.systemInstruction` | `system` |
 * | `contents` | `messages` (see {@link anthropicMessages}) |
 * | `config.tools[].functionDeclarations` | `tools` `{name, description, input_schema}` (`parametersJsonSchema`, else `parameters` as JSON Schema) |
 * | `toolConfig.functionCallingConfig` | `tool_choice`: `AUTO` → `auto`, `ANY` → `any` (one allowed name → that `tool`), `NONE` → `none` |
 * | `maxOutputTokens` | `max_tokens` (else the `maxTokens` option, else {@link DEFAULT_ANTHROPIC_MAX_TOKENS}) |
 * | `temperature`, `topP`, `topK`, `stopSequences` | `temperature`, `top_p`, `top_k`, `stop_sequences` |
 * | `thinkingConfig.thinkingBudget` (> 0), or the `thinking` option | `thinking: {type: 'enabled', budget_tokens}` |
 * | `responseJsonSchema` / `responseSchema` | `output_config.format: {type: 'json_schema', schema}` (Claude's structured outputs) |
 * | streaming | `stream: true` |
 * | `toolsDict`, `safetySettings`, `seed`, penalties, Gemini built-in tools, `labels` | not sent |
 *
 * @example
 * ```ts
 * messageCreateParams(createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }), { model: 'claude-sonnet-5-5' });
 * // { model: 'claude-sonnet-5-5', max_tokens: 8192, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }
 * ```
 */
export function messageCreateParams(
  request: LlmRequest,
  options: { model: string; maxTokens?: number; thinkingBudget?: number },
): MessageCreateParamsBase {
  const config = request.config;
  const system = systemInstructionText(request);
  const tools = anthropicTools(config);
  const choice = tools.length ? toolChoice(config) : undefined;
  const schema = config.responseJsonSchema ?? (config.responseSchema && jsonSchemaFromGemini(config.responseSchema as Schema));
  const budget = config.thinkingConfig?.thinkingBudget ?? options.thinkingBudget;
  return {
    model: options.model,
    max_tokens: config.maxOutputTokens ?? options.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
    ...(system ? { system } : {}),
    messages: anthropicMessages(request.contents),
    ...(tools.length ? { tools } : {}),
    ...(choice ? { tool_choice: choice } : {}),
    ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
    ...(config.topP !== undefined ? { top_p: config.topP } : {}),
    ...(config.topK !== undefined ? { top_k: config.topK } : {}),
    ...(config.stopSequences?.length ? { stop_sequences: config.stopSequences } : {}),
    ...(budget && budget > 0 ? { thinking: { type: 'enabled', budget_tokens: budget } } : {}),
    ...(schema ? { output_config: { format: { type: 'json_schema', schema: schema as Record<string, unknown> } } } : {}),
  };
}

function anthropicTools(config: GenerateContentConfig): AnthropicTool[] {
  const declarations = ((config.tools ?? []) as Tool[]).flatMap((tool) => tool.functionDeclarations ?? []);
  return declarations.map((declaration) => ({
    name: declaration.name ?? '',
    ...(declaration.description ? { description: declaration.description } : {}),
    input_schema: inputSchema(declaration.parametersJsonSchema ?? (declaration.parameters && jsonSchemaFromGemini(declaration.parameters))),
  }));
}

function inputSchema(schema: unknown): AnthropicTool['input_schema'] {
  const object = (schema && typeof schema === 'object' ? schema : {}) as Record<string, unknown>;
  return { ...object, type: 'object' } as AnthropicTool['input_schema'];
}

function toolChoice(config: GenerateContentConfig): ToolChoice | undefined {
  const calling = config.toolConfig?.functionCallingConfig;
  switch (calling?.mode) {
    case 'AUTO':
      return { type: 'auto' };
    case 'NONE':
      return { type: 'none' };
    case 'ANY': {
      const names = calling.allowedFunctionNames ?? [];
      return names.length === 1 ? { type: 'tool', name: names[0]! } : { type: 'any' };
    }
    default:
      return undefined;
  }
}
