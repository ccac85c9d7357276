// @google/adk 2.0: InMemoryRunner.runLive with its LiveRequestQueue, on its Gemini (Gemini Live
// through @google/genai), pointed at the stand-in.
import { Gemini, InMemoryRunner, LiveRequestQueue, LlmAgent, LogLevel, setLogLevel } from '@google/adk';
import type { HttpOptions } from '@google/genai';
import type { LivePath } from './live-path.js';
import { MODEL } from './live-frames.js';

/** ADK's Gemini has no base-URL option; its live HTTP options are where the live client gets one. */
class StandInLiveGemini extends Gemini {
  constructor(private readonly baseUrl: string) {
    super({ model: MODEL, apiKey: 'test' });
  }

  protected override getLiveHttpOptions(): HttpOptions {
    return { ...super.getLiveHttpOptions(), baseUrl: this.baseUrl };
  }
}

let sessions = 0;

export const adkLivePath: LivePath = {
  name: '@google/adk',
  async open(baseUrl, sink) {
    setLogLevel(LogLevel.WARN);
    const agent = new LlmAgent({ name: 'voice', model: new StandInLiveGemini(baseUrl), instruction: 'Be brief.' });
    const runner = new InMemoryRunner({ agent, appName: 'bench' });
    const sessionId = `live${sessions++}`;
    await runner.sessionService.createSession({ appName: 'bench', userId: 'u1', sessionId });
    const queue = new LiveRequestQueue();
    const done = (async () => {
      try {
        for await (const event of runner.runLive({ userId: 'u1', sessionId, liveRequestQueue: queue, runConfig: { responseModalities: ['AUDIO' as never], outputAudioTranscription: {} } })) {
          sink({ audio: !!event.content?.parts?.[0]?.inlineData, turnComplete: !!event.turnComplete });
        }
      } catch (error) {
        console.error(error);
      }
    })();
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
