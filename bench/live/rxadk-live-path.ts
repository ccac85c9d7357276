// rxadk: Runner.runLive with a LiveRequestQueue, on rxadk's Gemini (Gemini Live through @google/genai).
import { firstValueFrom } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { LiveRequestQueue } from '../../lib/live/live-request-queue.js';
import { Gemini } from '../../lib/models/gemini.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import type { LivePath } from './live-path.js';
import { MODEL } from './live-frames.js';

let sessions = 0;

export const rxadkLivePath: LivePath = {
  name: 'rxadk',
  async open(baseUrl, sink) {
    const agent = new LlmAgent({ name: 'voice', model: new Gemini({ model: MODEL, apiKey: 'test', httpOptions: { baseUrl } }), instruction: 'Be brief.' });
    const sessionService = new InMemorySessionService();
    const runner = new Runner({ appName: 'bench', agent, sessionService });
    const sessionId = `live${sessions++}`;
    await firstValueFrom(sessionService.createSession({ appName: 'bench', userId: 'u1', sessionId }));
    const queue = new LiveRequestQueue();
    let ended: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (ended = resolve));
    runner.runLive({ userId: 'u1', sessionId, liveRequestQueue: queue, runConfig: { responseModalities: ['AUDIO'], outputAudioTranscription: {} } }).subscribe({
      next: (event) => sink({ audio: !!event.content?.parts?.[0]?.inlineData, turnComplete: !!event.turnComplete }),
      error: (error: unknown) => {
        console.error(error);
        ended();
      },
      complete: () => ended(),
    });
    return {
      sendAudio: (blob) => queue.sendRealtime(blob),
      sendText: (content) => queue.sendContent(content),
      close: () => {
        queue.close();
        return done;
      },
    };
  },
};
