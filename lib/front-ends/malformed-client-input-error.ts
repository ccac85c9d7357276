import { ClientTurnError } from './client-turn-error.js';

/**
 * The body is not the protocol's request (a 400): the message names every problem found.
 *
 * @example
 * ```ts
 * throw new MalformedClientInputError('AG-UI RunAgentInput', ['threadId: expected a string']);
 * ```
 */
export class MalformedClientInputError extends ClientTurnError {
  readonly problems: readonly string[];

  constructor(what: string, problems: readonly string[]) {
    super('MALFORMED_CLIENT_INPUT', `The request is not a valid ${what}: ${problems.join('; ')}.`, 400);
    this.problems = problems;
  }
}
