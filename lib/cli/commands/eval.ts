import { basename, resolve } from 'node:path';
import { catchError, concatMap, defer, from, lastValueFrom, map, type Observable, of, tap, toArray } from 'rxjs';
import { EvalInputError } from '../../evaluation/eval-input-error.js';
import type { EvalCaseResult } from '../../evaluation/eval-result.js';
import { evalResultsTable } from '../../evaluation/eval-results-table.js';
import { evalSetResultOf } from '../../evaluation/eval-set-result-of.js';
import { EvalStatus } from '../../evaluation/eval-status.js';
import { evaluate } from '../../evaluation/evaluate.js';
import { writeEvalSetResult } from '../../evaluation/write-eval-set-result.js';
import { findAppEntry } from '../../server/app-entry.js';
import { AgentConfigError } from '../../utils/errors.js';
import type { ParsedArgs } from '../../utils/parse-args.js';
import type { CliCommand } from '../cli-command.js';
import { detailedResults } from '../eval/detailed-results.js';
import { type EvalOutput, progressText } from '../eval/eval-progress.js';
import { withCustomMetrics } from '../eval/custom-metric-modules.js';
import { type LoadedEvalSet, loadEvalSets } from '../eval/load-eval-sets.js';

/** `rxadk eval --help`. */
export const EVAL_USAGE = `rxadk eval AGENT_DIR FILE_OR_SET_ID[:case1,case2] ... [options]

Runs eval sets against the app in AGENT_DIR (as rxadk web runs it) and scores them with ADK's
metrics. FILE_OR_SET_ID is an eval file (*.evalset.json, *.test.json, ADK's old format too) or
the id of a set saved in AGENT_DIR (<id>.evalset.json); ":case1,case2" runs only those cases.
Criteria: --config_file_path, else test_config.json beside the eval file, else ADK's defaults
(tool_trajectory_avg_score 1.0, response_match_score 0.8).
Results go to AGENT_DIR/.adk/eval_history/<app>_<set>_<timestamp>.evalset_result.json.
Exit code: 0 all passed, 1 a case failed, 2 bad input (nothing is run or written).

Options (snake_case or kebab-case):
  --config_file_path <file>     the criteria ({"criteria": {"<metric>": threshold | {threshold, ...}}})
  --print_detailed_results      print each invocation: expected and actual responses and tool calls
  --num_runs <n>                run each case n times (default 1)
  --parallel <n>                run n cases at once (default 1)`;

/**
 * \`rxadk eval\`: checks every input first (exit 2, nothing run or written), runs each set with
 * {@link evaluate}, shows progress, prints the summary table, writes each set's result file,
 * and resolves to 0, or 1 when a case failed.
 *
 * @example
 * ```ts
 * await evalCommand(parseArgs(['examples/eval/home_automation_agent', 'examples/eval/home_automation_agent/simple_test.test.json']));
 * ```
 */
export function evalCommand(args: ParsedArgs, out: EvalOutput = stdoutOutput(), err: (text: string) => void = (t) => void process.stderr.write(t)): Promise<number> {
  return lastValueFrom(
    defer(() => runEval(args, out)).pipe(
      catchError((error: unknown) => {
        if (!(error instanceof EvalInputError || error instanceof AgentConfigError)) throw error;
        err(`rxadk eval: ${error.message}\n`);
        return of(2);
      }),
    ),
  );
}

function runEval(args: ParsedArgs, out: EvalOutput): Observable<number> {
  const [agentDir, ...specs] = args.positionals;
  if (!agentDir) throw new EvalInputError(`Name the agent folder.\n\n${EVAL_USAGE}`);
  if (!findAppEntry(resolve(agentDir))) throw new AgentConfigError(`${agentDir} is not an app: it holds no agent.ts, agent.js, index.* or root_agent.yaml.`);
  const sets = loadEvalSets(agentDir, specs, stringOption(args, 'config_file_path'));
  const numRuns = countOption(args, 'num_runs');
  const parallel = countOption(args, 'parallel');
  const total = sets.reduce((n, set) => n + set.evalSet.evalCases.length * numRuns, 0);
  const appName = basename(resolve(agentDir));
  out.write(`Running ${total} case run${total === 1 ? '' : 's'} of ${sets.length} eval set${sets.length === 1 ? '' : 's'} on ${appName}.\n`);
  // every custom metric loads before any case runs: a bad one is bad input (exit 2)
  const ready = from(sets).pipe(
    concatMap((set) => withCustomMetrics(set.config, set.customMetrics).pipe(map((config): LoadedEvalSet => ({ ...set, config })))),
    toArray(),
  );
  return ready.pipe(
    concatMap((loaded) => from(loaded).pipe(concatMap((set) => runSet(agentDir, set, numRuns, parallel).pipe(map((result) => ({ set, result })))))),
    map((entry, index) => ({ ...entry, done: index + 1 })),
    tap(({ result, done }) => out.write(progressText(result, done, total, out.isTTY))),
    toArray(),
    map((entries) => sets.map((set) => ({ set, results: entries.filter((e) => e.set.source === set.source && e.set.evalSet === set.evalSet).map((e) => e.result) }))),
    tap((done) => report(done, agentDir, appName, args, out)),
    map((done) => (done.some(({ results }) => results.some((r) => r.finalEvalStatus === EvalStatus.FAILED)) ? 1 : 0)),
  );
}

function runSet(agentDir: string, set: LoadedEvalSet, numRuns: number, parallel: number): Observable<EvalCaseResult> {
  return evaluate({ agentDir, evalSet: set.evalSet, criteria: set.config, numRuns, parallel });
}

function report(done: ReadonlyArray<{ set: LoadedEvalSet; results: EvalCaseResult[] }>, agentDir: string, appName: string, args: ParsedArgs, out: EvalOutput): void {
  const all = done.flatMap(({ results }) => results);
  if (args.options['print_detailed_results'] === true || args.options['print-detailed-results'] === true) out.write(`${detailedResults(all)}\n\n`);
  out.write(`${evalResultsTable(all)}\n`);
  for (const { set, results } of done) {
    const path = writeEvalSetResult(agentDir, evalSetResultOf(appName, set.evalSet.evalSetId, results, Date.now() / 1000));
    out.write(`Results of ${set.evalSet.evalSetId} (criteria: ${set.configSource}): ${path}\n`);
  }
}

function stdoutOutput(): EvalOutput {
  return { write: (text) => void process.stdout.write(text), isTTY: process.stdout.isTTY === true };
}

function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options[name] ?? args.options[name.replace(/_/g, '-')];
  if (value === true) throw new EvalInputError(`--${name} needs a value.`);
  return value;
}

function countOption(args: ParsedArgs, name: string): number {
  const value = stringOption(args, name);
  if (value === undefined) return 1;
  if (!/^[1-9]\d*$/.test(value)) throw new EvalInputError(`--${name} must be a whole number of at least 1, not "${value}".`);
  return Number(value);
}

/**
 * `rxadk eval AGENT_DIR FILE_OR_SET_ID[:cases] ...`.
 *
 * @example
 * ```sh
 * rxadk eval examples/eval/home_automation_agent examples/eval/home_automation_agent/simple_test.test.json
 * ```
 */
export const command: CliCommand = {
  summary: "run eval sets against an app and score them with ADK's metrics",
  usage: EVAL_USAGE,
  flags: ['print_detailed_results', 'print-detailed-results'],
  run: (args) => evalCommand(args),
};
