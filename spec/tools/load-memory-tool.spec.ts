import type { FunctionDeclaration } from '@google/genai';
import { firstValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { createEvent } from '../../lib/events/event.js';
import { InMemoryMemoryService } from '../../lib/memory/in-memory-memory-service.js';
import { LOAD_MEMORY_INSTRUCTION, loadMemoryTool } from '../../lib/tools/load-memory-tool.js';
import { systemInstructionText } from '../../lib/models/llm-request.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvents } from '../../lib/testing/simplify-events.js';
import { calls, text, user } from '../support/llm.js';

function said(author: string, words: string, timestamp: number) {
  return createEvent({ author, timestamp, content: { role: author === 'user' ? 'user' : 'model', parts: [{ text: words }] } });
}

async function memoryOf() {
  const memory = new InMemoryMemoryService();
  const past = newSession({
    id: 'yesterday',
    appName: 'app',
    userId: 'u1',
    events: [said('user', 'My favourite colour is blue.', 1000), said('assistant', 'Noted: blue.', 2000), said('user', 'I live in Lyon.', 3000)],
  });
  const someoneElse = newSession({ id: 'theirs', appName: 'app', userId: 'u2', events: [said('user', 'My favourite colour is red.', 1000)] });
  await firstValueFrom(memory.addSessionToMemory(past));
  await firstValueFrom(memory.addSessionToMemory(someoneElse));
  return memory;
}

describe('loadMemoryTool (load_memory)', () => {
  it('lets the model search the user\'s memory through an LlmAgent run', async () => {
    const model = new ScriptedLlm([calls({ name: 'load_memory', args: { query: 'favourite colour' } }), text('Your favourite colour is blue.')]);
    const agent = new LlmAgent({ name: 'assistant', model, instruction: 'Be helpful.', tools: [loadMemoryTool] });
    const runner = new Runner({
      appName: 'app',
      agent,
      sessionService: new InMemorySessionService(),
      memoryService: await memoryOf(),
      autoCreateSession: true,
    });
    const events = await firstValueFrom(
      runner.runAsync({ userId: 'u1', sessionId: 'today', newMessage: user('What is my favourite colour?') }).pipe(toArray()),
    );

    const memories = [
      { content: { role: 'user', parts: [{ text: 'My favourite colour is blue.' }] }, author: 'user', timestamp: new Date(1000).toISOString() },
    ];
    expect(simplifyEvents(events)).toEqual([
      'assistant: call load_memory({"query":"favourite colour"})',
      `assistant: load_memory returned ${JSON.stringify({ memories })}`,
      'assistant: Your favourite colour is blue.',
    ]);
    // The model saw the tool, the memory instruction, and then the memories.
    const [first, second] = model.requests;
    expect(first!.toolsDict['load_memory']).toBe(loadMemoryTool);
    const declaration = first!.config.tools?.flatMap((t) => (t as { functionDeclarations?: FunctionDeclaration[] }).functionDeclarations ?? []).find((d) => d.name === 'load_memory');
    expect(declaration).toMatchObject({ name: 'load_memory', description: 'Loads the memory for the current user.' });
    expect(JSON.stringify(declaration!.parameters)).toContain('query');
    expect(systemInstructionText(first!)).toContain(LOAD_MEMORY_INSTRUCTION);
    expect(systemInstructionText(first!)).toContain('Be helpful.');
    const response = second!.contents.at(-1)!.parts![0]!.functionResponse!;
    expect(response).toMatchObject({ name: 'load_memory', response: { memories } });
  });

  it('answers the model with no memories when nothing matches', async () => {
    const model = new ScriptedLlm([calls({ name: 'load_memory', args: { query: 'quantum chromodynamics' } }), text('I do not know.')]);
    const runner = new Runner({
      appName: 'app',
      agent: new LlmAgent({ name: 'assistant', model, tools: [loadMemoryTool] }),
      sessionService: new InMemorySessionService(),
      memoryService: await memoryOf(),
      autoCreateSession: true,
    });
    const events = await firstValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's', newMessage: user('?') }).pipe(toArray()));
    expect(simplifyEvents(events)[1]).toBe('assistant: load_memory returned {"memories":[]}');
  });
});
