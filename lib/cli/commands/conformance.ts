import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { concatMap, defer, filter, from, lastValueFrom, type Observable, reduce, tap } from 'rxjs';
import type { AgentRegistry } from '../../config/agent-registry.js';
import { findConformanceCases, findWorkflowRecordings, readConformanceCase, runConformanceCase, type ConformanceResult } from '../../conformance/index.js';
import type { CliCommand } from '../cli-command.js';
import type { ParsedArgs } from '../../utils/parse-args.js';
import { replayWorkflowRecordings } from '../replay-workflow-recordings.js';

/** What a registry module exports. */
interface RegistryModule {
  registry?: AgentRegistry;
  default?: AgentRegistry;
  replayTools?: string[];
}

/** The help text of `rxadk conformance`. */
export const CONFORMANCE_USAGE = `rxadk conformance <dir>... [--registry <module.js>] [--apps <dir>] [--filter <text>] [--skip <id,id>]

Replays Google ADK conformance recordings, folder after folder, and counts them together. Two
layouts of a <dir> are recognised:
- ADK's conformance suite (<dir>/tests/**/spec.yaml): each case runs on a fresh in-memory Runner
  with the app's agents/<app>/root_agent.yaml; each model request and the final session are
  compared with the recording. --registry loads a module exporting \`registry\` (dotted names →
  TypeScript callbacks and tools) and optionally \`replayTools\`.
- ADK Python's workflow samples (<dir>/<sample>/tests/*.json): each recording runs through the
  app <apps>/<appName>/agent.ts (or agent.js; --apps, default examples/workflows) with the
  recorded model answers, mocks and user messages; the session's events and state are compared
  with the recording.
--skip a,b replays the named cases (e.g. node_as_tool/go) and shows how they differ, but leaves
them out of the count: for known gaps, named where they are run.`;

/**
 * `rxadk conformance`: one line per case of every folder given (PASS/FAIL and the first
 * difference, then the harness's notes on the recording), then `N passed, N failed` over all of
 * them. Resolves to the exit code (1 when a case failed or none ran).
 *
 * @example
 * ```ts
 * await conformanceCommand(parseArgs(['../shared/conformance', '../shared/workflow-recordings', '--registry', 'dist/spec/conformance/registry.js', '--apps', 'dist/examples/workflows']));
 * ```
 */
export async function conformanceCommand(args: ParsedArgs, out: (line: string) => void = console.log): Promise<number> {
  const dirs = args.positionals;
  if (dirs.length === 0) {
    out(CONFORMANCE_USAGE);
    return 2;
  }
  const skipped = skippedCases(args);
  const results = from(dirs).pipe(concatMap((dir) => defer(() => resultsOf(resolve(dir), args))));
  const totals = await lastValueFrom(
    results.pipe(
      filter((result) => {
        if (!skipped.has(result.id)) return true;
        out(`SKIP ${result.id} (--skip): ${result.passed ? 'it passed; drop it from --skip' : (result.error?.message ?? 'failed')}`);
        return false;
      }),
      tap((result) => {
        out(result.passed ? `PASS ${result.id}` : `FAIL ${result.id}: ${result.error?.message ?? 'failed'}`);
        for (const note of result.notes ?? []) out(`     note: ${note}`);
      }),
      reduce((acc, result) => ({ passed: acc.passed + (result.passed ? 1 : 0), failed: acc.failed + (result.passed ? 0 : 1) }), {
        passed: 0,
        failed: 0,
      }),
    ),
    { defaultValue: { passed: 0, failed: 0 } },
  );
  out(`${totals.passed} passed, ${totals.failed} failed`);
  return totals.failed > 0 || totals.passed === 0 ? 1 : 0;
}

/** The case ids named by `--skip a,b`: replayed and shown, but not counted (known gaps). */
function skippedCases(args: ParsedArgs): ReadonlySet<string> {
  const skip = args.options['skip'];
  return new Set(typeof skip === 'string' ? skip.split(',').map((id) => id.trim()).filter(Boolean) : []);
}

/** The results of one folder: ADK's conformance suite, or ADK Python's workflow recordings. */
function resultsOf(dir: string, args: ParsedArgs): Observable<ConformanceResult> {
  const filter = typeof args.options['filter'] === 'string' ? args.options['filter'] : '';
  const workflows = !existsSync(join(dir, 'tests')) && findWorkflowRecordings(dir).length > 0;
  if (!workflows) return from(suiteResults(dir, args, filter)).pipe(concatMap((results) => results));
  return replayWorkflowRecordings(dir, resolve(typeof args.options['apps'] === 'string' ? args.options['apps'] : 'examples/workflows'), filter);
}

/** The results of ADK's conformance suite (every `spec.yaml` under `<dir>/tests`). */
async function suiteResults(suiteDir: string, args: ParsedArgs, filter: string): Promise<Observable<ConformanceResult>> {
  const module = typeof args.options['registry'] === 'string' ? await loadRegistry(args.options['registry']) : {};
  const cases = findConformanceCases(suiteDir)
    .map((file) => readConformanceCase(file, join(suiteDir, 'tests')))
    .filter((c) => c.id.includes(filter));
  const options = {
    suiteDir,
    ...(module.registry ?? module.default ? { registry: (module.registry ?? module.default)! } : {}),
    ...(module.replayTools ? { replayTools: module.replayTools } : {}),
  };
  return from(cases).pipe(concatMap((testCase) => runConformanceCase(testCase, options)));
}

async function loadRegistry(path: string): Promise<RegistryModule> {
  return (await import(pathToFileURL(resolve(path)).href)) as RegistryModule;
}

/**
 * `rxadk conformance <dir> [--registry module] [--filter text]`.
 *
 * @example
 * ```ts
 * await command.run(parseArgs(['../shared/conformance', '--registry', 'dist/spec/conformance/registry.js']));
 * ```
 */
export const command: CliCommand = {
  summary: "replay Google ADK conformance recordings (ADK's suite, ADK Python's workflow samples) and compare requests and sessions",
  usage: CONFORMANCE_USAGE,
  run: (args) => conformanceCommand(args),
};
