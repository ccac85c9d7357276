/**
 * The seed chapter's complete example: a weather agent with agent, model and tool callbacks, the
 * built-in LoggingPlugin and an audit plugin that summarises the run. Offline with a scripted
 * model; with GEMINI_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY or OLLAMA_HOST set it talks to that provider.
 *
 *   npm start                                   (this example)
 *   RXADK_QUIET=1 npm start                     (without the logging plugin's grey lines)
 */
import { lastValueFrom, tap } from 'rxjs';
import {
  BasePlugin,
  type CallbackContext,
  type Event,
  FunctionTool,
  InMemoryRunner,
  type InvocationContext,
  isFinalResponse,
  LlmAgent,
  type LlmRequest,
  type LlmResponse,
  LoggingPlugin,
  type ToolContext,
} from '../lib/index.js';
import { simplifyEvent } from '../lib/testing/index.js';
import { chooseModel, describeModel } from './shared/choose-model.js';

/** A pretend weather service. */
const getWeather = new FunctionTool<{ city: string }>({
  name: 'get_weather',
  description: 'Returns the current weather in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name' } }, required: ['city'] },
  execute: ({ city }) => ({ city, temp: 25, weather: 'sunny' }),
});

/** The audit plugin of the seed's exercise 4: counts what happened and prints a summary at the end. */
class AuditPlugin extends BasePlugin {
  private messages: string[] = [];
  private tokens = 0;
  private tools: string[] = [];
  private finals: string[] = [];

  constructor() {
    super('audit');
  }

  override onUserMessageCallback(_ctx: InvocationContext, message: { parts?: Array<{ text?: string }> }) {
    this.messages.push(message.parts?.map((p) => p.text ?? '').join('') ?? '');
    return undefined;
  }

  override afterModelCallback(_ctx: CallbackContext, response: LlmResponse) {
    this.tokens += response.usageMetadata?.totalTokenCount ?? 0;
    return undefined;
  }

  override afterToolCallback(_ctx: ToolContext, tool: { name: string }, args: Record<string, unknown>, result: Record<string, unknown>) {
    this.tools.push(`${tool.name}(${JSON.stringify(args)}) → ${JSON.stringify(result)}`);
    return undefined;
  }

  override onEventCallback(_ctx: InvocationContext, event: Event) {
    if (isFinalResponse(event) && event.content?.parts?.some((p) => p.text)) this.finals.push(simplifyEvent(event));
    return undefined;
  }

  override afterRunCallback(ctx: InvocationContext) {
    console.log(`\n[audit] run ${ctx.invocationId}`);
    console.log(`[audit]   user messages: ${this.messages.map((m) => JSON.stringify(m)).join(', ')}`);
    console.log(`[audit]   tool calls:    ${this.tools.join('; ') || '(none)'}`);
    console.log(`[audit]   tokens:        ${this.tokens}`);
    console.log(`[audit]   final answers: ${this.finals.join(' / ')}`);
    this.messages = [];
    this.tools = [];
    this.tokens = 0;
    this.finals = [];
    return undefined;
  }
}

const offlineScript = [
  { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Beijing' } } }] }, usageMetadata: { totalTokenCount: 42 } },
  (request: LlmRequest): LlmResponse => {
    const result = request.contents.at(-1)?.parts?.[0]?.functionResponse?.response as { city?: string; temp?: number; weather?: string };
    return {
      content: { role: 'model', parts: [{ text: `It is ${result.weather} in ${result.city}, ${result.temp}°C.` }] },
      usageMetadata: { totalTokenCount: 58 },
    };
  },
];

const model = chooseModel(offlineScript);
const log = (text: string) => console.log(`\x1b[36m${text}\x1b[0m`);

const weatherAgent = new LlmAgent({
  name: 'weather_agent',
  description: 'Answers questions about the weather.',
  model,
  instruction: 'You are a weather assistant. Use get_weather to answer questions about the weather.',
  tools: [getWeather],
  beforeAgentCallback: (ctx) => {
    log(`[Agent] ${ctx.agentName} starts`);
    ctx.state.set('agent_start', new Date().toISOString());
    return undefined;
  },
  afterAgentCallback: (ctx) => {
    log(`[Agent] ${ctx.agentName} done (started ${ctx.state.get('agent_start')})`);
    return undefined;
  },
  beforeModelCallback: (_ctx, request) => {
    log(`[Model] sending ${request.contents.length} message(s)`);
    return undefined;
  },
  afterModelCallback: (_ctx, response) => {
    if (response.usageMetadata) log(`[Model] tokens: ${response.usageMetadata.totalTokenCount ?? '?'}`);
    return undefined;
  },
  beforeToolCallback: (_ctx, tool, args) => {
    log(`[Tool] calling ${tool.name} with ${JSON.stringify(args)}`);
    return undefined;
  },
  afterToolCallback: (_ctx, tool, _args, result) => {
    log(`[Tool] ${tool.name} returned ${JSON.stringify(result)}`);
    return undefined;
  },
});

const plugins = process.env['RXADK_QUIET'] ? [new AuditPlugin()] : [new LoggingPlugin(), new AuditPlugin()];
const runner = new InMemoryRunner({ agent: weatherAgent, appName: 'weather_app', plugins, autoCreateSession: true });

async function main() {
  console.log(`Model: ${describeModel(model)}\n`);
  const question = 'What is the weather like in Beijing today?';
  console.log(`user: ${question}`);
  await lastValueFrom(
    runner
      .runAsync({ userId: 'user1', sessionId: 'weather', newMessage: { role: 'user', parts: [{ text: question }] } })
      .pipe(tap((event) => console.log(`\x1b[1m${simplifyEvent(event)}\x1b[0m`))),
    { defaultValue: undefined },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
