// rxadk's live path alone, with no socket: Runner.runLive on rxadk's Gemini Live conversion
// (geminiLiveExchange), its @google/genai client replaced by a stand-in whose session answers each
// sendRealtimeInput with one audio frame at once. Frames are sent in a loop, so what is timed is
// rxadk's synchronous work per frame, both directions (the queue → the SDK's send, the SDK's
// onmessage → the event), hot: no socket, no JSON, no wait between frames (issue 27).
//
//   npm run build && node --expose-gc dist/bench/live-loop.js [--frames 100000] [--repeats 5]
//
// Prints the median over the repeats of wall and CPU time per frame. Reports; never asserts.
import type { GoogleGenAI, LiveServerMessage } from '@google/genai';
import { firstValueFrom, type Observable, of } from 'rxjs';
import { LlmAgent } from '../lib/agents/llm-agent.js';
import { LiveRequestQueue } from '../lib/live/live-request-queue.js';
import { BaseLlm } from '../lib/models/base-llm.js';
import { geminiLiveExchange } from '../lib/models/gemini-live-exchange.js';
import type { LiveConnection } from '../lib/models/live-connection.js';
import type { LiveRequest } from '../lib/models/live-request.js';
import type { LlmRequest } from '../lib/models/llm-request.js';
import type { LlmResponse } from '../lib/models/llm-response.js';
import { Runner } from '../lib/runner/runner.js';
import { InMemorySessionService } from '../lib/sessions/in-memory-session-service.js';
import { benchOptions } from './bench-options.js';
import { collectGarbage, median } from './stats.js';

const UP = { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' };

/** A new server message per frame, as the SDK makes one per socket message. */
function downFrame(): LiveServerMessage {
  return { serverContent: { modelTurn: { role: 'model', parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } }] } } } as LiveServerMessage;
}

interface Callbacks {
  onmessage: (message: LiveServerMessage) => void;
  onclose: (event: { code: number; reason: string }) => void;
}

/** The part of @google/genai's client the live conversion uses: each audio frame sent is answered at once. */
const echoClient = {
  live: {
    connect: ({ callbacks }: { callbacks: Callbacks }) =>
      Promise.resolve({
        sendRealtimeInput: () => callbacks.onmessage(downFrame()),
        sendClientContent: () => undefined,
        sendToolResponse: () => undefined,
        close: () => callbacks.onclose({ code: 1000, reason: '' }),
      }),
  },
} as unknown as GoogleGenAI;

class EchoLive extends BaseLlm {
  constructor() {
    super({ model: 'gemini-live-echo' });
  }

  generateContent(): Observable<LlmResponse> {
    throw new Error('live only');
  }

  override connect(request: LlmRequest): LiveConnection {
    return {
      exchange: (requests: Observable<LiveRequest>) =>
        geminiLiveExchange(of({ client: echoClient }), { model: this.model, config: {}, history: request.contents }, requests, (error) => error),
    };
  }
}

async function main(): Promise<void> {
  const { int } = benchOptions(process.argv.slice(2));
  const frames = int('frames', 100_000);
  const repeats = int('repeats', 5);
  const agent = new LlmAgent({ name: 'voice', model: new EchoLive(), instruction: 'Be brief.' });
  const sessionService = new InMemorySessionService();
  const runner = new Runner({ appName: 'bench', agent, sessionService });
  await firstValueFrom(sessionService.createSession({ appName: 'bench', userId: 'u1', sessionId: 's' }));
  const queue = new LiveRequestQueue();
  let received = 0;
  const subscription = runner.runLive({ userId: 'u1', sessionId: 's', liveRequestQueue: queue, runConfig: { responseModalities: ['AUDIO'] } }).subscribe({
    next: (event) => {
      if (event.content?.parts?.[0]?.inlineData) received++;
    },
    error: (error: unknown) => console.error(error),
  });
  await new Promise((resolve) => setTimeout(resolve, 50)); // the session is up
  for (let i = 0; i < 20_000; i++) queue.sendRealtime(UP); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    collectGarbage();
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (let i = 0; i < frames; i++) queue.sendRealtime(UP);
    wall.push(Number(process.hrtime.bigint() - start) / 1000 / frames);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / frames);
  }
  queue.close();
  subscription.unsubscribe();
  if (received !== 20_000 + repeats * frames) console.error(`expected ${20_000 + repeats * frames} audio events, got ${received}`);
  console.log(`live loop (no socket): ${frames.toLocaleString('en-US')} frames × ${repeats}: wall ${median(wall).toFixed(2)} µs/frame, CPU ${median(cpu).toFixed(2)} µs/frame (median of the repeats; node ${process.version})`);
}

await main();
