// The voice-agent example of docs/live.md, kept as a test: the same agent and run config, with the
// Gemini Live stand-in as the model, a scripted audio answer and a text question instead of a microphone.
import { lastValueFrom, tap, toArray } from 'rxjs';
import { FunctionTool, Gemini, InMemoryRunner, LiveRequestQueue, LlmAgent, type Event } from '../../lib/index.js';
import { GeminiLiveStandIn } from '../../lib/testing/gemini-live-stand-in.js';

describe('docs/live.md: a voice agent', () => {
  let standIn: GeminiLiveStandIn;
  afterEach(() => standIn?.close());

  it('answers a question with a tool call, audio and both transcriptions', async () => {
    standIn = await GeminiLiveStandIn.start({ connections: [[
      { await: 'clientContent' },
      { send: { toolCall: { functionCalls: [{ id: 'w1', name: 'get_weather', args: { city: 'Paris' } }] } } },
      { send: { serverContent: { turnComplete: true } } },
      { await: 'toolResponse' },
      { send: { serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } }] }, outputTranscription: { text: 'Sunny, 21 degrees.', finished: true } } } },
      { send: { serverContent: { turnComplete: true } } },
    ]] });
    const weather = new FunctionTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      execute: ({ city }) => ({ city, sky: 'sunny', celsius: 21 }),
    });
    const agent = new LlmAgent({
      name: 'voice',
      model: new Gemini({ model: 'gemini-live-2.5-flash-preview', apiKey: 'test', httpOptions: { baseUrl: standIn.baseUrl } }),
      instruction: 'You are a friendly voice assistant. Answer in one or two sentences.',
      tools: [weather],
    });
    const runner = new InMemoryRunner({ agent, autoCreateSession: true });
    const queue = new LiveRequestQueue();
    const played: string[] = [];
    const said: string[] = [];
    let turns = 0;
    const conversation: Promise<Event[]> = lastValueFrom(
      runner
        .runLive({ userId: 'u1', sessionId: 's1', liveRequestQueue: queue, runConfig: { responseModalities: ['AUDIO'], inputAudioTranscription: {}, outputAudioTranscription: {} } })
        .pipe(
          tap((event) => {
            const audio = event.content?.parts?.find((part) => part.inlineData)?.inlineData;
            if (audio) played.push(audio.data!);
            if (event.outputTranscription?.finished) said.push(event.outputTranscription.text!);
            if (event.turnComplete && ++turns === 2) queue.close();
          }),
          toArray(),
        ),
    );
    queue.sendContent({ role: 'user', parts: [{ text: 'What is the weather in Paris?' }] });
    const events = await conversation;
    expect(played).toEqual(['AAAA']);
    expect(said).toEqual(['Sunny, 21 degrees.']);
    expect(events.some((e) => e.content?.parts?.[0]?.functionResponse?.response?.['sky'] === 'sunny')).toBe(true);
    expect(standIn.received('toolResponse')).toEqual([{ functionResponses: [{ id: 'w1', name: 'get_weather', response: { city: 'Paris', sky: 'sunny', celsius: 21 } }] }]);
  });
});
