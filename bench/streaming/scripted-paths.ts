// ScriptedLlm: no HTTP and no SDK, so everything measured is rxadk's own work.
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { rxadkAdapterPath, rxadkRunnerPath } from './rxadk-paths.js';
import { llmResponseChunks } from './stream-chunks.js';
import type { ProviderPaths } from './stream-path.js';

/** A model that answers every call with the same `count` chunks (enough answers for `calls` calls). */
function scriptedModel(count: number, calls: number): ScriptedLlm {
  const chunks = llmResponseChunks(count);
  return new ScriptedLlm(Array.from({ length: calls }, () => chunks), { recordRequests: false });
}

export function scriptedPaths(count: number, runsPerPath: number): ProviderPaths {
  const provider = 'ScriptedLlm';
  return {
    provider,
    paths: [
      rxadkAdapterPath(provider, scriptedModel(count, runsPerPath)),
      rxadkRunnerPath(provider, scriptedModel(count, runsPerPath)),
    ],
    close: () => Promise.resolve(),
  };
}
