// The floor: @google/genai's live client alone (what both frameworks are built on), with the
// server messages read as they come.
import { GoogleGenAI, Modality } from '@google/genai';
import type { LivePath } from './live-path.js';
import { MODEL } from './live-frames.js';

export const genaiLivePath: LivePath = {
  name: '@google/genai alone',
  async open(baseUrl, sink) {
    const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl } });
    let closed: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (closed = resolve));
    const session = await ai.live.connect({
      model: MODEL,
      config: { responseModalities: [Modality.AUDIO], outputAudioTranscription: {} },
      callbacks: {
        onmessage: (message) => {
          const server = message.serverContent;
          if (!server) return;
          sink({ audio: !!server.modelTurn?.parts?.[0]?.inlineData, turnComplete: !!server.turnComplete });
        },
        onclose: () => closed(),
      },
    });
    return {
      sendAudio: (blob) => session.sendRealtimeInput({ audio: blob }),
      sendText: (content) => session.sendClientContent({ turns: [content], turnComplete: true }),
      close: () => {
        session.close();
        return ended;
      },
    };
  },
};
