import { catchError, concat, defer, lastValueFrom, map, NEVER, type Observable, of, throwError, toArray } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { NodeError } from '../../lib/workflow/node-error.js';
import { NodeSchemaValidationError } from '../../lib/workflow/node-schema-validation-error.js';
import { node } from '../../lib/workflow/node.js';
import { RequestInput } from '../../lib/workflow/request-input.js';
import { retryDelaySeconds, shouldRetry } from '../../lib/workflow/retry-config.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { user } from '../support/llm.js';
import { testScheduler } from '../support/test-scheduler.js';
import { recordingShape } from '../support/workflow-events.js';

function run(wf: Workflow, message = 'go', sessionId = 's1'): Observable<Event> {
  const runner = new InMemoryRunner({ agent: wf, autoCreateSession: true });
  return runner.runAsync({ userId: 'u1', sessionId, newMessage: user(message) });
}

function failureOf(events$: Observable<Event>): Promise<{ events: Event[]; error: unknown }> {
  const events: Event[] = [];
  return lastValueFrom(
    events$.pipe(
      map((e) => void events.push(e)),
      toArray(),
      map(() => ({ events, error: undefined as unknown })),
      catchError((error: unknown) => of({ events, error })),
    ),
  );
}

describe('Workflow node faults', () => {
  it('checks input and output schemas: NodeSchemaValidationError names the node, the side and the path, after an error event', async () => {
    const score = node((_ctx: NodeContext, input: { text: string }) => ({ score: input.text.length > 3 ? 'high' : 1 }), {
      name: 'score',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      outputSchema: { type: 'object', properties: { score: { type: 'number' } }, required: ['score'] },
    });
    const wrap = node((_ctx: NodeContext, text: string) => ({ text }), { name: 'wrap' });
    const { events, error } = await failureOf(run(new Workflow({ name: 'wf', edges: [[START, wrap, score]] }), 'long text'));
    expect(error).toBeInstanceOf(NodeError);
    const cause = (error as NodeError).cause as NodeSchemaValidationError;
    expect(cause).toBeInstanceOf(NodeSchemaValidationError);
    expect(cause.message).toMatch(/^Workflow node "score": its output does not match its outputSchema: .*score.*number/);
    expect(events.map(recordingShape).at(-1)).toEqual({ author: 'wf', errorCode: 'NodeSchemaValidationError', errorMessage: cause.message, nodeInfo: { path: 'wf@1/score@1' } });

    const bad = await failureOf(run(new Workflow({ name: 'wf2', edges: [[START, score]] })));
    expect(((bad.error as NodeError).cause as NodeSchemaValidationError).direction).toBe('input');
  });

  it('refuses an output that is not JSON with an error event and a named error; the session stays whole', async () => {
    const { events, error } = await failureOf(run(new Workflow({ name: 'wf', edges: [[START, node(() => new Map([[1, 2]]), { name: 'mapper' })]] })));
    expect((error as NodeError).path).toBe('wf@1/mapper@1');
    expect(((error as NodeError).cause as Error).name).toBe('NonJsonResultError');
    expect(events.map((e) => e.errorCode)).toEqual(['NonJsonResultError']);
  });

  it('fires a running node\'s abortSignal when a sibling fails for good', async () => {
    let aborted = false;
    const waiter = node((ctx: NodeContext) => {
      ctx.abortSignal.addEventListener('abort', () => (aborted = true));
      return NEVER;
    }, { name: 'waiter' });
    const failing = node(() => defer(() => Promise.reject(new Error('down'))), { name: 'failing' });
    const { error } = await failureOf(run(new Workflow({ name: 'wf', edges: [[START, [waiter, failing]]] })));
    expect((error as NodeError).nodeName).toBe('failing');
    expect(aborted).toBe(true);
  });

  it('runs a tool as a node: the input object is its arguments, its result the output', async () => {
    const lookup = new FunctionTool({
      name: 'lookup',
      description: 'Looks up',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      execute: (args: Record<string, unknown>) => ({ id: args['id'], tier: 'gold' }),
    });
    const ask = node((_ctx: NodeContext, id: string) => ({ id }), { name: 'ask' });
    const events = await lastValueFrom(run(new Workflow({ name: 'wf', edges: [[START, ask, lookup]] }), 'c1').pipe(toArray()));
    expect(events.at(-1)!.output).toEqual({ id: 'c1', tier: 'gold' });
    expect(events.at(-1)!.nodeInfo!.path).toBe('wf@1/lookup@1');
  });

  it('does not throttle ctx.runNode children by maxConcurrency', async () => {
    const child = node((_ctx: NodeContext, n: number) => n * 10, { name: 'child' });
    const parent = node((ctx: NodeContext) => ctx.runNode(child, 1), { name: 'parent' });
    const events = await lastValueFrom(run(new Workflow({ name: 'wf', maxConcurrency: 1, edges: [[START, parent]] })).pipe(toArray()));
    expect(events.map((e) => [e.nodeInfo!.path, e.output])).toEqual([['wf@1/parent@1/child@1', 10], ['wf@1/parent@1', 10]]);
  });

  it('resumes an input request made inside a nested workflow: the nested workflow runs again, its finished nodes fast-forwarded', async () => {
    const ran: string[] = [];
    const prepare = node((_ctx: NodeContext, s: string) => (ran.push('prepare'), s), { name: 'prepare' });
    const ask = node(() => (ran.push('ask'), new RequestInput({ interruptId: 'q', message: 'Go on?' })), { name: 'ask' });
    const inner = new Workflow({ name: 'inner', edges: [[START, prepare, ask]] });
    const finish = node((_ctx: NodeContext, a: string) => (ran.push('finish'), `finished with ${a}`), { name: 'finish' });
    const runner = new InMemoryRunner({ agent: new Workflow({ name: 'outer', edges: [[START, inner, finish]] }), autoCreateSession: true });
    await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(toArray()));
    const answer = { role: 'user', parts: [{ functionResponse: { id: 'q', name: 'adk_request_input', response: { result: 'yes' } } }] };
    const events = await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: answer }).pipe(toArray()));
    expect(ran).toEqual(['prepare', 'ask', 'finish']);
    // the nested workflow, whose nodes were all fast-forwarded or answered, records its completion
    expect(events.map((e) => [e.nodeInfo!.path, e.output])).toEqual([['outer@1/inner@1', undefined], ['outer@1/finish@1', 'finished with yes']]);
  });

  it('writes one error event per failed attempt, the path staying @1 (retry recording)', () => {
    class HTTPError extends Error {
      override name = 'HTTPError';
    }
    const randoms = [0.5, 0.5, 0.8];
    testScheduler().run(({ expectObservable }) => {
      const get_weather = node(
        (ctx: NodeContext) => {
          const say = ctx.emit(ctx.createEvent({ content: { role: 'user', parts: [{ text: `Getting weather... attempt ${ctx.attemptCount}` }] } }));
          return concat(say, randoms.shift()! < 0.7 ? throwError(() => new HTTPError('HTTP Error 500: Internal Server Error')) : of('sunny'));
        },
        { name: 'get_weather', retryConfig: { maxAttempts: 5, initialDelay: 1, jitter: 0 } },
      );
      const report = node((ctx: NodeContext, s: string) => ctx.emit(ctx.createEvent({ content: { role: 'user', parts: [{ text: `The weather is ${s}` }] } })), { name: 'report_weather' });
      const shapes = run(new Workflow({ name: 'root_agent', edges: [[START, get_weather, report]] })).pipe(map((e) => JSON.stringify(recordingShape(e))));
      const say = (t: string, path: string) => JSON.stringify({ author: 'root_agent', content: { role: 'user', parts: [{ text: t }] }, nodeInfo: { path } });
      const err = JSON.stringify({ author: 'root_agent', errorCode: 'HTTPError', errorMessage: 'HTTP Error 500: Internal Server Error', nodeInfo: { path: 'root_agent@1/get_weather@1' } });
      expectObservable(shapes).toBe('(ab) 996ms (cd) 1996ms (efg|)', {
        a: say('Getting weather... attempt 1', 'root_agent@1/get_weather@1'),
        b: err,
        c: say('Getting weather... attempt 2', 'root_agent@1/get_weather@1'),
        d: err,
        e: say('Getting weather... attempt 3', 'root_agent@1/get_weather@1'),
        f: JSON.stringify({ author: 'root_agent', nodeInfo: { path: 'root_agent@1/get_weather@1', outputFor: ['root_agent@1/get_weather@1'] }, output: 'sunny' }),
        g: say('The weather is sunny', 'root_agent@1/report_weather@1'),
      });
    });
  });
});

describe('retry delays (ADK\'s formula)', () => {
  it('doubles from initialDelay without jitter, capped at maxDelay', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelaySeconds({ jitter: 0 }, n, () => 0.5))).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('with jitter, caps at maxDelay / (1 + jitter) before moving by up to ± jitter × delay', () => {
    expect(retryDelaySeconds({ jitter: 1 }, 1, () => 0)).toBe(0);
    expect(retryDelaySeconds({ jitter: 1 }, 1, () => 1)).toBe(2);
    expect(retryDelaySeconds({ jitter: 0.5, maxDelay: 3 }, 3, () => 1)).toBe(3);
  });

  it('retries while attempts remain and the error is one of exceptions (by class or name)', () => {
    class Flaky extends Error {}
    expect(shouldRetry(undefined, new Error(), 1)).toBe(false);
    expect(shouldRetry({}, new Error(), 4)).toBe(true);
    expect(shouldRetry({}, new Error(), 5)).toBe(false);
    expect(shouldRetry({ exceptions: [Flaky] }, new Flaky(), 1)).toBe(true);
    expect(shouldRetry({ exceptions: ['Flaky'] }, new TypeError(), 1)).toBe(false);
  });
});
