import type { LiveConnectConfig, Modality } from '@google/genai';
import type { RunConfig } from '../context/run-config.js';

/**
 * The live connection's settings from a run's {@link RunConfig}, with ADK's defaults:
 * `responseModalities` `['AUDIO']`; with sub-agents (a transfer re-sends the history, which
 * needs text), both transcriptions on; `sessionResumption` with the latest handle when one was
 * received.
 *
 * @example
 * ```ts
 * liveConnectConfig({ responseModalities: ['TEXT'] }, { hasSubAgents: false });
 * // { responseModalities: ['TEXT'] }
 * liveConnectConfig({ sessionResumption: {} }, { hasSubAgents: true, handle: 'h1' });
 * // { responseModalities: ['AUDIO'], inputAudioTranscription: {}, outputAudioTranscription: {}, sessionResumption: { handle: 'h1' } }
 * ```
 */
export function liveConnectConfig(runConfig: RunConfig, options: { hasSubAgents: boolean; handle?: string }): LiveConnectConfig {
  const transcribe = options.hasSubAgents ? {} : undefined;
  const input = runConfig.inputAudioTranscription ?? transcribe;
  const output = runConfig.outputAudioTranscription ?? transcribe;
  const resumption = options.handle ? { ...runConfig.sessionResumption, handle: options.handle } : runConfig.sessionResumption;
  return {
    responseModalities: (runConfig.responseModalities ?? ['AUDIO']) as Modality[],
    ...(runConfig.speechConfig ? { speechConfig: runConfig.speechConfig } : {}),
    ...(input ? { inputAudioTranscription: input } : {}),
    ...(output ? { outputAudioTranscription: output } : {}),
    ...(runConfig.realtimeInputConfig ? { realtimeInputConfig: runConfig.realtimeInputConfig } : {}),
    ...(resumption ? { sessionResumption: resumption } : {}),
    ...(runConfig.contextWindowCompression ? { contextWindowCompression: runConfig.contextWindowCompression } : {}),
    ...(runConfig.proactivity ? { proactivity: runConfig.proactivity } : {}),
    ...(runConfig.enableAffectiveDialog !== undefined ? { enableAffectiveDialog: runConfig.enableAffectiveDialog } : {}),
  };
}
