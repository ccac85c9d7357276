import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { LlmRequest } from '../../lib/models/llm-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { transferTargets } from '../../lib/flows/transfer-targets.js';
import { transferInstructions } from '../../lib/flows/request-processors/agent-transfer.js';
import { calls, text, user } from '../support/llm.js';
import { readYaml } from '../support/recordings.js';
import { camelizeKeys } from '../../lib/config/camelize-keys.js';
import { normalizeRequest } from '../../lib/conformance/normalize.js';

interface Recording {
  user_message_index: number;
  agent_name: string;
  llm_recording?: { llm_request: Record<string, unknown>; llm_response: Record<string, unknown> };
}

/** The study-buddy tree of the conformance suite's multi_agent_001 app, each agent answering from its recordings. */
function studyBuddy(recordings: Recording[]) {
  const agent = (file: string, subAgents: LlmAgent[] = []) => {
    const config = readYaml<{ name: string; description: string; instruction: string }>('agents', 'multi_agent_001', file);
    const script = recordings
      .filter((r) => r.agent_name === config.name && r.llm_recording)
      .map((r) => camelizeKeys(r.llm_recording!.llm_response) as LlmResponse);
    const model = new ScriptedLlm(script, { model: 'gemini-2.5-flash' });
    return new LlmAgent({ name: config.name, description: config.description, instruction: config.instruction, model, subAgents });
  };
  const tutors = ['math_tutor_agent.yaml', 'science_tutor_agent.yaml', 'history_tutor_agent.yaml'].map((f) => agent(f));
  return agent('root_agent.yaml', tutors);
}

function recordedRequests(recordings: Recording[], agentName: string) {
  return recordings.filter((r) => r.agent_name === agentName && r.llm_recording).map((r) => r.llm_recording!.llm_request);
}

async function replay(testCase: string) {
  const spec = readYaml<{ user_messages: Array<{ text: string }> }>('tests', 'core', testCase, 'spec.yaml');
  const { recordings } = readYaml<{ recordings: Recording[] }>('tests', 'core', testCase, 'generated-recordings.yaml');
  const root = studyBuddy(recordings);
  const runner = new InMemoryRunner({ agent: root, appName: 'multi_agent_001', autoCreateSession: true });
  const turns: string[][] = [];
  for (const message of spec.user_messages) {
    const events = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user(message.text) }).pipe(toArray()));
    turns.push(events.map((e) => simplifyEvent(e).split(':')[0]!));
  }
  for (const name of ['study_buddy_coordinator', 'math_tutor', 'science_tutor', 'history_tutor']) {
    const model = (root.findAgent(name) as LlmAgent).canonicalModel() as ScriptedLlm;
    const expected = recordedRequests(recordings, name).map((r) => normalizeRequest(r));
    const actual = model.requests.map((r: LlmRequest) => normalizeRequest({ model: r.model, contents: r.contents, config: r.config }));
    expect({ agent: name, requests: actual }).toEqual({ agent: name, requests: expected });
  }
  return turns;
}

describe('transfer_to_agent, checked against the conformance recordings', () => {
  it('multi_001: root → child; the requests match the recorded instructions, declarations and contents', async () => {
    expect(await replay('multi_001')).toEqual([['study_buddy_coordinator', 'study_buddy_coordinator', 'math_tutor']]);
  });

  it('multi_002: root → science tutor, then the next turn starts at the science tutor, which hands over to its peer', async () => {
    expect(await replay('multi_002')).toEqual([
      ['study_buddy_coordinator', 'study_buddy_coordinator', 'science_tutor'],
      ['science_tutor', 'science_tutor', 'math_tutor'],
    ]);
  });

  it('multi_003: root → math tutor, then the math tutor hands back to its parent', async () => {
    expect(await replay('multi_003')).toEqual([
      ['study_buddy_coordinator', 'study_buddy_coordinator', 'math_tutor'],
      ['math_tutor', 'math_tutor', 'study_buddy_coordinator'],
    ]);
  });
});

describe('transfer targets and the disallow flags', () => {
  const tree = (childOptions: { disallowTransferToParent?: boolean; disallowTransferToPeers?: boolean } = {}) => {
    const child = new LlmAgent({ name: 'child', description: 'The child.', ...childOptions });
    const peer = new LlmAgent({ name: 'peer', description: 'The peer.' });
    const root = new LlmAgent({ name: 'root', description: 'The root.', subAgents: [child, peer] });
    return { root, child, peer };
  };

  it('a child may go to its parent then its peers; each flag removes its part', () => {
    expect(transferTargets(tree().child).map((a) => a.name)).toEqual(['root', 'peer']);
    expect(transferTargets(tree({ disallowTransferToParent: true }).child).map((a) => a.name)).toEqual(['peer']);
    expect(transferTargets(tree({ disallowTransferToPeers: true }).child).map((a) => a.name)).toEqual(['root']);
    expect(transferTargets(tree({ disallowTransferToParent: true, disallowTransferToPeers: true }).child)).toEqual([]);
    expect(transferTargets(tree().root).map((a) => a.name)).toEqual(['child', 'peer']);
  });

  it('the instructions drop the "transfer to your parent" sentence when the parent is disallowed', () => {
    const { child } = tree({ disallowTransferToParent: true });
    const text = transferInstructions(child, transferTargets(child));
    expect(text).not.toMatch(/parent agent/);
    expect(text).toMatch(/\*\*NOTE\*\*: the only available agents for `transfer_to_agent` function are\n`peer`\.\n$/);
  });

  it('an agent with no targets gets neither the instructions nor the tool', async () => {
    const model = new ScriptedLlm([text('hi')]);
    const child = new LlmAgent({ name: 'child', model, disallowTransferToParent: true, disallowTransferToPeers: true });
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'root', model: new ScriptedLlm([calls({ name: 'transfer_to_agent', args: { agent_name: 'child' } })]), subAgents: [child] }), autoCreateSession: true });
    await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('x') }).pipe(toArray()));
    expect(model.requests[0]!.config.tools).toBeUndefined();
    expect(String(model.requests[0]!.config.systemInstruction)).not.toMatch(/transfer/);
  });

  it('the next turn goes back to the root when the last speaker disallows transfer to its parent', async () => {
    const childModel = new ScriptedLlm([text('child answer')]);
    const rootModel = new ScriptedLlm([calls({ name: 'transfer_to_agent', args: { agent_name: 'child' } }), text('root again')]);
    const child = new LlmAgent({ name: 'child', model: childModel, disallowTransferToParent: true });
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'root', model: rootModel, subAgents: [child] }), autoCreateSession: true });
    const first = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('1') }).pipe(toArray()));
    const second = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('2') }).pipe(toArray()));
    expect(first.map((e) => e.author)).toEqual(['root', 'root', 'child']);
    expect(second.map(simplifyEvent)).toEqual(['root: root again']);
  });

  it('a hallucinated target is refused by the enum and the model is told', async () => {
    const model = new ScriptedLlm([calls({ name: 'transfer_to_agent', args: { agent_name: 'ghost' } }), text('ok, I will answer')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'root', model, subAgents: [new LlmAgent({ name: 'child' })] }), autoCreateSession: true });
    const events = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('x') }).pipe(toArray()));
    expect(events.map(simplifyEvent)[1]).toMatch(/transfer_to_agent returned \{"error":"Invalid arguments for tool \\"transfer_to_agent\\": \/agent_name must be equal to one of the allowed values: \\"child\\"/);
    expect(events.at(-1)!.author).toBe('root');
  });
});
