import type { Tool } from '@google/genai';
import type { ToolContext } from '../context/tool-context.js';
import type { LlmRequest } from '../models/llm-request.js';
import { BaseTool } from './base-tool.js';

/**
 * A tool that Gemini runs itself (search, URL context, maps grounding): it only adds an entry to
 * `config.tools`; its results come back inside the model response (`groundingMetadata`).
 *
 * @example
 * ```ts
 * const codeExecution = new GeminiBuiltinTool('code_execution', { codeExecution: {} });
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

/** Grounding with Google Search: adds `{googleSearch: {}}`. */
export class GoogleSearchTool extends GeminiBuiltinTool {
  constructor() {
    super('google_search', { googleSearch: {} });
  }
}

/** Lets the model read URLs given in the conversation: adds `{urlContext: {}}`. */
export class UrlContextTool extends GeminiBuiltinTool {
  constructor() {
    super('url_context', { urlContext: {} });
  }
}

/** Grounding with Google Maps: adds `{googleMaps: {}}`. */
export class GoogleMapsGroundingTool extends GeminiBuiltinTool {
  constructor() {
    super('google_maps_grounding', { googleMaps: {} });
  }
}

/** Shared instances, as ADK exports them. */
export const googleSearch = new GoogleSearchTool();
export const urlContext = new UrlContextTool();
export const googleMapsGrounding = new GoogleMapsGroundingTool();
