import type { ConfirmationRequest } from '../../lib/events/confirmation-requests.js';

/**
 * A human's answer to a confirmation request, from the chat's Approve/Reject buttons.
 *
 * @example
 * ```ts
 * chat.decisions$.subscribe(({ request, confirmed }) => send(createConfirmationResponse(request, { confirmed })));
 * ```
 */
export interface ConfirmationDecision {
  request: ConfirmationRequest;
  confirmed: boolean;
}
