import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { appendFunctionDeclarations } from '../../lib/models/llm-request.js';
import type { ToolLike } from '../../lib/models/tool-like.js';
import { runnableTool } from '../../lib/flows/runnable-tool.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { calls, text, user, weatherTool } from '../support/llm.js';

/** A ToolLike that is no BaseTool: it has a declaration but nothing to run. */
const declarationOnly: ToolLike = {
  name: 'lookup',
  description: 'Declared, but cannot run.',
  isLongRunning: false,
  timeoutMs: undefined,
  getDeclaration: () => ({ name: 'lookup', description: 'Declared, but cannot run.' }),
};

describe('runnableTool', () => {
  it('finds nothing in an empty dict', () => {
    expect(runnableTool({}, 'get_weather')).toBeUndefined();
  });

  it('finds a BaseTool by name among several', () => {
    const weather = weatherTool();
    const other = weatherTool();
    expect(runnableTool({ get_weather: weather, other }, 'get_weather')).toBe(weather);
  });

  it.each(['constructor', '__proto__', 'toString'])('never takes the Object.prototype member "%s" for a tool', (name) => {
    expect(runnableTool({ get_weather: weatherTool() }, name)).toBeUndefined();
  });

  it('does not take a ToolLike that cannot run for a tool', () => {
    expect(runnableTool({ lookup: declarationOnly }, 'lookup')).toBeUndefined();
  });

  it('answers a call of a ToolLike that cannot run as an unknown tool, and the run goes on', async () => {
    const model = new ScriptedLlm([calls({ id: 'c1', name: 'lookup', args: {} }), text('done')]);
    const agent = new LlmAgent({
      name: 'agent',
      model,
      beforeModelCallback: (_ctx, request) => {
        appendFunctionDeclarations(request, [{ declaration: declarationOnly.getDeclaration()!, tool: declarationOnly }]);
        return undefined;
      },
    });
    const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
    const events = await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(toArray()));
    expect(events[1]!.content!.parts![0]!.functionResponse).toMatchObject({ id: 'c1', name: 'lookup', response: { error: expect.stringContaining('not available') } });
    expect(events[2]!.content!.parts![0]!.text).toBe('done');
  });
});
