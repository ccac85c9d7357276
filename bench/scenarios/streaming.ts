// Scenario "streaming": one answer of `chunks` text chunks (default 10,000), streamed through
// ScriptedLlm and through each provider adapter over HTTP to its local stand-in (all frames sent
// at once, no delays). For each provider: the raw SDK alone on the same stream, the rxadk adapter
// alone, and a whole rxadk Runner turn (`streamingMode: 'sse'`); for Gemini also @google/adk's
// Gemini alone and its Runner turn. Framework overhead per chunk = (layer − raw SDK) ÷ chunks,
// the median over interleaved rounds; the stand-in and the SDK's own work cancel out.
import { progress } from '../report.js';
import { collectGarbage } from '../stats.js';
import { measurePaths, type MeasureOptions, type PathTiming, progressOf } from '../streaming/measure-paths.js';
import { scriptedPaths } from '../streaming/scripted-paths.js';
import type { ProviderPaths } from '../streaming/stream-path.js';

export interface StreamingOptions extends MeasureOptions {
  /** Text chunks in the streamed answer. */
  chunks: number;
  /** Also measure @google/adk's Gemini (adapter and Runner turn). */
  withAdk: boolean;
}

export type ProviderResult = { provider: string; timings: PathTiming[] } | { provider: string; unavailable: string };

export interface StreamingResult {
  chunks: number;
  options: StreamingOptions;
  providers: ProviderResult[];
}

/** Providers in report order; each loads lazily, so a missing adapter or SDK only drops its rows. */
const PROVIDERS: ReadonlyArray<{ name: string; load: (options: StreamingOptions) => Promise<ProviderPaths> }> = [
  { name: 'ScriptedLlm', load: (o) => Promise.resolve(scriptedPaths(o.chunks, o.warmup + o.repeats)) },
  { name: 'Gemini', load: (o) => import('../streaming/gemini-paths.js').then((m) => m.geminiPaths(o.chunks, o.withAdk)) },
  { name: 'OpenAI', load: (o) => import('../streaming/openai-paths.js').then((m) => m.openAiPaths(o.chunks)) },
  { name: 'Anthropic', load: (o) => import('../streaming/anthropic-paths.js').then((m) => m.anthropicPaths(o.chunks)) },
];

function reason(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

async function measureProvider(
  entry: (typeof PROVIDERS)[number],
  options: StreamingOptions,
): Promise<ProviderResult> {
  let loaded: ProviderPaths;
  try {
    loaded = await entry.load(options);
  } catch (error) {
    return { provider: entry.name, unavailable: `not available (${reason(error)})` };
  }
  if ('unavailable' in loaded) return loaded;
  try {
    progressOf(loaded.provider, loaded.paths, options);
    return { provider: loaded.provider, timings: await measurePaths(loaded.paths, options) };
  } catch (error) {
    return { provider: loaded.provider, unavailable: `failed: ${reason(error)}` };
  } finally {
    await loaded.close();
  }
}

export async function runStreamingScenario(options: StreamingOptions, only?: ReadonlySet<string>): Promise<StreamingResult> {
  const providers: ProviderResult[] = [];
  for (const entry of PROVIDERS) {
    if (only && !only.has(entry.name.toLowerCase())) continue;
    providers.push(await measureProvider(entry, options));
  }
  collectGarbage();
  progress('streaming: done');
  return { chunks: options.chunks, options, providers };
}
