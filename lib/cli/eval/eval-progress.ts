import type { EvalCaseResult } from '../../evaluation/eval-result.js';
import { evalStatusName } from '../../evaluation/eval-results-table.js';

/** Where `rxadk eval` writes, and whether it is a terminal. */
export interface EvalOutput {
  write(text: string): void;
  /** A terminal: a progress bar redrawn in place; otherwise one plain line per case. */
  isTTY: boolean;
}

/**
 * The progress of `rxadk eval`: the text to write after `done` of `total` case runs, the last one
 * being `result`. On a terminal, a bar redrawn in place (`\r[#####.....] 5/10 cases`, a newline
 * at the end); otherwise a plain line per case (`PASSED  <eval id>`).
 *
 * @example
 * ```ts
 * progressText(result, 3, 10, true);  // '\r[###.......] 3/10 cases'
 * progressText(result, 3, 10, false); // 'PASSED        c1\n'
 * ```
 */
export function progressText(result: EvalCaseResult, done: number, total: number, isTTY: boolean): string {
  if (!isTTY) return `${evalStatusName(result.finalEvalStatus).padEnd(13)} ${result.evalId}\n`;
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} cases${done === total ? '\n' : ''}`;
}
