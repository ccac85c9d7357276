import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import { createEvent } from '../../../lib/events/event.js';
import { requestConfirmationRequestProcessor } from '../../../lib/flows/request-processors/request-confirmation.js';
import { requestInputRequestProcessor } from '../../../lib/flows/request-processors/request-input.js';
import { createLlmRequest } from '../../../lib/models/llm-request.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import { InvocationContext } from '../../../lib/context/invocation-context.js';
import { PluginManager } from '../../../lib/plugins/plugin-manager.js';
import { InMemorySessionService } from '../../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../../lib/sessions/session.js';
import { text } from '../../support/llm.js';

// The two processors that resume calls run on every step; with nothing to resume they return
// nothing (no Observable for the step to wait on) and make nothing (no event, no id drawn).
describe('the resuming request processors with nothing to resume', () => {
  const agent = new LlmAgent({ name: 'assistant', model: new ScriptedLlm([text('hi')]) });

  function contextWith(...texts: Array<[author: string, text: string]>) {
    let ids = 0;
    const events = texts.map(([author, said]) => createEvent({ author, content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: said }] } }));
    const ctx = new InvocationContext({
      session: newSession({ id: 's1', appName: 'app', userId: 'u1', events }),
      sessionService: new InMemorySessionService(),
      agent,
      invocationId: 'inv-1',
      pluginManager: new PluginManager([]),
      idGenerator: () => `id-${++ids}`,
    });
    return { ctx, ids: () => ids };
  }

  it.each([
    ['requestConfirmationRequestProcessor', requestConfirmationRequestProcessor],
    ['requestInputRequestProcessor', requestInputRequestProcessor],
  ] as const)('%s returns nothing and draws no id (empty session, one message, a finished exchange)', (_name, processor) => {
    for (const history of [[], [['user', 'hi']], [['user', 'hi'], ['assistant', 'hello']]] as Array<Array<[string, string]>>) {
      const { ctx, ids } = contextWith(...history);
      const request = createLlmRequest();
      expect(processor(ctx, agent, request)).toBeUndefined();
      expect(ids()).toBe(0);
      expect(request).toEqual(createLlmRequest());
    }
  });
});
