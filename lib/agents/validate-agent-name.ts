import { AgentConfigError } from '../utils/errors.js';

const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/**
 * Throws {@link AgentConfigError} unless `name` is an identifier (letters, digits, `_`, not
 * starting with a digit) other than `user`.
 *
 * @example
 * ```ts
 * validateAgentName('weather_agent'); // ok
 * validateAgentName('my-agent');      // AgentConfigError
 * ```
 */
export function validateAgentName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
    throw new AgentConfigError(
      `Invalid agent name ${JSON.stringify(name)}: an agent name must be an identifier ` +
        '(letters, digits and underscores, not starting with a digit), e.g. "weather_agent".',
      { agentName: typeof name === 'string' ? name : undefined },
    );
  }
  if (name === 'user') {
    throw new AgentConfigError(
      'Invalid agent name "user": it is reserved for the end user\'s events. Choose another name.',
      { agentName: name },
    );
  }
}
