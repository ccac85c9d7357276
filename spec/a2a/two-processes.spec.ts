import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { lastValueFrom, toArray } from 'rxjs';
import { RemoteA2aAgent } from '../../lib/a2a/remote-a2a-agent.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { Event } from '../../lib/events/event.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { transpileForChild, type TranspiledTree } from '../fixtures/persistence/transpile-for-child.js';

/** The other rxadk process: `DevServer` with `a2a: true` (what `rxadk api_server --a2a` runs) over the app `weather`. */
let child: ChildProcess;
/** The server's script and the lib it imports, types stripped (no TypeScript loader in the child). */
let tree: TranspiledTree;
let url = '';
let output = '';

beforeAll(async () => {
  tree = transpileForChild('a2a-remote', ['spec/a2a/support/serve-remote-app.ts']);
  child = spawn(process.execPath, ['--no-warnings', tree.script('spec/a2a/support/serve-remote-app.ts')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (http:\/\/\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the A2A server process exited with ${code}: ${output}`)));
  });
}, 120_000);

afterAll(async () => {
  // the suite ends once the other process has: nothing of it (a socket, a pending answer) outlives the suite
  if (child.exitCode !== null || child.signalCode !== null) return tree?.remove();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const stillThere = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(stillThere);
  tree.remove();
});

const textOf = (event: Event) => (event.content?.parts ?? []).map((p) => p.text ?? '').join('');
const user = (text: string) => ({ role: 'user', parts: [{ text }] });
const transfer = { content: { role: 'model', parts: [{ functionCall: { id: 't1', name: 'transfer_to_agent', args: { agent_name: 'weather' } } }] } };

function coordinatorRunner() {
  const weather = new RemoteA2aAgent({ name: 'weather', description: 'Weather, in another process.', agentCard: `${url}/a2a/weather/.well-known/agent-card.json` });
  const coordinator = new LlmAgent({ name: 'coordinator', model: new ScriptedLlm([transfer, transfer]), instruction: 'Route.', subAgents: [weather] });
  return new Runner({ appName: 'front', agent: coordinator, sessionService: new InMemorySessionService(), autoCreateSession: true });
}

describe('two rxadk processes over A2A: a coordinator whose sub-agent is the other process app', () => {
  it('transfers, pauses on the remote long-running call, and resumes it with the answer and the taskId', async () => {
    const runner = coordinatorRunner();
    const turn = (newMessage: unknown) => lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: newMessage as never }).pipe(toArray()));
    const first = await turn(user('Weather in Paris?'));
    expect(first.filter((e) => !e.partial).map((e) => e.author)).toEqual(['coordinator', 'coordinator', 'weather']);
    const asked = first.at(-1)!;
    const call = asked.content!.parts!.find((p) => p.functionCall)!.functionCall!;
    expect(call).toMatchObject({ id: 'call-ask_manager', name: 'ask_manager' });
    expect(asked.longRunningToolIds).toEqual(['call-ask_manager']);
    const taskId = asked.customMetadata?.['a2a:task_id'];

    const second = await turn({ role: 'user', parts: [{ functionResponse: { id: call.id, name: call.name, response: { approved: true } } }] });
    const final = second.filter((e) => !e.partial).at(-1)!;
    expect(final.author).toBe('weather');
    expect(textOf(final)).toBe('Approved: it is sunny in Paris.');
    expect(final.customMetadata?.['a2a:task_id']).toBe(taskId);
  }, 60_000);

  it('cancel: unsubscribing the coordinator aborts the tool in the other process', async () => {
    const runner = coordinatorRunner();
    let failure: unknown;
    const subscription = runner
      .runAsync({ userId: 'u', sessionId: 'cancel', newMessage: user('slow please') as never })
      .subscribe({ error: (error: unknown) => (failure = error) });
    // the other process's log is the signal; a run that fails instead fails the test with its error
    const waitFor = async (line: string) => {
      while (!output.includes(line)) {
        if (failure) throw failure;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await waitFor('slow started');
    subscription.unsubscribe();
    await waitFor('aborted');
    expect(output.match(/aborted/g)).toHaveLength(1);
  }, 60_000);
});
