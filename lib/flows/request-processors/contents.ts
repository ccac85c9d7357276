import { buildContents, buildCurrentTurnContents } from '../build-contents.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * Sets `request.contents` from the session history of the agent's branch
 * ({@link buildContents}); with `includeContents: 'none'`, only the current turn. An agent running
 * as a workflow node sees its node input and its node run's own events.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'summariser', includeContents: 'none', ... }); // sees only this turn
 * ```
 */
export const contentsRequestProcessor: LlmRequestProcessor = (ctx, agent, request) => {
  const node = ctx.workflowNode;
  if (node) {
    // a workflow node's model sees its input and its own run's events (ADK 2.x)
    const own = ctx.session.events.filter((event) => event.nodeInfo?.path === node.path);
    request.contents = [...(node.input ? [node.input] : []), ...buildContents(own, agent.name, ctx.branch)];
    return;
  }
  const build = agent.includeContents === 'none' ? buildCurrentTurnContents : buildContents;
  request.contents = build(ctx.session.events, agent.name, ctx.branch);
};
