import { RxadkError } from '../utils/errors.js';
import { type Difference, preview } from './first-difference.js';

/** Where in a conformance case a difference was found. */
export interface MismatchLocation {
  test: string;
  turn?: number;
  agent?: string;
  /** What was compared: `model request`, `tool response`, `session`, ... */
  subject: string;
}

/**
 * rxadk did something other than what ADK recorded: the message names the test, the turn, the
 * agent, the field, and shows both values.
 *
 * @example
 * ```ts
 * // core/multi_001: turn 0, agent math_tutor, model request #1: config.systemInstruction: expected "...", got "..."
 * ```
 */
export class ConformanceMismatchError extends RxadkError {
  readonly location: MismatchLocation;
  readonly difference: Difference | undefined;

  /** `cause`: the error the run ended with, when it ended with one (named after the difference). */
  constructor(location: MismatchLocation, difference: Difference | undefined, problem?: string, cause?: Error) {
    const where = [
      location.test,
      location.turn !== undefined ? `turn ${location.turn}` : undefined,
      location.agent !== undefined ? `agent ${location.agent}` : undefined,
      location.subject,
    ]
      .filter(Boolean)
      .join(', ');
    const what = difference
      ? `${difference.path}: expected ${preview(difference.expected)}, got ${preview(difference.actual)}`
      : (problem ?? 'mismatch');
    super('CONFORMANCE_MISMATCH', `${where}: ${what}${cause ? `; the run failed: ${cause.message}` : ''}`, cause ? { cause } : undefined);
    this.location = location;
    this.difference = difference;
  }
}
