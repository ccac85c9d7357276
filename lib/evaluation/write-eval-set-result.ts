import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EvalInputError } from './eval-input-error.js';
import type { EvalSetResult } from './eval-result.js';

/**
 * Writes a set's results where ADK keeps them, `<agentDir>/.adk/eval_history/<result id>.evalset_result.json`
 * (plain JSON with ADK's camelCase keys; ADK Python's own files hold that JSON inside a string),
 * and returns the path. Node only. An id with a path separator is refused ({@link EvalInputError}).
 *
 * @example
 * ```ts
 * writeEvalSetResult('examples/eval/home_automation_agent', evalSetResultOf('home_automation_agent', 'simple', results, Date.now() / 1000));
 * // 'examples/eval/home_automation_agent/.adk/eval_history/home_automation_agent_simple_1764196800.5.evalset_result.json'
 * ```
 */
export function writeEvalSetResult(agentDir: string, result: EvalSetResult): string {
  if (/[\\/]|^\.\.?$/.test(result.evalSetResultId)) throw new EvalInputError(`The eval set result id "${result.evalSetResultId}" must not contain a path separator.`);
  const dir = join(agentDir, '.adk', 'eval_history');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${result.evalSetResultId}.evalset_result.json`);
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}
