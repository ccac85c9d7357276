import type { FunctionDeclaration, GenerateContentConfig, Schema, Tool } from '@google/genai';
import type {
  ChatCompletionCreateParamsBase,
  ChatCompletionFunctionTool,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import { jsonSchemaFromGemini } from '../models/json-schema-from-gemini.js';
import { type LlmRequest, systemInstructionText } from '../models/llm-request.js';
import { chatMessages } from './chat-messages.js';

/**
 * An {@link LlmRequest} as the body of a Chat Completions request:
 *
 * | LlmRequest | Chat Completions |
 * |---|---|
 * | `config.systemInstruction`, `contents` | `messages` (see {@link chatMessages}) |
 * | `config.tools[].functionDeclarations` | `tools` (`type: 'function'`; `parametersJsonSchema`, else `parameters` as JSON Schema) |
 * | `config.toolConfig.functionCallingConfig` | `tool_choice`: `AUTO` → `'auto'`, `ANY` → `'required'` (one allowed name → that function), `NONE` → `'none'` |
 * | `temperature`, `topP`, `maxOutputTokens`, `stopSequences`, `seed`, `presencePenalty`, `frequencyPenalty`, `candidateCount` | `temperature`, `top_p`, `max_tokens`, `stop`, `seed`, `presence_penalty`, `frequency_penalty`, `n` |
 * | `responseJsonSchema` or `responseSchema` | `response_format: {type: 'json_schema', json_schema: {name: 'response', schema}}` |
 * | `responseMimeType: 'application/json'` alone | `response_format: {type: 'json_object'}` |
 * | streaming | `stream: true, stream_options: {include_usage: true}` |
 * | `toolsDict`, `safetySettings`, `thinkingConfig`, Gemini built-in tools (search, code execution), `labels`, `cachedContent` | not sent |
 *
 * @example
 * ```ts
 * chatCompletionParams(createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }), 'gpt-4o-mini', false);
 * // { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }
 * ```
 */
export function chatCompletionParams(request: LlmRequest, model: string, stream: boolean): ChatCompletionCreateParamsBase {
  const config = request.config;
  const tools = functionTools(config);
  const choice = tools.length ? toolChoice(config) : undefined;
  const format = responseFormat(config);
  return {
    model,
    messages: chatMessages(systemInstructionText(request), request.contents),
    ...(tools.length ? { tools } : {}),
    ...(choice ? { tool_choice: choice } : {}),
    ...defined({
      temperature: config.temperature,
      top_p: config.topP,
      max_tokens: config.maxOutputTokens,
      stop: config.stopSequences?.length ? config.stopSequences : undefined,
      seed: config.seed,
      presence_penalty: config.presencePenalty,
      frequency_penalty: config.frequencyPenalty,
      n: config.candidateCount,
    }),
    ...(format ? { response_format: format } : {}),
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  };
}

function functionTools(config: GenerateContentConfig): ChatCompletionFunctionTool[] {
  const declarations = ((config.tools ?? []) as Tool[]).flatMap((tool) => tool.functionDeclarations ?? []);
  return declarations.map((declaration) => ({
    type: 'function',
    function: {
      name: declaration.name ?? '',
      ...(declaration.description ? { description: declaration.description } : {}),
      parameters: parametersOf(declaration),
    },
  }));
}

function parametersOf(declaration: FunctionDeclaration): Record<string, unknown> {
  if (declaration.parametersJsonSchema && typeof declaration.parametersJsonSchema === 'object') {
    return declaration.parametersJsonSchema as Record<string, unknown>;
  }
  return declaration.parameters ? jsonSchemaFromGemini(declaration.parameters) : { type: 'object', properties: {} };
}

function toolChoice(config: GenerateContentConfig): ChatCompletionToolChoiceOption | undefined {
  const calling = config.toolConfig?.functionCallingConfig;
  switch (calling?.mode) {
    case 'AUTO':
      return 'auto';
    case 'NONE':
      return 'none';
    case 'ANY': {
      const names = calling.allowedFunctionNames ?? [];
      return names.length === 1 ? { type: 'function', function: { name: names[0]! } } : 'required';
    }
    default:
      return undefined;
  }
}

function responseFormat(config: GenerateContentConfig): ChatCompletionCreateParamsBase['response_format'] {
  const schema = config.responseJsonSchema ?? (config.responseSchema && jsonSchemaFromGemini(config.responseSchema as Schema));
  if (schema) return { type: 'json_schema', json_schema: { name: 'response', schema: schema as Record<string, unknown> } };
  return config.responseMimeType === 'application/json' ? { type: 'json_object' } : undefined;
}

/** The entries whose value is defined. */
function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
