import { InvocationContext } from '../../lib/context/invocation-context.js';
import type { BaseAgent } from '../../lib/agents/base-agent.js';
import type { BasePlugin } from '../../lib/plugins/base-plugin.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { sequentialIds } from '../../lib/utils/ids.js';

/** An InvocationContext without a Runner (acknowledgement is immediate), for running an agent directly. */
export function directInvocation(agent: BaseAgent, options: { plugins?: BasePlugin[]; state?: Record<string, unknown> } = {}) {
  return new InvocationContext({
    session: newSession({ id: 's1', appName: 'app', userId: 'u1', state: { ...options.state } }),
    sessionService: new InMemorySessionService(),
    agent,
    invocationId: 'inv-1',
    userContent: { role: 'user', parts: [{ text: 'hi' }] },
    pluginManager: new PluginManager(options.plugins ?? []),
    idGenerator: sequentialIds('e'),
  });
}
