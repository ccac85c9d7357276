import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import { CLIENT_TOOLS_STATE_KEY, clientTool, ClientToolError, ClientToolsPlugin } from '../../../lib/plugins/builtin/client-tools-plugin.js';
import { InMemoryRunner } from '../../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';

const user = (text: string) => ({ role: 'user', parts: [{ text }] });

describe('ClientToolsPlugin', () => {
  it('offers the tools in temp:client_tools as long-running tools; a call to one ends the turn unanswered', async () => {
    const model = new ScriptedLlm([{ content: { role: 'model', parts: [{ functionCall: { name: 'pick_color', args: { shade: 'dark' } } }] } }]);
    const own = new FunctionTool({ name: 'echo', description: 'Echoes.', execute: () => ({ ok: true }) });
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'a', model, tools: [own] }), plugins: [new ClientToolsPlugin()], autoCreateSession: true });
    const clientTools = [
      { name: 'pick_color', description: 'Asks the user for a color.', parameters: { type: 'object', properties: { shade: { type: 'string' } } } },
      { name: 'echo', description: 'A client tool named like the agent\'s own.' },
    ];
    const events = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('pick'), stateDelta: { [CLIENT_TOOLS_STATE_KEY]: clientTools } }).pipe(toArray()));
    const request = model.requests[0]!;
    expect(Object.keys(request.toolsDict).sort()).toEqual(['echo', 'pick_color']);
    expect(request.toolsDict['echo']).toBe(own); // the agent's own tool wins
    expect(request.toolsDict['pick_color']!.isLongRunning).toBe(true);
    const call = events.at(-1)!;
    expect(call.longRunningToolIds).toEqual([call.content!.parts![0]!.functionCall!.id]);
    expect(events.some((event) => event.content?.parts?.some((part) => part.functionResponse))).toBe(false);
    const session = await lastValueFrom(runner.sessionService.getSession({ appName: runner.appName, userId: 'u', sessionId: 's' }));
    expect(Object.keys(session!.state)).not.toContain(CLIENT_TOOLS_STATE_KEY); // temp: never stored
  });

  it('without client tools in the state it changes nothing', async () => {
    const model = new ScriptedLlm([{ content: { role: 'model', parts: [{ text: 'hi' }] } }]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'a', model }), plugins: [new ClientToolsPlugin()], autoCreateSession: true });
    await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('hi') }).pipe(toArray()));
    expect(model.requests[0]!.toolsDict).toEqual({});
    expect(model.requests[0]!.config.tools).toBeUndefined();
  });

  it('clientTool refuses a bad name or schema with a ClientToolError', () => {
    expect(() => clientTool({ name: 'bad name', description: '' })).toThrow(ClientToolError);
    expect(() => clientTool({ name: 'ok', description: '', parameters: { type: 'no-such-type' } })).toThrow(/The client tool "ok" cannot be offered to the model: its parameters are not a usable JSON Schema/);
  });
});
