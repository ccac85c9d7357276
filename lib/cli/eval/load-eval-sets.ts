import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BUILT_IN_METRICS } from '../../evaluation/built-in-metrics.js';
import { DEFAULT_EVAL_CONFIG, type EvalConfig, parseEvalConfig } from '../../evaluation/eval-config.js';
import { EvalInputError } from '../../evaluation/eval-input-error.js';
import type { EvalSet, SessionInput } from '../../evaluation/eval-set.js';
import { parseEvalSet } from '../../evaluation/parse-eval-set.js';
import { type CustomMetricModule, customMetricModulesOf } from './custom-metric-modules.js';

/** One eval set to run, as `rxadk eval` resolved it: the set (cases filtered), its criteria, and where they came from. */
export interface LoadedEvalSet {
  evalSet: EvalSet;
  /** The criteria as read (custom metrics still named by their modules). */
  config: EvalConfig;
  /** The custom metrics' modules, to load before running (see `withCustomMetrics`). */
  customMetrics: CustomMetricModule[];
  /** The eval file. */
  source: string;
  /** The criteria's file, or `'defaults'`. */
  configSource: string;
}

/**
 * Resolves `rxadk eval`'s `FILE_OR_SET_ID[:case1,case2]` arguments, all of them before anything
 * runs: a path to an eval file (`*.evalset.json`, `*.test.json`, old format included), or the id
 * of a set saved in the app folder (`<agentDir>/<id>.evalset.json`, as adk-web saves them; an id
 * with a path separator is refused). The criteria come from `configFile`, else `test_config.json`
 * beside the eval file, else ADK's defaults; `initial.session.json` beside the file gives the
 * session state of cases that name none (as ADK's AgentEvaluator does). Throws
 * {@link EvalInputError} on any bad input.
 *
 * @example
 * ```ts
 * loadEvalSets('examples/eval/home_automation_agent', ['simple_test.test.json'], undefined);
 * ```
 */
export function loadEvalSets(agentDir: string, specs: readonly string[], configFile: string | undefined): LoadedEvalSet[] {
  if (specs.length === 0) throw new EvalInputError('Name at least one eval file or eval set id after the agent folder.');
  return specs.map((spec) => loadOne(agentDir, spec, configFile));
}

function loadOne(agentDir: string, spec: string, configFile: string | undefined): LoadedEvalSet {
  const { target, caseIds } = splitCases(spec);
  const source = fileOf(agentDir, target);
  const set = withInitialSession(parseEvalSet(readJson(source), source), dirname(source), basename(resolve(agentDir)));
  const { config, configSource, customMetrics } = configOf(configFile ?? defaultConfigFile(source));
  return { evalSet: caseIds ? onlyCases(set, caseIds, source) : set, config, customMetrics, source, configSource };
}

/** `file.json:c1,c2` → the file and the case ids (the first colon after the file name; a drive letter's colon is not one). */
function splitCases(spec: string): { target: string; caseIds?: string[] } {
  const colon = spec.indexOf(':', /^[a-zA-Z]:[\\/]/.test(spec) ? 2 : 0);
  if (colon < 0) return { target: spec };
  return { target: spec.slice(0, colon), caseIds: spec.slice(colon + 1).split(',').filter(Boolean) };
}

function fileOf(agentDir: string, target: string): string {
  if (existsSync(target)) return target;
  if (/[\\/]/.test(target) || target === '..' || target === '.') {
    throw new EvalInputError(`${target} is not a file, and an eval set id may not contain a path separator.`, { file: target });
  }
  const saved = join(agentDir, `${target}.evalset.json`);
  if (existsSync(saved)) return saved;
  throw new EvalInputError(`There is no eval file ${target} and no eval set "${target}" in ${agentDir} (looked for ${saved}).`, { file: target });
}

function readJson(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new EvalInputError(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { file });
  }
}

function defaultConfigFile(source: string): string | undefined {
  const beside = join(dirname(source), 'test_config.json');
  return existsSync(beside) ? beside : undefined;
}

function configOf(file: string | undefined): { config: EvalConfig; configSource: string; customMetrics: CustomMetricModule[] } {
  if (!file) return { config: DEFAULT_EVAL_CONFIG, configSource: 'defaults', customMetrics: [] };
  if (!existsSync(file)) throw new EvalInputError(`The config file ${file} does not exist.`, { file });
  const json = readJson(file);
  const customMetrics = customMetricModulesOf(json, file);
  // checked now, with the custom metrics' names standing for their functions (loaded before the run)
  const { custom_metrics: _snake, customMetrics: _camel, ...criteria } = (json ?? {}) as Record<string, unknown>;
  parseEvalConfig(Array.isArray(json) ? json : criteria, file, [...BUILT_IN_METRICS.keys(), ...customMetrics.map((m) => m.metricName)]);
  return { config: json as EvalConfig, configSource: file, customMetrics };
}

function onlyCases(set: EvalSet, caseIds: readonly string[], source: string): EvalSet {
  const missing = caseIds.filter((id) => !set.evalCases.some((c) => c.evalId === id));
  if (missing.length > 0) throw new EvalInputError(`${source} has no case ${missing.map((id) => `"${id}"`).join(', ')}. Cases: ${set.evalCases.map((c) => c.evalId).join(', ')}.`, { file: source });
  return { ...set, evalCases: set.evalCases.filter((c) => caseIds.includes(c.evalId)) };
}

/** Cases without a session_input start from `initial.session.json` beside the file, when there is one. */
function withInitialSession(set: EvalSet, dir: string, appName: string): EvalSet {
  const file = join(dir, 'initial.session.json');
  if (!existsSync(file)) return set;
  const session = readJson(file) as { user_id?: unknown; userId?: unknown; state?: unknown };
  const state = session.state && typeof session.state === 'object' && !Array.isArray(session.state) ? (session.state as Record<string, unknown>) : {};
  const userId = typeof (session.user_id ?? session.userId) === 'string' ? String(session.user_id ?? session.userId) : 'test_user_id';
  const input: SessionInput = { appName, userId, state };
  return { ...set, evalCases: set.evalCases.map((c) => (c.sessionInput ? c : { ...c, sessionInput: input })) };
}
