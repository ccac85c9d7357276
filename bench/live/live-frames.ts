// The live bench's traffic: 20 ms audio frames each way (16 kHz PCM up, 24 kHz PCM down, as a
// voice agent sends and hears them) and transcribed turns, and the stand-in's script for them.
import type { Blob } from '@google/genai';
import type { GeminiLiveStep } from '../../lib/testing/gemini-live-stand-in.js';

export const MODEL = 'gemini-live-2.5-flash-preview';

/** 20 ms of 16 kHz 16-bit mono PCM: 640 bytes. */
export const UP_FRAME: Blob = { mimeType: 'audio/pcm;rate=16000', data: Buffer.alloc(640, 7).toString('base64') };

/** 20 ms of 24 kHz 16-bit mono PCM: 960 bytes. */
const DOWN_FRAME = { serverContent: { modelTurn: { role: 'model', parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: Buffer.alloc(960, 9).toString('base64') } }] } } };

/** One transcribed turn of the model: two transcription deltas, the finished mark, an audio frame, turnComplete. */
const TURN: GeminiLiveStep[] = [
  { await: 'clientContent' },
  { send: { serverContent: { outputTranscription: { text: 'Sure, ' } } } },
  { send: { serverContent: { outputTranscription: { text: 'here it is.' } } } },
  { send: DOWN_FRAME },
  { send: { serverContent: { outputTranscription: { finished: true } } } },
  { send: { serverContent: { turnComplete: true } } },
];

/** The script of one conversation: every upstream frame answered by one downstream frame, then the turns. */
export function liveScript(frames: number, turns: number): GeminiLiveStep[] {
  const echo: GeminiLiveStep[] = [{ await: 'realtimeInput' }, { send: DOWN_FRAME }];
  const script: GeminiLiveStep[] = [];
  for (let i = 0; i < frames; i++) script.push(...echo);
  for (let i = 0; i < turns; i++) script.push(...TURN);
  return script;
}
