// OpenAI on OpenAiStandIn: the raw `openai` SDK, and rxadk's OpenAiLlm (adapter, Runner turn).
// The scenario loads this module with a dynamic import(): without the adapter or the SDK, only
// these rows are missing.
import OpenAI from 'openai';
import { OpenAiLlm } from '../../lib/openai/index.js';
import { OpenAiStandIn } from '../../lib/testing/openai-stand-in.js';
import { rxadkAdapterPath, rxadkRunnerPath } from './rxadk-paths.js';
import { serveEachRun } from './serve-each-run.js';
import { openAiChunks, PROMPT } from './stream-chunks.js';
import { StreamCounter, type ProviderPaths, type StreamPath } from './stream-path.js';

const MODEL = 'gpt-4o-mini';

/** `for await` over `chat.completions.create({ stream: true })`, reading each chunk's text. */
function rawOpenAiPath(baseURL: string): StreamPath {
  const client = new OpenAI({ baseURL, apiKey: 'test' });
  return {
    provider: 'OpenAI',
    framework: 'openai',
    layer: 'raw SDK',
    async run() {
      const counter = new StreamCounter();
      const stream = await client.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: PROMPT }],
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of stream) counter.text(chunk.choices[0]?.delta?.content ?? undefined);
      return counter.result();
    },
  };
}

export async function openAiPaths(count: number): Promise<ProviderPaths> {
  const standIn = await OpenAiStandIn.start();
  const chunks = openAiChunks(count);
  const baseURL = `${standIn.baseUrl}/v1`;
  const model = () => new OpenAiLlm({ model: MODEL, baseURL, apiKey: 'test' });
  return {
    provider: 'OpenAI',
    paths: [rawOpenAiPath(baseURL), rxadkAdapterPath('OpenAI', model()), rxadkRunnerPath('OpenAI', model())].map((path) =>
      serveEachRun(() => standIn.enqueue(chunks), path),
    ),
    close: () => standIn.close(),
  };
}
