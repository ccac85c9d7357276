import type { BaseEvent } from '@ag-ui/core';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { AdkAgent } from '../../lib/ag-ui/adk-agent.js';
import { App } from '../../lib/apps/app.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';

const text = (t: string) => ({ content: { role: 'model', parts: [{ text: t }] } });

describe('AdkAgent in process (runAgent of @ag-ui/client over an App)', () => {
  it('runs a turn on the thread\'s session and keeps the messages and state the client applies', async () => {
    const sessionService = new InMemorySessionService();
    const model = new ScriptedLlm([[text('Hi '), text('Ada')]]);
    const app = new App({ name: 'chat', rootAgent: new LlmAgent({ name: 'helper', model, beforeAgentCallback: (ctx) => void ctx.state.set('seen', true) }) });
    const agent = new AdkAgent({ app, sessionService, userId: 'ada', threadId: 'th-1' });
    agent.addMessage({ id: 'u1', role: 'user', content: 'Hello' });
    const { newMessages } = await agent.runAgent();
    expect(newMessages).toEqual([{ id: expect.any(String), role: 'assistant', content: 'Hi Ada' }]);
    expect(agent.state).toEqual({ seen: true });
    const session = await new Promise((resolve) => sessionService.getSession({ appName: 'chat', userId: 'ada', sessionId: 'th-1' }).subscribe(resolve));
    expect((session as { events: unknown[] }).events).toHaveLength(3);
  });

  it('a request the checks refuse is RUN_STARTED then RUN_ERROR with the named error', async () => {
    const app = new App({ name: 'chat', rootAgent: new LlmAgent({ name: 'helper', model: new ScriptedLlm([]) }) });
    const agent = new AdkAgent({ app, threadId: 'th-2' });
    agent.addMessage({ id: 'a1', role: 'assistant', content: 'I said this before' });
    agent.addMessage({ id: 'u1', role: 'user', content: 'Hello' });
    const events: BaseEvent[] = [];
    await agent.runAgent({}, { onEvent: ({ event }) => void events.push(event) }).catch(() => undefined);
    expect(events.map((event) => event.type)).toEqual(['RUN_STARTED', 'RUN_ERROR']);
    expect(events[1]).toMatchObject({ code: 'EditedHistoryError', message: expect.stringContaining('assistant message "a1" is not in the session') });
  });
});
