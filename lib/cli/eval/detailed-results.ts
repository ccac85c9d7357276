import type { FunctionCall } from '@google/genai';
import type { EvalCaseResult } from '../../evaluation/eval-result.js';
import { evalStatusName } from '../../evaluation/eval-results-table.js';
import { textOf } from '../../evaluation/response-match-score.js';
import { toolCallsOf } from '../../evaluation/tool-calls-of.js';

/**
 * `rxadk eval --print_detailed_results`: per case and invocation, the user's message, the expected
 * and actual final responses and tool calls, and each metric's score on that invocation.
 *
 * @example
 * ```ts
 * console.log(detailedResults(results));
 * ```
 */
export function detailedResults(results: readonly EvalCaseResult[]): string {
  return results
    .map((result) => {
      const head = `== ${result.evalSetId}/${result.evalId}: ${evalStatusName(result.finalEvalStatus)} (session ${result.sessionId})${result.reason ? `\n   ${result.reason}` : ''}`;
      const turns = result.evalMetricResultPerInvocation.map((turn, i) =>
        [
          `-- invocation ${i + 1}: ${JSON.stringify(textOf(turn.expectedInvocation.userContent))}`,
          `   expected response: ${JSON.stringify(textOf(turn.expectedInvocation.finalResponse))}`,
          `   actual response:   ${JSON.stringify(textOf(turn.actualInvocation.finalResponse))}`,
          `   expected tools:    ${callsText(toolCallsOf(turn.expectedInvocation))}`,
          `   actual tools:      ${callsText(toolCallsOf(turn.actualInvocation))}`,
          ...turn.evalMetricResults.map((m) => `   ${m.metricName}: ${m.score === undefined ? '-' : m.score.toFixed(4)} (threshold ${m.threshold}) ${evalStatusName(m.evalStatus)}`),
        ].join('\n'),
      );
      return [head, ...turns].join('\n');
    })
    .join('\n');
}

function callsText(calls: readonly FunctionCall[]): string {
  return calls.length === 0 ? '(none)' : calls.map((call) => `${call.name ?? ''}(${JSON.stringify(call.args ?? {})})`).join(', ');
}
