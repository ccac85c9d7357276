import { modelFromEnvironment } from '../../lib/models/model-from-environment.js';

describe('modelFromEnvironment', () => {
  it.each([
    [{}, undefined],
    [{ GEMINI_API_KEY: 'g' }, 'gemini-2.5-flash'],
    [{ GOOGLE_API_KEY: 'g' }, 'gemini-2.5-flash'],
    [{ OPENAI_API_KEY: 'o' }, 'openai/gpt-4o-mini'],
    [{ ANTHROPIC_API_KEY: 'a' }, 'anthropic/claude-sonnet-5-5'],
    [{ OLLAMA_HOST: '127.0.0.1:11434' }, 'ollama/llama3.2'],
    [{ OLLAMA_HOST: '127.0.0.1:11434', OLLAMA_MODEL: 'qwen3' }, 'ollama/qwen3'],
    [{ GEMINI_API_KEY: 'g', OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' }, 'gemini-2.5-flash'],
    [{ OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' }, 'openai/gpt-4o-mini'],
    [{ RXADK_MODEL: 'anthropic/claude-haiku-5-5', GEMINI_API_KEY: 'g' }, 'anthropic/claude-haiku-5-5'],
    [{ OPENAI_API_KEY: '' }, undefined],
  ])('%j → %s', (environment, expected) => {
    expect(modelFromEnvironment(environment)).toBe(expected);
  });

  it('takes other default models per provider', () => {
    expect(modelFromEnvironment({ GEMINI_API_KEY: 'g' }, { gemini: 'gemini-2.5-pro' })).toBe('gemini-2.5-pro');
    expect(modelFromEnvironment({ OPENAI_API_KEY: 'o' }, { gemini: 'gemini-2.5-pro' })).toBe('openai/gpt-4o-mini');
  });

  it('reads process.env by default', () => {
    const saved = { ...process.env };
    try {
      for (const name of ['RXADK_MODEL', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY', 'OLLAMA_HOST']) delete process.env[name];
      process.env['ANTHROPIC_API_KEY'] = 'a';
      expect(modelFromEnvironment()).toBe('anthropic/claude-sonnet-5-5');
    } finally {
      process.env = saved;
    }
  });
});
