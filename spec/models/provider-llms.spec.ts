import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { LLMRegistry } from '../../lib/models/llm-registry.js';
import { createLlmRequest } from '../../lib/models/llm-request.js';
import { ollamaBaseUrl } from '../../lib/models/provider-llms.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { AnthropicStandIn } from '../../lib/testing/anthropic-stand-in.js';
import { OpenAiStandIn } from '../../lib/testing/openai-stand-in.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { MissingCredentialsError } from '../../lib/utils/errors.js';
import { user } from '../support/llm.js';

const VARIABLES = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OLLAMA_HOST', 'OPENAI_COMPATIBLE_BASE_URL', 'OPENAI_COMPATIBLE_API_KEY'];
const request = createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });

describe('LLMRegistry: one string moves an agent between providers', () => {
  const saved = new Map(VARIABLES.map((name) => [name, process.env[name]]));
  let openAi: OpenAiStandIn;
  let anthropic: AnthropicStandIn;

  beforeEach(async () => {
    for (const name of VARIABLES) delete process.env[name];
    openAi = await OpenAiStandIn.start();
    anthropic = await AnthropicStandIn.start();
  });

  afterEach(async () => {
    for (const [name, value] of saved) if (value === undefined) delete process.env[name]; else process.env[name] = value;
    await Promise.all([openAi.close(), anthropic.close()]);
  });

  it('openai/<m> → OpenAiLlm at OPENAI_BASE_URL with OPENAI_API_KEY, sending the bare model name', async () => {
    process.env['OPENAI_API_KEY'] = 'sk-test';
    process.env['OPENAI_BASE_URL'] = `${openAi.baseUrl}/v1`;
    openAi.enqueue(OpenAiStandIn.text('from openai'));
    const llm = LLMRegistry.newLlm('openai/gpt-4o-mini');
    expect(llm.model).toBe('gpt-4o-mini');
    expect((await firstValueFrom(llm.generateContent(request))).content?.parts).toEqual([{ text: 'from openai' }]);
    expect(openAi.requests[0]!.body).toMatchObject({ model: 'gpt-4o-mini' });
    expect(openAi.requests[0]!.headers['authorization']).toBe('Bearer sk-test');
  });

  it('anthropic/<m> in an LlmAgent just works when the key is set', async () => {
    process.env['ANTHROPIC_API_KEY'] = 'sk-ant-test';
    process.env['ANTHROPIC_BASE_URL'] = anthropic.baseUrl;
    anthropic.enqueue(AnthropicStandIn.text('from claude'));
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'a', model: 'anthropic/claude-sonnet-5-5' }), appName: 'app', autoCreateSession: true });
    const events = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('hi') }).pipe(toArray()));
    expect(events.map(simplifyEvent)).toEqual(['a: from claude']);
    expect(anthropic.requests[0]!.body).toMatchObject({ model: 'claude-sonnet-5-5' });
  });

  it('ollama/<m> → the OpenAI-compatible endpoint at OLLAMA_HOST (host:port accepted), no key needed', async () => {
    process.env['OLLAMA_HOST'] = openAi.baseUrl.replace('http://', '');
    openAi.enqueue(OpenAiStandIn.text('from ollama'));
    const llm = LLMRegistry.newLlm('ollama/llama3.2');
    expect((await firstValueFrom(llm.generateContent(request))).content?.parts).toEqual([{ text: 'from ollama' }]);
    expect(openAi.requests[0]!.path).toBe('/v1/chat/completions');
    expect(openAi.requests[0]!.body).toMatchObject({ model: 'llama3.2' });
  });

  it('openai-compatible/<m> → OPENAI_COMPATIBLE_BASE_URL; without it, the first call names the variable', async () => {
    const { error } = await new Promise<{ error?: unknown }>((resolve) =>
      LLMRegistry.newLlm('openai-compatible/Qwen/Qwen3-8B').generateContent(request).subscribe({ error: (e: unknown) => resolve({ error: e }), complete: () => resolve({}) }),
    );
    expect(error).toBeInstanceOf(MissingCredentialsError);
    expect((error as MissingCredentialsError).variables).toEqual(['OPENAI_COMPATIBLE_BASE_URL']);

    process.env['OPENAI_COMPATIBLE_BASE_URL'] = `${openAi.baseUrl}/v1`;
    process.env['OPENAI_COMPATIBLE_API_KEY'] = 'vllm-token';
    openAi.enqueue(OpenAiStandIn.text('from vllm'));
    const llm = LLMRegistry.newLlm('openai-compatible/Qwen/Qwen3-8B');
    expect((await firstValueFrom(llm.generateContent(request))).content?.parts).toEqual([{ text: 'from vllm' }]);
    expect(openAi.requests[0]!.body).toMatchObject({ model: 'Qwen/Qwen3-8B' });
    expect(openAi.requests[0]!.headers['authorization']).toBe('Bearer vllm-token');
  });

  it('bare gemini-* keeps resolving to Gemini, and an unknown string names the prefixes', () => {
    expect(LLMRegistry.newLlm('gemini-2.5-flash').constructor.name).toBe('Gemini');
    expect(() => LLMRegistry.newLlm('gpt-4o')).toThrow(/"openai\/gpt-4o-mini", "anthropic\/claude-sonnet-5-5", "ollama\/llama3.2"/);
  });
});

describe('ollamaBaseUrl', () => {
  it.each([
    [undefined, 'http://127.0.0.1:11434/v1'],
    ['', 'http://127.0.0.1:11434/v1'],
    ['0.0.0.0:11434', 'http://0.0.0.0:11434/v1'],
    ['http://gpu.local:11434/', 'http://gpu.local:11434/v1'],
    ['https://ollama.example/v1', 'https://ollama.example/v1'],
  ])('%s → %s', (host, url) => {
    expect(ollamaBaseUrl(host)).toBe(url);
  });
});
