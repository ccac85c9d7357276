// @google/adk's Gemini on the Gemini stand-in: its model alone (`generateContentAsync(request,
// true)`) and a whole InMemoryRunner turn with `streamingMode: SSE`.
import {
  Gemini,
  InMemoryRunner,
  LlmAgent,
  type LlmRequest,
  type LlmResponse,
  LogLevel,
  setLogLevel,
  StreamingMode,
} from '@google/adk';
import type { HttpOptions } from '@google/genai';
import { USER_ID } from '../frameworks/framework.js';
import { PROMPT } from './stream-chunks.js';
import { StreamCounter, type StreamPath } from './stream-path.js';

const APP_NAME = 'bench';
const INSTRUCTION = 'You write long stories.';

/** ADK's Gemini logs one INFO line per request to stdout, which holds the report. */
function quietAdk(): void {
  setLogLevel(LogLevel.WARN);
}

/** ADK's Gemini has no base-URL option; its (protected) HTTP options are where the client gets one. */
class StandInGemini extends Gemini {
  constructor(private readonly baseUrl: string) {
    super({ model: 'gemini-2.5-flash', apiKey: 'test' });
  }

  protected override getHttpOptions(): HttpOptions {
    return { ...super.getHttpOptions(), baseUrl: this.baseUrl };
  }
}

function countResponse(counter: StreamCounter, response: LlmResponse): void {
  const text = response.content?.parts?.[0]?.text;
  if (response.partial) counter.text(text);
  else if (text) counter.chars = text.length;
}

export function adkAdapterPath(baseUrl: string): StreamPath {
  quietAdk();
  const model = new StandInGemini(baseUrl);
  return {
    provider: 'Gemini',
    framework: '@google/adk',
    layer: 'adapter',
    async run() {
      // a fresh request each time: the model writes into it
      const request: LlmRequest = {
        model: model.model,
        contents: [{ role: 'user', parts: [{ text: PROMPT }] }],
        config: { systemInstruction: INSTRUCTION },
        liveConnectConfig: {},
        toolsDict: {},
      };
      const counter = new StreamCounter();
      for await (const response of model.generateContentAsync(request, true)) countResponse(counter, response);
      return counter.result();
    },
  };
}

export function adkRunnerPath(baseUrl: string): StreamPath {
  quietAdk();
  const agent = new LlmAgent({ name: 'story_agent', model: new StandInGemini(baseUrl), instruction: INSTRUCTION });
  const runner = new InMemoryRunner({ agent, appName: APP_NAME });
  let session = 0;
  let sessionId = '';
  return {
    provider: 'Gemini',
    framework: '@google/adk',
    layer: 'Runner turn',
    async prepare() {
      sessionId = `stream${session++}`;
      await runner.sessionService.createSession({ appName: APP_NAME, userId: USER_ID, sessionId });
    },
    async run() {
      const counter = new StreamCounter();
      for await (const event of runner.runAsync({
        userId: USER_ID,
        sessionId,
        newMessage: { role: 'user', parts: [{ text: PROMPT }] },
        runConfig: { streamingMode: StreamingMode.SSE },
      })) {
        countResponse(counter, event);
      }
      return counter.result();
    },
  };
}
