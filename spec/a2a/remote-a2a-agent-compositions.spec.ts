import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { A2A_CONTEXT_ID_KEY, A2A_TASK_ID_KEY } from '../../lib/a2a/remote-metadata-keys.js';
import { RemoteA2aAgent } from '../../lib/a2a/remote-a2a-agent.js';
import { type ListeningA2aServer, toA2a } from '../../lib/a2a/to-a2a.js';
import type { BaseAgent } from '../../lib/agents/base-agent.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { ParallelAgent } from '../../lib/agents/parallel-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import type { Event } from '../../lib/events/event.js';
import type { LlmRequest } from '../../lib/models/llm-request.js';
import { AgentTool } from '../../lib/runner/agent-tool.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { node } from '../../lib/workflow/node.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';

const say = (text: string) => ({ content: { role: 'model', parts: [{ text }] } });
const lastUserText = (request: LlmRequest) =>
  request.contents
    .filter((c) => c.role === 'user')
    .flatMap((c) => c.parts ?? [])
    .map((p) => p.text ?? '')
    .filter(Boolean)
    .at(-1) ?? '';

/** The remote side, served by rxadk over A2A in this process: it echoes the caller's last text. */
let server: ListeningA2aServer;
const seen: string[] = [];
beforeAll(async () => {
  const echo = (request: LlmRequest) => (seen.push(lastUserText(request)), say(`Remote heard: ${lastUserText(request)}`));
  const remote = new LlmAgent({ name: 'echo_agent', description: 'Echoes.', model: new ScriptedLlm(Array.from({ length: 40 }, () => echo)) });
  server = await firstValueFrom(toA2a(remote, { sessionService: new InMemorySessionService() }).listen(0));
});
afterAll(async () => {
  await lastValueFrom(server.close(), { defaultValue: undefined });
});

const remoteAgent = (name: string) => new RemoteA2aAgent({ name, description: 'Echoes over A2A.', agentCard: `${server.url}.well-known/agent-card.json` });
const run = (agent: BaseAgent, text: string) => {
  const runner = new Runner({ appName: 'caller', agent, sessionService: new InMemorySessionService(), autoCreateSession: true });
  return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ text }] } }).pipe(toArray()));
};
const finals = (events: Event[]) =>
  events
    .filter((e) => !e.partial && e.content?.parts?.length)
    .map((e) => `${e.author}: ${(e.content?.parts ?? []).map((p) => p.text ?? (p.functionCall ? `call ${p.functionCall.name}` : `${p.functionResponse?.name} returned ${JSON.stringify(p.functionResponse?.response)}`)).join('')}`);

describe('RemoteA2aAgent wherever an agent goes (a real rxadk A2A server in this process)', () => {
  it('is a step of a SequentialAgent: its answer is in the session the next step reads', async () => {
    const summarize = new ScriptedLlm([(request: LlmRequest) => say(`Summary of ${JSON.stringify(request.contents.at(-1)?.parts?.[0]?.text)}`)]);
    const pipeline = new SequentialAgent({ name: 'pipeline', subAgents: [remoteAgent('remote_echo'), new LlmAgent({ name: 'summarizer', model: summarize })] });
    const events = await run(pipeline, 'hello');
    expect(finals(events)).toEqual(['remote_echo: Remote heard: hello', 'summarizer: Summary of "For context:"']);
    const remote = events.find((e) => e.author === 'remote_echo' && !e.partial)!;
    expect(remote.customMetadata?.[A2A_TASK_ID_KEY]).toEqual(expect.any(String));
    expect(remote.customMetadata?.[A2A_CONTEXT_ID_KEY]).toEqual(expect.any(String));
    expect(JSON.stringify(summarize.requests[0]!.contents)).toContain('Remote heard: hello');
  });

  it('runs in a ParallelAgent: two remote agents answer side by side, each in its own remote context', async () => {
    const both = new ParallelAgent({ name: 'both', subAgents: [remoteAgent('left'), remoteAgent('right')] });
    const events = await run(both, 'ping');
    expect(finals(events).sort()).toEqual(['left: Remote heard: ping', 'right: Remote heard: ping']);
    const contexts = new Set(events.filter((e) => !e.partial).map((e) => e.customMetadata?.[A2A_CONTEXT_ID_KEY]));
    expect(contexts.size).toBe(2);
  });

  it('is an AgentTool: the model calls it with a request, and the tool result is the remote answer', async () => {
    const model = new ScriptedLlm([{ content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'remote_echo', args: { request: 'Paris?' } } }] } }, say('Done.')]);
    const assistant = new LlmAgent({ name: 'assistant', model, tools: [new AgentTool({ agent: remoteAgent('remote_echo') })] });
    const events = await run(assistant, 'go');
    expect(finals(events)).toEqual(['assistant: call remote_echo', 'assistant: remote_echo returned {"result":"Remote heard: Paris?"}', 'assistant: Done.']);
  });

  it('is a workflow node: its answer is the node output the next node gets', async () => {
    const shout = (_ctx: NodeContext, text: string) => text.toUpperCase();
    const flow = new Workflow({ name: 'flow', edges: [[START, remoteAgent('remote_echo'), node(shout, { name: 'shout' })]] });
    const events = await run(flow, 'quiet');
    const reply = events.find((e) => e.author === 'remote_echo' && !e.partial)!;
    expect(finals([reply])).toEqual(['remote_echo: Remote heard: quiet']);
    expect(reply.nodeInfo).toMatchObject({ path: 'flow@1/remote_echo@1', messageAsOutput: true });
    expect(events.filter((e) => e.output !== undefined).map((e) => [e.author, e.nodeInfo?.path, e.output])).toEqual([['flow', 'flow@1/shout@1', 'REMOTE HEARD: QUIET']]);
    expect(seen.at(-1)).toBe('quiet');
  });
});
