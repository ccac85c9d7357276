import { buildContents, buildCurrentTurnContents } from '../build-contents.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * Sets `request.contents` from the session history of the agent's branch
 * ({@link buildContents}); with `includeContents: 'none'`, only the current turn.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'summariser', includeContents: 'none', ... }); // sees only this turn
 * ```
 */
export const contentsRequestProcessor: LlmRequestProcessor = (ctx, agent, request) => {
  const build = agent.includeContents === 'none' ? buildCurrentTurnContents : buildContents;
  request.contents = build(ctx.session.events, agent.name, ctx.branch);
};
