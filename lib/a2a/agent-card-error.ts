import { RxadkError } from '../utils/errors.js';

/**
 * An agent card could not be used: not an http(s) URL, unreachable, too slow, too large, not a
 * card, redirected to another origin, or naming an interface on another origin that was not
 * allowed. The message says which.
 *
 * @example
 * ```ts
 * resolveAgentCard('file:///etc/passwd').subscribe({ error: (e) => e instanceof AgentCardError && console.log(e.cardUrl) });
 * ```
 */
export class AgentCardError extends RxadkError {
  /** The card's URL, when it was given as one. */
  readonly cardUrl: string | undefined;

  constructor(fields: { cardUrl?: string; message: string; cause?: unknown }) {
    super('AGENT_CARD_ERROR', `Agent card${fields.cardUrl ? ` ${fields.cardUrl}` : ''}: ${fields.message}`, { cause: fields.cause });
    this.cardUrl = fields.cardUrl;
  }
}
