import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { createEvent } from '../../lib/events/event.js';
import { Runner } from '../../lib/runner/runner.js';
import { SqliteSessionService } from '../../lib/sqlite/sqlite-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { reviewWorkflow } from '../fixtures/workflow/review-workflow.js';
import { transpileForChild, type TranspiledTree } from '../fixtures/persistence/transpile-for-child.js';
import { tempDir } from '../sqlite/temp-dir.js';
import { recordingShape } from '../support/workflow-events.js';

const CHILD = 'spec/fixtures/workflow/review-workflow-child.ts';

/** Runs the child until it prints "paused <id>", kills it with SIGKILL, and returns the id. */
function runUntilPausedThenKill(script: string, dbPath: string): Promise<{ id: string; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, dbPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/paused \S+\n/.test(stdout)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (_code, signal) => done({ id: /paused (\S+)\n/.exec(stdout)?.[1] ?? '', signal, stderr }));
  });
}

describe('Workflow resume across processes (SQLite)', () => {
  let tree: TranspiledTree;
  let dir: ReturnType<typeof tempDir>;
  beforeAll(() => {
    tree = transpileForChild('workflow-resume', [CHILD]);
    dir = tempDir('rxadk-workflow-resume');
  });
  afterAll(() => {
    tree?.remove();
    dir?.remove();
  });

  it('finishes a workflow whose process was killed (SIGKILL) while a request waited for input, in a new process, without re-running finished nodes', async () => {
    const dbPath = join(dir.path, 'sessions.db');
    const child = await runUntilPausedThenKill(tree.script(CHILD), dbPath);
    expect(child.signal).toBe('SIGKILL');
    expect(child.stderr).toBe('');
    expect(child.id).not.toBe('');

    const runs: Record<string, number> = {};
    const sessionService = new SqliteSessionService({ path: dbPath });
    // a model that must not be called: the draft from the dead process is fast-forwarded
    const runner = new Runner({ appName: 'review', agent: reviewWorkflow(new ScriptedLlm([]), runs), sessionService });
    const answer = { role: 'user', parts: [{ functionResponse: { id: child.id, name: 'adk_request_input', response: { result: 'approve' } } }] };
    const events = await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: answer }).pipe(toArray()));
    expect(events.map(recordingShape)).toEqual([
      { author: 'request_input', actions: { route: 'approved' }, nodeInfo: { path: 'request_input@1/handle_human_review@1' } },
      { author: 'request_input', content: { role: 'user', parts: [{ text: 'Draft approved and sent successfully.' }] }, nodeInfo: { path: 'request_input@1/send_email@1' } },
    ]);
    expect(runs).toEqual({ handle_human_review: 1, send_email: 1 });
    const session = await firstValueFrom(sessionService.getSession({ appName: 'review', userId: 'u1', sessionId: 's1' }));
    expect(session!.events.filter((e) => e.nodeInfo).map((e) => e.nodeInfo!.path)).toEqual([
      'request_input@1/process_input@1',
      'request_input@1/draft_email@1',
      'request_input@1/request_human_review@1',
      'request_input@1/handle_human_review@1',
      'request_input@1/send_email@1',
    ]);
    expect(session!.events[1]!.nodeInfo).toEqual({ path: 'request_input@1/process_input@1' });
    expect(session!.events[2]!.nodeInfo).toEqual({ path: 'request_input@1/draft_email@1', outputFor: ['request_input@1/draft_email@1'], messageAsOutput: true });
    await firstValueFrom(sessionService.close());
  }, 60_000);

  it('keeps nodeInfo, output and actions.route through a SQLite session, as JSON', async () => {
    const sessionService = new SqliteSessionService({ path: join(dir.path, 'roundtrip.db') });
    const session = await firstValueFrom(sessionService.createSession({ appName: 'a', userId: 'u1', sessionId: 's1' }));
    const event = createEvent({
      author: 'wf',
      invocationId: 'i1',
      nodeInfo: { path: 'wf@1/review@2', outputFor: ['wf@1/review@2', 'wf@1'], messageAsOutput: true },
      output: { verdict: 'ok', scores: [1, 2] },
      actions: { route: ['approve', 2, true] },
    });
    await firstValueFrom(sessionService.appendEvent(session, event));
    const stored = (await firstValueFrom(sessionService.getSession({ appName: 'a', userId: 'u1', sessionId: 's1' })))!.events[0]!;
    expect(stored.nodeInfo).toEqual(event.nodeInfo);
    expect(stored.output).toEqual(event.output);
    expect(stored.actions.route).toEqual(['approve', 2, true]);
    await firstValueFrom(sessionService.close());
  });
});
