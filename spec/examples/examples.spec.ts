import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { transpileForChild, type TranspiledTree } from '../fixtures/persistence/transpile-for-child.js';

const run = promisify(execFile);

const EXAMPLES = ['weather-agent.ts', 'vacation-request.ts', 'hello-callbacks.ts', 'provider-swap.ts', 'telemetry/otlp-tracing.ts'];

/** The examples and the lib they import, transpiled once (a child under ts-node compiled lib/ again at each start). */
let tree: TranspiledTree;

/** Runs an example from source (transpiled, types stripped), offline. */
async function example(file: string, ...args: string[]): Promise<string> {
  const env = { ...process.env, GEMINI_API_KEY: '', GOOGLE_API_KEY: '', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', OLLAMA_HOST: '', RXADK_MODEL: '', RXADK_QUIET: '1', NODE_NO_WARNINGS: '1' };
  const { stdout } = await run(process.execPath, [tree.script(`examples/${file}`), ...args], { env, timeout: 60_000 });
  // eslint-disable-next-line no-control-regex
  return stdout.replace(/\x1b\[[0-9;]*m/g, '');
}

describe('examples (offline)', () => {
  beforeAll(() => {
    tree = transpileForChild('examples', EXAMPLES.map((file) => `examples/${file}`));
  });
  afterAll(() => tree?.remove());

  it('weather-agent: callbacks fire around the model and the tool, and the audit plugin summarises the run', async () => {
    const out = await example('weather-agent.ts');
    const order = ['[Agent] weather_agent starts', '[Model] sending 1 message(s)', '[Tool] calling get_weather', '[Model] sending 3 message(s)', 'weather_agent: It is sunny in Beijing, 25°C.', '[Agent] weather_agent done'];
    const positions = order.map((line) => out.indexOf(line));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(out).toMatch(/\[audit\] {3}tokens: {8}100/);
  });

  it('vacation-request: a "y" answer approves, an "n" answer rejects', async () => {
    expect(await example('vacation-request.ts', '--answer=y')).toMatch(/manager: approved\n.*"status":"approved".*\n.*Your 3 days off are approved/);
    expect(await example('vacation-request.ts', '--answer=n')).toMatch(/manager: rejected\n.*"status":"rejected".*\n.*not approved/);
  });

  it('hello-callbacks: the custom agent counts down, committing each step before the next', async () => {
    const out = await example('hello-callbacks.ts');
    expect(out).toMatch(/countdown: 3…\n(.*\n)*countdown: 2…\n(.*\n)*countdown: 1…\n(.*\n)*countdown: Lift-off!/);
    expect(out).toMatch(/session: 13 events, state \{"launches":2,"remaining":0\}/);
  });

  it('provider-swap: the same agent on the Gemini, OpenAI-compatible and Anthropic stand-ins prints the same transcript', async () => {
    const out = await example('provider-swap.ts');
    const transcripts = out.split(/^== .*$/m).slice(1).map((t) => t.trim());
    expect(out.match(/^== .*$/gm)).toEqual(['== gemini-2.5-flash', '== openai-compatible/gpt-4o-mini', '== anthropic/claude-sonnet-5-5']);
    expect(transcripts[0]).toMatch(/call get_weather\(\{"city":"Beijing"\}\)\n.*get_weather returned .*\n.*It is sunny in Beijing, 25°C\./);
    expect(new Set(transcripts).size).toBe(1);
  });

  it('telemetry/otlp-tracing: the local OTLP receiver gets the run\'s spans with their GenAI attributes', async () => {
    const out = await example('telemetry/otlp-tracing.ts');
    expect(out).toMatch(/agent answered: It is sunny in Beijing/);
    for (const name of ['invocation', 'invoke_agent weather_agent', 'call_llm', 'execute_tool get_weather']) expect(out).toContain(`receiver got ${name}`);
    expect(out).toMatch(/call_llm +\{.*"gen_ai.usage.input_tokens":42/);
  });
});
