// The app the server-load benchmark serves: a weather agent whose model waits `modelMs` per call
// (a stand-in for a real model's latency), calls get_weather once, then answers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes `<dir>/weather/agent.mjs` (plain JavaScript importing the built rxadk at `distRoot`), and
 * answers the folder to give `rxadk api_server`.
 *
 * @example
 * ```ts
 * const dir = writeLoadApp(mkdtempSync('/tmp/load-'), '/work/main/dist/lib', 100);
 * ```
 */
export function writeLoadApp(dir: string, distLib: string, modelMs: number): string {
  mkdirSync(join(dir, 'weather'), { recursive: true });
  writeFileSync(
    join(dir, 'weather', 'agent.mjs'),
    `import { timer, map } from 'rxjs';
import { BaseLlm, FunctionTool, LlmAgent } from ${JSON.stringify(join(distLib, 'index.js'))};

/** Waits ${modelMs} ms per call; calls get_weather for the user's city, then answers from its result. */
class WaitingModel extends BaseLlm {
  constructor() { super({ model: 'waiting-model' }); }
  generateContent(request) {
    const last = request.contents.at(-1);
    const response = last?.parts?.find((part) => part.functionResponse)?.functionResponse?.response;
    const content = response
      ? { role: 'model', parts: [{ text: \`It is \${response.weather} in \${response.city}.\` }] }
      : { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: (last?.parts?.[0]?.text ?? '').replace(/.* in /, '').replace(/[?].*/, '') } } }] };
    return timer(${modelMs}).pipe(map(() => ({ content, usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } })));
  }
}

export const rootAgent = new LlmAgent({
  name: 'weather_agent',
  model: new WaitingModel(),
  instruction: 'Answer questions about the weather.',
  tools: [new FunctionTool({
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: ({ city }) => ({ city, weather: city.length % 2 ? 'sunny' : 'cloudy' }),
  })],
});
`,
  );
  return dir;
}
