// Anthropic on AnthropicStandIn: the raw `@anthropic-ai/sdk`, and rxadk's AnthropicLlm (adapter,
// Runner turn). The scenario loads this module with a dynamic import(): without the adapter or
// the SDK, only these rows are missing.
import Anthropic from '@anthropic-ai/sdk';
import { AnthropicLlm } from '../../lib/anthropic/index.js';
import { AnthropicStandIn } from '../../lib/testing/anthropic-stand-in.js';
import { rxadkAdapterPath, rxadkRunnerPath } from './rxadk-paths.js';
import { serveEachRun } from './serve-each-run.js';
import { anthropicEvents, PROMPT } from './stream-chunks.js';
import { StreamCounter, type ProviderPaths, type StreamPath } from './stream-path.js';

// not claude-sonnet-4-5: the SDK prints a deprecation warning for it on every request
const MODEL = 'claude-sonnet-5-5';

/** `for await` over `messages.create({ stream: true })` (the SDK's raw event stream), reading each text delta. */
function rawAnthropicPath(baseURL: string): StreamPath {
  const client = new Anthropic({ baseURL, apiKey: 'test' });
  return {
    provider: 'Anthropic',
    framework: '@anthropic-ai/sdk',
    layer: 'raw SDK',
    async run() {
      const counter = new StreamCounter();
      const stream = await client.messages.create({
        model: MODEL,
        max_tokens: 20_000,
        messages: [{ role: 'user', content: PROMPT }],
        stream: true,
      });
      for await (const event of stream) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') counter.text(event.delta.text);
      }
      return counter.result();
    },
  };
}

export async function anthropicPaths(count: number): Promise<ProviderPaths> {
  const standIn = await AnthropicStandIn.start();
  const events = anthropicEvents(count);
  const model = () => new AnthropicLlm({ model: MODEL, baseURL: standIn.baseUrl, apiKey: 'test' });
  return {
    provider: 'Anthropic',
    paths: [rawAnthropicPath(standIn.baseUrl), rxadkAdapterPath('Anthropic', model()), rxadkRunnerPath('Anthropic', model())].map(
      (path) => serveEachRun(() => standIn.enqueue(events), path),
    ),
    close: () => standIn.close(),
  };
}
