import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildCli } from './support/build-cli.js';
import { startServer } from './support/cli-process.js';

/** Its own build of the CLI (suites run side by side) and its own folder, inside the repository so `rxjs` resolves. */
const OUTDIR = resolve('test-output/cli-build-api-resume');
const WORK = resolve(`test-output/api-resume-${process.pid}`);
const CLI_MAIN = join(OUTDIR, 'lib/cli/main.js');
const MODEL_LOG = join(WORK, 'model-calls.log');

/**
 * A resumable app: a SequentialAgent of three LlmAgents; the second asks for approval with a
 * long-running tool, so the invocation pauses there. Every model call is appended to a log
 * (the processes are killed: the log is the only witness of what each one did).
 */
const AGENT_JS = `import { appendFileSync } from 'node:fs';
import { of } from 'rxjs';
import { App, BaseLlm, LlmAgent, LongRunningFunctionTool, SequentialAgent } from ${JSON.stringify(join(OUTDIR, 'lib/index.js'))};

class StepModel extends BaseLlm {
  constructor(step) {
    super({ model: 'step-' + step });
    this.step = step;
  }
  generateContent(request) {
    appendFileSync(${JSON.stringify(MODEL_LOG)}, this.step + '\\n');
    const last = request.contents.at(-1)?.parts?.[0];
    if (this.step === 'b' && last?.functionResponse?.response?.status !== 'approved') {
      return of({ content: { role: 'model', parts: [{ functionCall: { name: 'approve', args: { what: 'the plan' } } }] } });
    }
    return of({ content: { role: 'model', parts: [{ text: this.step.toUpperCase() + ' done.' }] } });
  }
}

const approve = new LongRunningFunctionTool({ name: 'approve', description: 'Asks a human to approve.', execute: () => ({ status: 'pending' }) });
const agent = (name, tools = []) => new LlmAgent({ name, model: new StepModel(name), tools });
export const app = new App({
  name: 'approvals',
  rootAgent: new SequentialAgent({ name: 'pipeline', subAgents: [agent('a'), agent('b', [approve]), agent('c')] }),
  resumability: { isResumable: true },
});
`;

interface WireEvent {
  id: string;
  invocationId: string;
  author: string;
  content?: { parts?: Array<{ text?: string; functionCall?: { id: string; name: string }; functionResponse?: { id: string; name: string; response: Record<string, unknown> } }> };
  actions: { agentState?: Record<string, unknown>; endOfAgent?: boolean };
}

function label(event: WireEvent): string {
  if (event.actions.endOfAgent) return `${event.author}{end}`;
  if (event.actions.agentState) return `${event.author}${JSON.stringify(event.actions.agentState)}`;
  const part = event.content?.parts?.[0];
  if (part?.functionCall) return `${event.author}: call ${part.functionCall.name}`;
  if (part?.functionResponse) return `${event.author}: ${part.functionResponse.name} → ${JSON.stringify(part.functionResponse.response)}`;
  return `${event.author}: ${part?.text ?? '?'}`;
}

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The events of a `/run_sse` answer (its `data:` lines). */
async function sseEvents(response: Response): Promise<WireEvent[]> {
  const text = await response.text();
  return text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)) as WireEvent);
}

describe('rxadk api_server: a paused invocation survives SIGKILL and is resumed over HTTP (SQLite)', () => {
  beforeAll(async () => {
    await buildCli(OUTDIR);
    mkdirSync(join(WORK, 'agents', 'approvals'), { recursive: true });
    writeFileSync(join(WORK, 'agents', 'approvals', 'agent.js'), AGENT_JS);
  }, 60_000);

  afterAll(() => {
    rmSync(WORK, { recursive: true, force: true });
  });

  it('/run pauses at the long-running call; the process is killed; a new process resumes it with /run_sse and invocation_id; the first agent is not called again', async () => {
    const args = ['--session-service-uri', `sqlite://${join(WORK, 'sessions.db')}`];
    const first = await startServer('api_server', join(WORK, 'agents'), { args, cliMain: CLI_MAIN });
    let sessionId: string;
    let paused: WireEvent[];
    try {
      sessionId = ((await (await post(`${first.url}/apps/approvals/users/u1/sessions`, {})).json()) as { id: string }).id;
      const run = await post(`${first.url}/run`, { app_name: 'approvals', user_id: 'u1', session_id: sessionId, new_message: { role: 'user', parts: [{ text: 'Plan my trip.' }] } });
      expect(run.status).toBe(200);
      paused = (await run.json()) as WireEvent[];
    } finally {
      await first.kill();
    }
    expect(paused.map(label)).toEqual([
      'pipeline{"current_sub_agent":"a"}', 'a: A done.', 'a{end}', 'pipeline{"current_sub_agent":"b"}', 'b: call approve', 'b: approve → {"status":"pending"}',
    ]);
    const invocationId = paused[0]!.invocationId;
    const callId = paused[4]!.content!.parts![0]!.functionCall!.id;

    const second = await startServer('api_server', join(WORK, 'agents'), { args, cliMain: CLI_MAIN });
    try {
      const answer = { role: 'user', parts: [{ functionResponse: { id: callId, name: 'approve', response: { status: 'approved' } } }] };
      const resumed = await post(`${second.url}/run_sse`, { app_name: 'approvals', user_id: 'u1', session_id: sessionId, invocation_id: invocationId, new_message: answer });
      expect(resumed.status).toBe(200);
      const events = await sseEvents(resumed);
      expect(events.map(label)).toEqual(['b: B done.', 'b{end}', 'pipeline{"current_sub_agent":"c"}', 'c: C done.', 'c{end}', 'pipeline{end}']);
      expect(events.every((e) => e.invocationId === invocationId)).toBe(true);

      const stored = ((await (await fetch(`${second.url}/apps/approvals/users/u1/sessions/${sessionId}`)).json()) as { events: WireEvent[] }).events;
      expect(stored.map(label)).toEqual([
        'user: Plan my trip.',
        'pipeline{"current_sub_agent":"a"}', 'a: A done.', 'a{end}', 'pipeline{"current_sub_agent":"b"}', 'b: call approve', 'b: approve → {"status":"pending"}',
        'user: approve → {"status":"approved"}',
        'b: B done.', 'b{end}', 'pipeline{"current_sub_agent":"c"}', 'c: C done.', 'c{end}', 'pipeline{end}',
      ]);
      expect(new Set(stored.map((e) => e.invocationId))).toEqual(new Set([invocationId]));
      expect(new Set(stored.map((e) => e.id)).size).toBe(stored.length);
      // no orphan: every call has its answers (the tool's pending one, then the user's)
      const calls = stored.flatMap((e) => e.content?.parts ?? []).filter((p) => p.functionCall).map((p) => p.functionCall!.id);
      const answered = new Set(stored.flatMap((e) => e.content?.parts ?? []).filter((p) => p.functionResponse).map((p) => p.functionResponse!.id));
      expect(calls.filter((id) => !answered.has(id))).toEqual([]);
      // a's model was called once, in the first process; b's twice (asking, then after the answer); c's once
      expect(readFileSync(MODEL_LOG, 'utf8').trim().split('\n')).toEqual(['a', 'b', 'b', 'c']);

      // the invocation has ended: resumed again, it completes at once and stores nothing
      const again = await post(`${second.url}/run`, { app_name: 'approvals', user_id: 'u1', session_id: sessionId, invocation_id: invocationId });
      expect([again.status, await again.json()]).toEqual([200, []]);
    } finally {
      await second.stop();
    }
  }, 90_000);
});
