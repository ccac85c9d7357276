import { RxadkError } from '../utils/errors.js';

/**
 * A file is not an ADK workflow recording (`{appName, id, userId, events[], state, mocks?}`):
 * the message names the file and what is wrong.
 *
 * @example
 * ```ts
 * // retry/tests/go.json: "events" must be an array of events
 * ```
 */
export class WorkflowRecordingError extends RxadkError {
  readonly file: string;

  constructor(file: string, problem: string) {
    super('WORKFLOW_RECORDING', `${file}: ${problem}`);
    this.file = file;
  }
}
