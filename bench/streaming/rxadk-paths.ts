// The two rxadk layers over any model: the adapter alone (`generateContent(request, true)`) and a
// whole Runner turn of an LlmAgent on it with `streamingMode: 'sse'`.
import { lastValueFrom, reduce } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { BaseLlm } from '../../lib/models/base-llm.js';
import { createLlmRequest } from '../../lib/models/llm-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { USER_ID } from '../frameworks/framework.js';
import { rxadkRunner } from '../frameworks/rxadk.js';
import { PROMPT } from './stream-chunks.js';
import { StreamCounter, type StreamCount, type StreamPath } from './stream-path.js';

const INSTRUCTION = 'You write long stories.';

/** Counts the partial responses with text, and the final response's text. */
function countResponse(counter: StreamCounter, response: LlmResponse): StreamCounter {
  const text = response.content?.parts?.[0]?.text;
  if (response.partial) counter.text(text);
  else if (text) counter.chars = text.length;
  return counter;
}

function finish(counter: StreamCounter): StreamCount {
  return counter.result();
}

/** `model.generateContent(request, true)` to completion. */
export function rxadkAdapterPath(provider: string, model: BaseLlm): StreamPath {
  return {
    provider,
    framework: 'rxadk',
    layer: 'adapter',
    run() {
      const request = createLlmRequest({
        model: model.model,
        contents: [{ role: 'user', parts: [{ text: PROMPT }] }],
        config: { systemInstruction: INSTRUCTION },
      });
      return lastValueFrom(
        model.generateContent(request, true).pipe(reduce(countResponse, new StreamCounter())),
      ).then(finish);
    },
  };
}

/** One Runner turn (fresh session, created untimed) of an LlmAgent on `model`, streaming. */
export function rxadkRunnerPath(provider: string, model: BaseLlm): StreamPath {
  const runner = rxadkRunner(new LlmAgent({ name: 'story_agent', model, instruction: INSTRUCTION }));
  let session = 0;
  let sessionId = '';
  return {
    provider,
    framework: 'rxadk',
    layer: 'Runner turn',
    async prepare() {
      sessionId = `stream${session++}`;
      await lastValueFrom(runner.sessionService.createSession({ appName: runner.appName, userId: USER_ID, sessionId }));
    },
    run() {
      return lastValueFrom(
        runner
          .runAsync({
            userId: USER_ID,
            sessionId,
            newMessage: { role: 'user', parts: [{ text: PROMPT }] },
            runConfig: { streamingMode: 'sse' },
          })
          .pipe(reduce(countResponse, new StreamCounter())),
      ).then(finish);
    },
  };
}
