// The tables of the "streaming" scenario and its SPEC line (< 5 µs per chunk of rxadk overhead).
import type { ProviderResult, StreamingResult } from '../scenarios/streaming.js';
import { type Cell, fmt, table, times } from '../report.js';
import { median } from '../stats.js';
import { overheadsPerChunk, type PathTiming, usPerChunk } from './measure-paths.js';

/** The target of issue 13: rxadk's own work per streamed chunk. */
export const STREAMING_TARGET_US = 5;

interface Row {
  timing: PathTiming;
  us: number;
  minUs: number;
  /** µs per chunk above the provider's raw SDK (the whole time when there is no SDK): the median over the rounds. */
  overheadUs: number | undefined;
  /** The lowest and highest of the rounds' overheads. */
  overheadRange: [number, number] | undefined;
  complete: boolean;
}

function rowsOf(result: ProviderResult & { timings: PathTiming[] }, chunks: number): Row[] {
  const raw = result.timings.find((t) => t.path.layer === 'raw SDK');
  return result.timings.map((timing) => {
    const overheads = timing === raw ? undefined : overheadsPerChunk(timing, raw, chunks);
    return {
      timing,
      us: usPerChunk(timing, chunks),
      minUs: (Math.min(...timing.wallMs) * 1000) / chunks,
      overheadUs: overheads && median(overheads),
      overheadRange: overheads && [Math.min(...overheads), Math.max(...overheads)],
      complete: timing.count.chunks === chunks,
    };
  });
}

function measured(result: StreamingResult): Array<{ provider: string; rows: Row[] }> {
  return result.providers.flatMap((p) => ('timings' in p ? [{ provider: p.provider, rows: rowsOf(p, result.chunks) }] : []));
}

/** The report: one table of every path, the unavailable providers, and notes. */
export function streamingTables(result: StreamingResult): string[] {
  const out: string[] = [];
  const body: Cell[][] = [];
  for (const { rows } of measured(result)) {
    for (const row of rows) {
      const { path, count, cpuPerWall } = row.timing;
      body.push([
        path.provider,
        path.framework,
        path.layer,
        fmt(row.us, 2),
        fmt(row.minUs, 2),
        row.overheadUs === undefined ? '—' : fmt(row.overheadUs, 2),
        row.overheadRange ? `${fmt(row.overheadRange[0], 1)} … ${fmt(row.overheadRange[1], 1)}` : '—',
        `${count.chunks}${row.complete ? '' : ' (!)'}`,
        count.chars,
        fmt(cpuPerWall, 2),
      ]);
    }
  }
  out.push(
    table(
      [
        'provider',
        'framework',
        'layer',
        'µs/chunk',
        'min µs/chunk',
        'overhead µs/chunk',
        'overhead range',
        'chunks seen',
        'text chars',
        'cpu/wall',
      ],
      body,
    ),
  );
  out.push(
    `(µs/chunk: median wall time of one whole streamed answer ÷ ${fmt(result.chunks, 0)} chunks, HTTP stand-in included; ` +
      `overhead: median over the rounds of (this layer − the raw SDK in the same round) ÷ chunks, i.e. the framework's ` +
      `own work, and its lowest … highest round; ScriptedLlm has no SDK and no HTTP, so all of it is overhead. chunks seen: partial responses/events ` +
      `with text (raw SDK: chunks with text); text chars: the final aggregated text (raw SDK: summed); ` +
      `(!) = not every chunk arrived.)`,
  );
  for (const p of result.providers) {
    if ('unavailable' in p) out.push(`${p.provider}: ${p.unavailable}.`);
  }
  const gemini = measured(result).find((m) => m.provider === 'Gemini')?.rows;
  const ours = gemini?.find((r) => r.timing.path.framework === 'rxadk' && r.timing.path.layer === 'Runner turn');
  const theirs = gemini?.find((r) => r.timing.path.framework === '@google/adk' && r.timing.path.layer === 'Runner turn');
  if (ours?.overheadUs !== undefined && theirs?.overheadUs !== undefined) {
    out.push(
      `Gemini Runner turn overhead per chunk: rxadk ${fmt(ours.overheadUs, 2)} µs, @google/adk ${fmt(theirs.overheadUs, 2)} µs ` +
        `(@google/adk ÷ rxadk: ${times(theirs.overheadUs / Math.max(ours.overheadUs, 0.01))}).`,
    );
  }
  return out;
}

/** The SPEC-targets row: the worst rxadk overhead per chunk over every measured path. */
export function streamingTarget(result: StreamingResult): [string, string, string] | undefined {
  const rxadkRows = measured(result).flatMap(({ provider, rows }) =>
    rows.filter((r) => r.timing.path.framework === 'rxadk').map((r) => ({ provider, row: r })),
  );
  if (rxadkRows.length === 0) return undefined;
  const runnerTurns = rxadkRows.filter(({ row }) => row.timing.path.layer === 'Runner turn');
  const worst = Math.max(...rxadkRows.map(({ row }) => row.overheadUs ?? Number.POSITIVE_INFINITY));
  const missing = result.providers.filter((p) => 'unavailable' in p).map((p) => p.provider);
  return [
    `streaming: < ${STREAMING_TARGET_US} µs per chunk of rxadk overhead`,
    runnerTurns.map(({ provider, row }) => `${provider} ${fmt(row.overheadUs ?? Number.NaN, 2)}`).join('; ') +
      ' µs/chunk (Runner turn)' +
      (missing.length ? `; not measured: ${missing.join(', ')}` : ''),
    worst < STREAMING_TARGET_US && rxadkRows.every(({ row }) => row.complete) ? 'MET' : 'NOT MET',
  ];
}

/** Issue 16's target: a whole Runner turn on `ScriptedLlm` (no SDK, no HTTP) costs ≤ 1 µs per chunk. */
export const SCRIPTED_RUNNER_TARGET_US = 1;

/**
 * The summary row for {@link SCRIPTED_RUNNER_TARGET_US}: the Runner turn's µs per chunk through
 * `ScriptedLlm`, all of it overhead (and, for reference, what it costs above the adapter alone).
 *
 * @example
 * ```ts
 * const row = scriptedRunnerTarget(result);
 * if (row) summary.push(row);
 * ```
 */
export function scriptedRunnerTarget(result: StreamingResult): [string, string, string] | undefined {
  const scripted = measured(result).find(({ provider }) => provider === 'ScriptedLlm');
  const runner = scripted?.rows.find((r) => r.timing.path.framework === 'rxadk' && r.timing.path.layer === 'Runner turn');
  const adapter = scripted?.rows.find((r) => r.timing.path.framework === 'rxadk' && r.timing.path.layer === 'adapter');
  if (runner?.overheadUs === undefined) return undefined;
  const above = adapter?.overheadUs === undefined ? '' : ` (${fmt(runner.overheadUs - adapter.overheadUs, 2)} above the adapter)`;
  return [
    `streaming: ≤ ${SCRIPTED_RUNNER_TARGET_US} µs per chunk, Runner turn on ScriptedLlm`,
    `${fmt(runner.overheadUs, 2)} µs/chunk${above}`,
    runner.overheadUs <= SCRIPTED_RUNNER_TARGET_US && runner.complete ? 'MET' : 'NOT MET',
  ];
}


/** Issue 30's target: the Runner's own work per chunk, above `ScriptedLlm` alone, ≤ 1 µs. */
export const RUNNER_ABOVE_ADAPTER_TARGET_US = 1;

/**
 * The summary row for {@link RUNNER_ABOVE_ADAPTER_TARGET_US}: in each round, (the Runner turn on
 * `ScriptedLlm` − `ScriptedLlm` alone in the same round) ÷ chunks; the median over the rounds, so
 * that the machine's speed at that moment cancels out.
 *
 * @example
 * ```ts
 * const row = runnerAboveAdapterTarget(result);
 * if (row) summary.push(row);
 * ```
 */
export function runnerAboveAdapterTarget(result: StreamingResult): [string, string, string] | undefined {
  const timings = result.providers.find((p) => p.provider === 'ScriptedLlm');
  if (!timings || !('timings' in timings)) return undefined;
  const runner = timings.timings.find((t) => t.path.framework === 'rxadk' && t.path.layer === 'Runner turn');
  const adapter = timings.timings.find((t) => t.path.framework === 'rxadk' && t.path.layer === 'adapter');
  if (!runner || !adapter) return undefined;
  const rounds = overheadsPerChunk(runner, adapter, result.chunks);
  const above = median(rounds);
  return [
    `streaming: Runner ≤ ${RUNNER_ABOVE_ADAPTER_TARGET_US} µs per chunk above ScriptedLlm alone`,
    `${fmt(above, 2)} µs/chunk (median of ${rounds.length} interleaved rounds: ${rounds.map((us) => fmt(us, 2)).join(' ')})`,
    above <= RUNNER_ABOVE_ADAPTER_TARGET_US && runner.count.chunks === result.chunks ? 'MET' : 'NOT MET',
  ];
}
