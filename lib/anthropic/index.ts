// rxadk/anthropic — Claude models on the official `@anthropic-ai/sdk` (an optional peer dependency,
// loaded on the first call).
export { AnthropicLlm, type AnthropicLlmOptions } from './anthropic-llm.js';
