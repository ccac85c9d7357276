// Gemini on GeminiStandIn: the raw @google/genai SDK, rxadk's Gemini (adapter, Runner turn) and
// @google/adk's Gemini (adapter, Runner turn), all on the same chunks.
import { GoogleGenAI } from '@google/genai';
import { Gemini } from '../../lib/models/gemini.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { adkAdapterPath, adkRunnerPath } from './adk-gemini-paths.js';
import { rxadkAdapterPath, rxadkRunnerPath } from './rxadk-paths.js';
import { serveEachRun } from './serve-each-run.js';
import { geminiChunks, PROMPT } from './stream-chunks.js';
import { StreamCounter, type ProviderPaths, type StreamPath } from './stream-path.js';

const MODEL = 'gemini-2.5-flash';

/** `for await` over `generateContentStream`, reading each chunk's text. */
function rawGenaiPath(baseUrl: string): StreamPath {
  const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl } });
  return {
    provider: 'Gemini',
    framework: '@google/genai',
    layer: 'raw SDK',
    async run() {
      const counter = new StreamCounter();
      const stream = await client.models.generateContentStream({
        model: MODEL,
        contents: [{ role: 'user', parts: [{ text: PROMPT }] }],
      });
      for await (const chunk of stream) counter.text(chunk.candidates?.[0]?.content?.parts?.[0]?.text);
      return counter.result();
    },
  };
}

export async function geminiPaths(count: number, withAdk: boolean): Promise<ProviderPaths> {
  const standIn = await GeminiStandIn.start();
  const chunks = geminiChunks(count);
  const serve = (path: StreamPath) => serveEachRun(() => standIn.enqueue(chunks), path);
  const gemini = () => new Gemini({ model: MODEL, apiKey: 'test', httpOptions: { baseUrl: standIn.baseUrl } });
  return {
    provider: 'Gemini',
    paths: [
      rawGenaiPath(standIn.baseUrl),
      rxadkAdapterPath('Gemini', gemini()),
      rxadkRunnerPath('Gemini', gemini()),
      ...(withAdk ? [adkAdapterPath(standIn.baseUrl), adkRunnerPath(standIn.baseUrl)] : []),
    ].map(serve),
    close: () => standIn.close(),
  };
}
