import { GeminiBuiltinTool } from './gemini-builtin-tool.js';

/**
 * Grounding with Google Maps: adds `{googleMaps: {}}` to the request.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', tools: [new GoogleMapsGroundingTool()] });
 * ```
 */
export class GoogleMapsGroundingTool extends GeminiBuiltinTool {
  constructor() {
    super('google_maps_grounding', { googleMaps: {} });
  }
}

/**
 * A shared {@link GoogleMapsGroundingTool}, as ADK exports it.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', tools: [googleMapsGrounding] });
 * ```
 */
export const googleMapsGrounding = new GoogleMapsGroundingTool();
