// rxadk/openai — OpenAI and OpenAI-compatible models (Ollama, vLLM, LM Studio, ...) on the official
// `openai` SDK (an optional peer dependency, loaded on the first call).
export { OpenAiLlm, type OpenAiLlmOptions } from './openai-llm.js';
