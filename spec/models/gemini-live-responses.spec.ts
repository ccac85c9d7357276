import type { LiveServerMessage } from '@google/genai';
import { EMPTY_LIVE_TURN, geminiLiveResponses, liveAudioResponse, reduceLiveMessage } from '../../lib/models/gemini-live-responses.js';
import { testScheduler } from '../support/test-scheduler.js';

const msg = (m: object) => m as LiveServerMessage;
const text = (t: string) => msg({ serverContent: { modelTurn: { role: 'model', parts: [{ text: t }] } } });
const audio = msg({ serverContent: { modelTurn: { role: 'model', parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } }] } } });
const turnComplete = msg({ serverContent: { turnComplete: true } });
const interrupted = msg({ serverContent: { interrupted: true } });
const call = (id: string) => msg({ toolCall: { functionCalls: [{ id, name: 'lookup', args: { q: id } }] } });
const whole = (t: string) => ({ content: { role: 'model', parts: [{ text: t }] } });
const partial = (t: string) => ({ content: { role: 'model', parts: [{ text: t }] }, partial: true });

describe('geminiLiveResponses', () => {
  it('emits nothing for no message, and completes with the source', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold<LiveServerMessage>('|').pipe(geminiLiveResponses())).toBe('|');
    });
  });

  it('hands text on partial, then the whole text at turnComplete, then turnComplete', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b-(c|)', { a: text('Hel'), b: text('lo'), c: turnComplete });
      expectObservable(source.pipe(geminiLiveResponses())).toBe('-a-b-(wt|)', {
        a: partial('Hel'),
        b: partial('lo'),
        w: whole('Hello'),
        t: { turnComplete: true },
      });
    });
  });

  it('hands the whole text on at interrupted, and reports the interruption', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-i', { a: text('Hi'), i: interrupted });
      expectObservable(source.pipe(geminiLiveResponses())).toBe('-a-(wi)', { a: partial('Hi'), w: whole('Hi'), i: { interrupted: true } });
    });
  });

  it('hands the whole text on before a tool call, and keeps the calls until turnComplete', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-x-y-(c|)', { a: text('Let me see'), x: call('c1'), y: call('c2'), c: turnComplete });
      expectObservable(source.pipe(geminiLiveResponses())).toBe('-a-w---(ft|)', {
        a: partial('Let me see'),
        w: whole('Let me see'),
        f: { content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'lookup', args: { q: 'c1' } } }, { functionCall: { id: 'c2', name: 'lookup', args: { q: 'c2' } } }] } },
        t: { turnComplete: true },
      });
    });
  });

  it('hands audio on as it comes, without flushing the text', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-s-(c|)', { a: text('x'), s: audio, c: turnComplete });
      expectObservable(source.pipe(geminiLiveResponses())).toBe('-a-s-(wt|)', {
        a: partial('x'),
        s: { content: audio.serverContent!.modelTurn },
        w: whole('x'),
        t: { turnComplete: true },
      });
    });
  });

  it('makes transcription deltas partial, and the accumulated text final once finished', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-a-b----o-f|', {
        a: msg({ serverContent: { inputTranscription: { text: 'How is ' } } }),
        b: msg({ serverContent: { inputTranscription: { text: 'the weather', finished: true } } }),
        o: msg({ serverContent: { outputTranscription: { text: 'Sunny' } } }),
        f: msg({ serverContent: { outputTranscription: { finished: true } } }),
      });
      expectObservable(source.pipe(geminiLiveResponses())).toBe('-a-(bB)-o-F|', {
        a: { inputTranscription: { text: 'How is ', finished: false }, partial: true },
        b: { inputTranscription: { text: 'the weather', finished: false }, partial: true },
        B: { inputTranscription: { text: 'How is the weather', finished: true } },
        o: { outputTranscription: { text: 'Sunny', finished: false }, partial: true },
        F: { outputTranscription: { text: 'Sunny', finished: true } },
      });
    });
  });

  it('reports usage, cancellations, resumption updates and goAway; drops setupComplete', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const source = cold('-s-u-x-r-g|', {
        s: msg({ setupComplete: {} }),
        u: msg({ usageMetadata: { totalTokenCount: 7 } }),
        x: msg({ toolCallCancellation: { ids: ['c1'] } }),
        r: msg({ sessionResumptionUpdate: { newHandle: 'h1', resumable: true } }),
        g: msg({ goAway: { timeLeft: '1s' } }),
      });
      expectObservable(source.pipe(geminiLiveResponses())).toBe('---u-x-r-g|', {
        u: { usageMetadata: { totalTokenCount: 7 } },
        x: { toolCallCancellation: { ids: ['c1'] } },
        r: { liveSessionResumptionUpdate: { newHandle: 'h1', resumable: true } },
        g: { goAway: { timeLeft: '1s' } },
      });
    });
  });

  it('passes an error on, and unsubscribes the source when the subscriber leaves early', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      expectObservable(cold('-a-#', { a: text('x') }).pipe(geminiLiveResponses())).toBe('-a-#', { a: partial('x') });
      const never = cold('-a--', { a: text('x') });
      expectObservable(never.pipe(geminiLiveResponses()), '^--!').toBe('-a-', { a: partial('x') });
      expectSubscriptions(never.subscriptions).toBe('^--!');
    });
  });
});

describe('liveAudioResponse', () => {
  const withAudio = (extra: object, server: object = {}) =>
    msg({ serverContent: { modelTurn: { role: 'model', parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } }] }, ...server }, ...extra });

  it("is what reduceLiveMessage makes of an audio frame, the state (the turn's open text) unchanged", () => {
    const state = { ...EMPTY_LIVE_TURN, text: 'Hel' };
    const step = reduceLiveMessage(state, audio);
    expect(liveAudioResponse(audio)).toEqual(step.responses[0]);
    expect(step.responses).toHaveLength(1);
    expect(step.state).toBe(state);
  });

  it('is undefined for anything else, which reduceLiveMessage converts in full', () => {
    const others = [
      text('Hi'),
      turnComplete,
      interrupted,
      call('c1'),
      msg({ serverContent: { modelTurn: { parts: [] } } }),
      msg({ serverContent: { modelTurn: { parts: [{ text: 'Hi', inlineData: { mimeType: 'audio/pcm', data: 'AAAA' } }] } } }),
      withAudio({ usageMetadata: { totalTokenCount: 3 } }),
      withAudio({ toolCall: { functionCalls: [{ id: 'c1', name: 'lookup', args: {} }] } }),
      withAudio({ toolCallCancellation: { ids: ['c1'] } }),
      withAudio({ sessionResumptionUpdate: { newHandle: 'h', resumable: true } }),
      withAudio({ goAway: { timeLeft: '1s' } }),
      withAudio({}, { interrupted: true }),
      withAudio({}, { turnComplete: true }),
      withAudio({}, { inputTranscription: { text: 'Hi' } }),
      withAudio({}, { outputTranscription: { text: 'Hi' } }),
    ];
    for (const message of others) expect(liveAudioResponse(message)).toBeUndefined();
    // with audio, each of them gives more than the audio response, or changes the state (a call kept for turnComplete)
    for (const message of others.slice(6)) {
      const step = reduceLiveMessage(EMPTY_LIVE_TURN, message);
      expect(step.responses.length > 1 || step.state !== EMPTY_LIVE_TURN).toBe(true);
    }
  });
});
