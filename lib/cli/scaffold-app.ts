import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { validateAgentName } from '../agents/validate-agent-name.js';
import { AgentConfigError } from '../utils/errors.js';

/**
 * What `rxadk create` needs: the app's name, the folder to create it in, and the Gemini model it
 * uses when a key is set.
 *
 * @example
 * ```ts
 * const options: ScaffoldOptions = { name: 'hello', parentDir: 'agents', model: 'gemini-2.5-flash' };
 * ```
 */
export interface ScaffoldOptions {
  name: string;
  parentDir: string;
  model: string;
}

/** The model scaffolded apps use when a Gemini key is set, unless `--model` says otherwise. */
export const DEFAULT_SCAFFOLD_MODEL = 'gemini-2.5-flash';

/**
 * Writes a new app folder `<parentDir>/<name>`: `agent.ts` (an LlmAgent named after the app,
 * {@link scaffoldAgentName}, with a FunctionTool and a callback; its model is the provider the
 * environment names (`modelFromEnvironment`), else an offline demo model), `.env.example` and
 * `README.md`. Returns the files written. Errors with {@link AgentConfigError} for a bad name
 * (checked before anything is written) or a folder that exists and is not empty.
 *
 * @example
 * ```ts
 * scaffoldApp({ name: 'hello', parentDir: 'agents', model: 'gemini-2.5-flash' });
 * // ['agents/hello/agent.ts', 'agents/hello/.env.example', 'agents/hello/README.md']
 * ```
 */
export function scaffoldApp(options: ScaffoldOptions): string[] {
  const { name, model } = options;
  if (!/^[A-Za-z_][\w-]*$/.test(name)) {
    throw new AgentConfigError(`"${name}" is not an app name: use letters, digits, "_" and "-", starting with a letter (e.g. my_agent).`);
  }
  const agentName = scaffoldAgentName(name);
  const folder = resolve(options.parentDir, name);
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new AgentConfigError(`${folder} already exists and is not empty.`);
  mkdirSync(folder, { recursive: true });
  const files: [string, string][] = [
    ['agent.ts', agentSource(name, agentName, model)],
    ['.env.example', envExample(model)],
    ['README.md', readme(name, options.parentDir)],
  ];
  return files.map(([file, text]) => {
    const path = join(folder, file);
    writeFileSync(path, text);
    return path;
  });
}

/**
 * The name `rxadk create` gives an app's agent: the app's name, with `-` turned into `_` so that it
 * is an identifier (`my-agent` → `my_agent`). Errors with {@link AgentConfigError} for a name that
 * gives no valid agent name: not an identifier after that, or `user` (reserved for the end user).
 *
 * @example
 * ```ts
 * scaffoldAgentName('my_agent'); // 'my_agent'
 * scaffoldAgentName('my-agent'); // 'my_agent'
 * ```
 */
export function scaffoldAgentName(appName: string): string {
  const name = appName.replace(/-/g, '_');
  if (name === 'user') {
    throw new AgentConfigError(
      `"${appName}" cannot be an app name for rxadk create: its agent would be named "user", which is reserved for the end user's messages. Choose another name, e.g. user_helper.`,
      { agentName: name },
    );
  }
  validateAgentName(name);
  return name;
}

function agentSource(name: string, agentName: string, model: string): string {
  return `/**
 * The ${name} app, made by \`rxadk create\`. Run it with \`npx rxadk run .\` (a terminal chat) or
 * \`npx rxadk web ..\` (the dev UI). With no model key in the environment it answers with a
 * small offline demo model, so it works at once; set GEMINI_API_KEY, OPENAI_API_KEY,
 * ANTHROPIC_API_KEY or OLLAMA_HOST (or RXADK_MODEL) to talk to that provider.
 */
import { BaseLlm, FunctionTool, LlmAgent, type LlmRequest, type LlmResponse, modelFromEnvironment } from 'rxadk';
import { type Observable, of } from 'rxjs';

/** A tool: the model calls it with arguments matching \`parameters\`. */
const getTime = new FunctionTool<{ city: string }>({
  name: 'get_time',
  description: 'Returns the current time in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name' } }, required: ['city'] },
  execute: ({ city }) => ({ city, time: new Date().toISOString().slice(11, 16) + ' UTC' }),
});

/**
 * The offline demo model: "What time is it in <city>?" calls get_time, a tool result is summarised, and
 * anything else gets a hint. Replace it with your own logic, or set a key to use Gemini.
 */
class DemoModel extends BaseLlm {
  constructor() {
    super({ model: 'demo-offline' });
  }

  generateContent(request: LlmRequest): Observable<LlmResponse> {
    const last = request.contents.at(-1);
    const result = last?.parts?.find((part) => part.functionResponse)?.functionResponse?.response as { city?: string; time?: string } | undefined;
    if (result) return of(reply(\`It is \${result.time} in \${result.city}.\`));
    const said = last?.parts?.map((part) => part.text ?? '').join(' ') ?? '';
    const city = /\\btime\\b.*?\\bin ([\\p{L} ]+?)[?.!]*$/iu.exec(said)?.[1]?.trim();
    if (city) return of({ content: { role: 'model', parts: [{ functionCall: { name: 'get_time', args: { city } } }] } });
    return of(reply('Hello from the offline demo model! Ask me "What time is it in Paris?", or set GEMINI_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY or OLLAMA_HOST to talk to a real model.'));
  }
}

function reply(text: string): LlmResponse {
  return { content: { role: 'model', parts: [{ text }] } };
}


/**
 * The app's agent: \`rxadk web\`, \`rxadk api_server\` and \`rxadk run\` load it from this file.
 *
 * @example
 * \`\`\`sh
 * npx rxadk run .
 * \`\`\`
 */
export const rootAgent = new LlmAgent({
  name: '${agentName}',
  description: 'Tells the time in a city.',
  model: modelFromEnvironment(process.env, { gemini: '${model}' }) ?? new DemoModel(),
  instruction: 'You are a helpful assistant. Use get_time to tell the time in a city.',
  tools: [getTime],
  /** A callback: runs before each turn of the agent; here it counts the turns in session state. */
  beforeAgentCallback: (ctx) => {
    ctx.state.set('turns', ((ctx.state.get<number>('turns') ?? 0) as number) + 1);
    return undefined;
  },
});
`;
}

function envExample(model: string): string {
  return `# Copy to .env (or export these) to use a real model; with none set, the app runs on its offline demo model.
# Set one of them (the first one set wins, in this order):
GEMINI_API_KEY=
# or: GOOGLE_API_KEY=
OPENAI_API_KEY=
ANTHROPIC_API_KEY=
# Ollama on this machine (OLLAMA_MODEL defaults to llama3.2):
# OLLAMA_HOST=http://127.0.0.1:11434
# OLLAMA_MODEL=llama3.2
# Or name any model string (overrides the above), e.g. ${model}, openai/gpt-4o-mini,
# anthropic/claude-sonnet-5-5, ollama/qwen3, openai-compatible/<model> with OPENAI_COMPATIBLE_BASE_URL:
# RXADK_MODEL=${model}
`;
}

function readme(name: string, parentDir: string): string {
  return `# ${name}

An agent app made by \`rxadk create\`: \`agent.ts\` exports \`rootAgent\`, an \`LlmAgent\` with a tool
(\`get_time\`) and a callback (\`beforeAgentCallback\`, counting turns in session state).

rxadk loads \`agent.ts\` as it is (it transpiles TypeScript at load time): there is no build step.
It needs \`rxadk\` and \`rxjs\` installed in this folder or a parent (\`npm install rxadk rxjs\`).

## Run it

\`\`\`sh
npx rxadk run ${parentDir === '.' ? name : `${parentDir}/${name}`}          # a terminal chat
npx rxadk web ${parentDir}            # the dev UI, for every app in ${parentDir}
npx rxadk api_server ${parentDir}     # the HTTP API only
\`\`\`

Try "What time is it in Paris?".

## Use a real model

With no key the app answers with a small offline demo model. Set \`GEMINI_API_KEY\`,
\`OPENAI_API_KEY\`, \`ANTHROPIC_API_KEY\` or \`OLLAMA_HOST\` (or any model string in
\`RXADK_MODEL\`) to use that provider; see \`.env.example\`. OpenAI and Anthropic also need their
SDK installed next to rxadk: \`npm install openai\` or \`npm install @anthropic-ai/sdk\`.
`;
}
