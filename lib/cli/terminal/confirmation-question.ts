import type { ConfirmationRequest } from '../../events/confirmation-requests.js';
import { isRequireConfirmationHint } from '../../tools/function-tool.js';
import { compactJson } from './format-event.js';

/**
 * The y/n question the terminal asks for a confirmation request: `Approve <hint>? [y/n] `, or
 * the hint itself when it is already a question, or `Approve <tool>(<args>)? [y/n] ` when the
 * tool gave no hint of its own (none, or `requireConfirmation`'s generic one).
 *
 * @example
 * ```ts
 * confirmationQuestion({ id: 'c1', originalFunctionCall: { name: 'delete_file', args: { path: 'a.txt' } }, toolConfirmation: { hint: 'delete a.txt', confirmed: false } });
 * // 'Approve delete a.txt? [y/n] '
 * ```
 */
export function confirmationQuestion(request: ConfirmationRequest): string {
  const call = request.originalFunctionCall;
  const given = request.toolConfirmation.hint?.trim();
  const hint = given && !isRequireConfirmationHint(given) ? given : `${call.name}(${compactJson(call.args ?? {})})`;
  return `${hint.endsWith('?') ? hint : `Approve ${hint}?`} [y/n] `;
}

/**
 * Reads a y/n answer: `y`/`yes` → true, `n`/`no` → false, anything else → undefined.
 *
 * @example
 * ```ts
 * parseYesNo('Y'); // true
 * ```
 */
export function parseYesNo(line: string): boolean | undefined {
  const answer = line.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return true;
  if (answer === 'n' || answer === 'no') return false;
  return undefined;
}
