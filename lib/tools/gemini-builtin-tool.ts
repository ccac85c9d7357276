import type { Tool } from '@google/genai';
import type { ToolContext } from '../context/tool-context.js';
import type { LlmRequest } from '../models/llm-request.js';
import { BaseTool } from './base-tool.js';

/**
 * A tool that Gemini runs itself (search, URL context, maps grounding, code execution): it only
 * adds an entry to `config.tools`; its results come back inside the model response
 * (`groundingMetadata`, code-execution parts).
 *
 * @example
 * ```ts
 * const codeExecution = new GeminiBuiltinTool('code_execution', { codeExecution: {} });
 * new LlmAgent({ name: 'calc', model: 'gemini-2.5-flash', tools: [codeExecution] });
 * ```
 */
export class GeminiBuiltinTool extends BaseTool {
  constructor(
    name: string,
    private readonly entry: Tool,
  ) {
    super({ name, description: name });
  }

  override processLlmRequest(_ctx: ToolContext, request: LlmRequest): void {
    (request.config.tools ??= []).push({ ...this.entry });
  }
}
