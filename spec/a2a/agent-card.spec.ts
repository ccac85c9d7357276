import { afterEach, describe, expect, it } from '@jest/globals';
import type { AgentCard } from '@a2a-js/sdk';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { type ListeningA2aServer, toA2a, type ToA2aOptions } from '../../lib/a2a/to-a2a.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { sdkClientFor } from './support/sdk-client.js';

let server: ListeningA2aServer | undefined;
afterEach(async () => {
  if (server) await lastValueFrom(server.close(), { defaultValue: undefined });
  server = undefined;
});

/** A coordinator with a tool and two sub-agents, each with an instruction that must not leak. */
function team() {
  const model = new ScriptedLlm([]);
  const lookup = new FunctionTool({ name: 'lookup_booking', description: 'Finds a booking by its number.', execute: () => ({}) });
  const weather = new LlmAgent({ name: 'weather', description: 'Answers about the weather.', model, instruction: 'SECRET-WEATHER: never say rain.' });
  const steps = new SequentialAgent({ name: 'trip_planner', description: 'Plans a trip in steps.', subAgents: [new LlmAgent({ name: 'step', model, instruction: 'SECRET-STEP' })] });
  return new LlmAgent({ name: 'coordinator', description: 'Routes travel questions.', model, instruction: 'SECRET-COORDINATOR: route.', tools: [lookup], subAgents: [weather, steps] });
}

async function servedCard(options: ToA2aOptions = {}): Promise<{ raw: string; card: AgentCard & { url?: string } }> {
  server = await firstValueFrom(toA2a(team(), options).listen(0));
  const raw = await (await fetch(`${server.url}.well-known/agent-card.json`)).text();
  return { raw, card: JSON.parse(raw) };
}

describe('the agent card served at /.well-known/agent-card.json', () => {
  it('is built from the agent tree: a skill for the agent, each tool and each sub-agent; no instruction anywhere', async () => {
    const { raw, card } = await servedCard();
    expect(card.name).toBe('coordinator');
    expect(card.description).toBe('Routes travel questions.');
    expect(card.skills.map((s) => [s.id, s.name, s.description, s.tags])).toEqual([
      ['coordinator', 'coordinator', 'Routes travel questions.', ['llm']],
      ['coordinator-lookup_booking', 'lookup_booking', 'Finds a booking by its number.', ['llm', 'tools']],
      ['coordinator-weather', 'weather', 'Answers about the weather.', ['sub_agent']],
      ['coordinator-trip_planner', 'trip_planner', 'Plans a trip in steps.', ['sub_agent']],
    ]);
    expect(card.capabilities?.streaming).toBe(true);
    expect(raw).not.toMatch(/SECRET/);
  });

  it('streaming: false is written in the card the SDK client reads', async () => {
    const { card } = await servedCard({ streaming: false });
    expect(card.capabilities?.streaming).toBe(false);
    const { card: read } = await sdkClientFor(server!.url, '1.0');
    expect(read.capabilities?.streaming).toBe(false);
  });

  it('is adjusted by a function of the built card, or replaced in full by a card', async () => {
    const adjusted = await servedCard({ agentCard: (built) => ({ ...built, version: '2.0.0', skills: built.skills.slice(0, 1) }) });
    expect([adjusted.card.version, adjusted.card.name, adjusted.card.skills.map((s) => s.id)]).toEqual(['2.0.0', 'coordinator', ['coordinator']]);
    await lastValueFrom(server!.close(), { defaultValue: undefined });

    const url = 'https://travel.example.com/a2a/';
    const replacement: AgentCard = {
      name: 'Travel desk', description: 'Our travel desk.', version: '9.9.9', provider: { organization: 'Example', url: 'https://example.com' },
      supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
      capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
      securitySchemes: {}, securityRequirements: [], defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'], skills: [], signatures: [],
    };
    const replaced = await servedCard({ agentCard: replacement });
    expect(replaced.card).toMatchObject({ name: 'Travel desk', description: 'Our travel desk.', version: '9.9.9', provider: { organization: 'Example' }, url });
    expect(replaced.card.skills ?? []).toEqual([]);
    expect(replaced.raw).not.toContain('coordinator');
  });
});
