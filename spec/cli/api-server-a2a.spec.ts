import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Task } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { TASK_STATES } from '../../lib/a2a/task-states.js';
import { dataPart, textOf, userMessage } from '../a2a/support/a2a-fixtures.js';
import { sdkClientFor } from '../a2a/support/sdk-client.js';
import { buildCli } from './support/build-cli.js';
import { startServer } from './support/cli-process.js';

/** Its own build of the CLI (suites run side by side) and its own folder, inside the repository so `rxjs` resolves. */
const OUTDIR = resolve('test-output/cli-build-api-a2a');
const WORK = resolve(`test-output/api-a2a-${process.pid}`);
const CLI_MAIN = join(OUTDIR, 'lib/cli/main.js');
const MODEL_LOG = join(WORK, 'model-calls.log');

/**
 * The app `weather`: its scripted model answers from the conversation (so a new process answers
 * as the old one would): "Weather?" calls get_weather then says the weather; "Book it." asks the
 * manager (a long-running tool); after the manager's answer, it confirms. Each process logs its
 * model calls (pid and the last part) to MODEL_LOG: the processes are killed, the log is the
 * witness of which one did what.
 */
const AGENT_JS = `import { appendFileSync } from 'node:fs';
import { FunctionTool, LlmAgent } from ${JSON.stringify(join(OUTDIR, 'lib/index.js'))};
import { ScriptedLlm } from ${JSON.stringify(join(OUTDIR, 'lib/testing/index.js'))};

const say = (text) => ({ content: { role: 'model', parts: [{ text }] } });
const call = (name, args) => ({ content: { role: 'model', parts: [{ functionCall: { id: 'call-' + name, name, args } }] } });
const answer = (request) => {
  const last = request.contents.at(-1)?.parts?.[0] ?? {};
  appendFileSync(${JSON.stringify(MODEL_LOG)}, process.pid + ' ' + JSON.stringify(last) + '\\n');
  if (last.functionResponse?.name === 'ask_manager') return say(last.functionResponse.response.approved ? 'Booked.' : 'Not booked.');
  if (last.functionResponse?.name === 'get_weather') return say('It is ' + last.functionResponse.response.weather + ' in Paris.');
  return last.text === 'Book it.' ? call('ask_manager', { amount: 120 }) : call('get_weather', { city: 'Paris' });
};
const getWeather = new FunctionTool({ name: 'get_weather', description: 'The weather in a city.', execute: ({ city }) => ({ city, weather: 'sunny' }) });
const askManager = new FunctionTool({ name: 'ask_manager', description: 'Asks the manager.', isLongRunning: true, execute: () => undefined });
export const rootAgent = new LlmAgent({
  name: 'weather',
  description: 'Answers about the weather and books trips.',
  model: new ScriptedLlm(Array.from({ length: 20 }, () => answer)),
  instruction: 'SECRET-INSTRUCTION: be brief.',
  tools: [getWeather, askManager],
});
`;

const modelCalls = () => readFileSync(MODEL_LOG, 'utf8').trim().split('\n').map((line) => line.split(' ')[0]!);

describe('rxadk api_server --a2a and web --a2a, from the CLI, with the SDK client', () => {
  beforeAll(async () => {
    await buildCli(OUTDIR);
    mkdirSync(join(WORK, 'agents', 'weather'), { recursive: true });
    writeFileSync(join(WORK, 'agents', 'weather', 'agent.js'), AGENT_JS);
  }, 60_000);

  afterAll(() => {
    rmSync(WORK, { recursive: true, force: true });
    rmSync(OUTDIR, { recursive: true, force: true });
  });

  it('web --a2a: the card at /a2a/{app}/.well-known/agent-card.json points to /a2a/{app}; a turn through it, v1.0 and v0.3', async () => {
    const server = await startServer('web', join(WORK, 'agents'), { args: ['--a2a'], cliMain: CLI_MAIN });
    try {
      expect(server.banner).toContain(`${server.url}/a2a/{app}`);
      expect(server.banner).toContain('tasks in memory');
      const endpoint = `${server.url}/a2a/weather`;
      const base = `${endpoint}/`; // the SDK resolves .well-known/agent-card.json against it: keep the slash
      const response = await fetch(`${endpoint}/.well-known/agent-card.json`);
      expect(response.status).toBe(200);
      const raw = await response.text();
      expect(raw).not.toContain('SECRET-INSTRUCTION');
      const card = JSON.parse(raw) as { name: string; url: string; supportedInterfaces: { url: string; protocolVersion: string }[]; skills: { name: string }[] };
      expect(card.name).toBe('weather');
      expect(card.url).toBe(`${endpoint}/`);
      expect(card.supportedInterfaces.map((i) => [i.protocolVersion, i.url])).toEqual([
        ['1.0', `${endpoint}/`],
        ['0.3', `${endpoint}/`],
      ]);
      expect(card.skills.map((s) => s.name)).toEqual(['weather', 'get_weather', 'ask_manager']);

      for (const version of ['1.0', '0.3'] as const) {
        const { client } = await sdkClientFor(base, version);
        const task = (await client.sendMessage({ message: userMessage('Weather?', { contextId: `ctx-${version}` }) } as never)) as Task;
        expect(task.status?.state).toBe(TASK_STATES.completed);
        expect(textOf(task.artifacts.at(-1)?.parts)).toBe('It is sunny in Paris.');
      }
      // the A2A turns are the app's sessions, beside ADK's HTTP API: the caller is the local user
      const sessions = (await (await fetch(`${server.url}/apps/weather/users/local/sessions`)).json()) as { id: string }[];
      expect(sessions.map((s) => s.id).sort()).toEqual(['ctx-0.3', 'ctx-1.0']);
      // the HTTP API still answers beside it; another app name is no A2A endpoint
      expect(((await (await fetch(`${server.url}/list-apps`)).json()) as string[])).toEqual(['weather']);
      expect((await fetch(`${server.url}/a2a/nope/.well-known/agent-card.json`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('api_server --a2a on SQLite: a task paused for input is answered, with the same taskId, by a new process after SIGKILL', async () => {
    writeFileSync(MODEL_LOG, '');
    const args = ['--a2a', '--session-service-uri', `sqlite://${join(WORK, 'sessions.db')}`];
    const first = await startServer('api_server', join(WORK, 'agents'), { args, cliMain: CLI_MAIN });
    let paused: Task;
    try {
      expect(first.banner).toContain('tasks in the session file');
      const client = await new ClientFactory().createFromUrl(`${first.url}/a2a/weather/`);
      paused = (await client.sendMessage({ message: userMessage('Book it.', { contextId: 'ctx-restart' }) } as never)) as Task;
    } finally {
      await first.kill();
    }
    expect(paused.status?.state).toBe(TASK_STATES.inputRequired);
    const asked = paused.status?.message?.parts.find((p) => p.metadata?.['adk_is_long_running'] === true);
    expect(asked?.content).toEqual({ $case: 'data', value: { id: 'call-ask_manager', args: { amount: 120 }, name: 'ask_manager' } });
    const firstPid = modelCalls()[0];

    const second = await startServer('api_server', join(WORK, 'agents'), { args, cliMain: CLI_MAIN });
    try {
      const client = await new ClientFactory().createFromUrl(`${second.url}/a2a/weather/`);
      const before = await client.getTask({ id: paused.id } as never); // the new process knows the task
      expect(before.status?.state).toBe(TASK_STATES.inputRequired);
      const answer = dataPart({ id: 'call-ask_manager', name: 'ask_manager', response: { approved: true } }, { adk_type: 'function_response' });
      const done = (await client.sendMessage({ message: userMessage([answer], { contextId: 'ctx-restart', taskId: paused.id }) } as never)) as Task;
      expect(done.id).toBe(paused.id);
      expect(done.status?.state).toBe(TASK_STATES.completed);
      expect(textOf(done.artifacts.at(-1)?.parts)).toBe('Booked.');
      // one model call in each process: the first asked, the second answered after the function response
      const pids = modelCalls();
      expect(pids).toHaveLength(2);
      expect(pids[0]).toBe(firstPid);
      expect(pids[1]).not.toBe(firstPid);
      // the session (the same SQLite file) holds the whole turn
      const session = (await (await fetch(`${second.url}/apps/weather/users/local/sessions/ctx-restart`)).json()) as { events: { content?: { parts?: Record<string, unknown>[] } }[] };
      expect(session.events.map((e) => e.content?.parts?.[0])).toEqual([
        { text: 'Book it.' },
        { functionCall: { id: 'call-ask_manager', name: 'ask_manager', args: { amount: 120 } } },
        { functionResponse: { id: 'call-ask_manager', name: 'ask_manager', response: { approved: true } } },
        { text: 'Booked.' },
      ]);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
