import { concatMap, firstValueFrom, lastValueFrom, map, timer, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { ToolContext } from '../../lib/context/tool-context.js';
import { createConfirmationResponse, getConfirmationRequests, type ConfirmationRequest } from '../../lib/events/confirmation-requests.js';
import type { Event } from '../../lib/events/event.js';
import type { RunConfig } from '../../lib/context/run-config.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import type { Content } from '@google/genai';
import { calls, text, user } from '../support/llm.js';
import { testScheduler } from '../support/test-scheduler.js';

interface Setup {
  runner: Runner;
  model: ScriptedLlm;
  runs: Array<{ days: unknown; confirmation: unknown }>;
  sessions: InMemorySessionService;
}

function setup(script = [calls({ name: 'request_vacation', args: { days: 3 } }), text('Your vacation is approved.')]): Setup {
  const runs: Setup['runs'] = [];
  const vacation = new FunctionTool({
    name: 'request_vacation',
    description: 'Requests days off; a manager must approve.',
    parameters: { type: 'object', properties: { days: { type: 'integer' } }, required: ['days'] },
    execute: ({ days }: Record<string, unknown>, ctx: ToolContext) => {
      if (!ctx.toolConfirmation) {
        ctx.requestConfirmation({ hint: `Approve ${days} days off?`, payload: { days } });
        return { status: 'pending' };
      }
      runs.push({ days, confirmation: ctx.toolConfirmation });
      return ctx.toolConfirmation.confirmed ? { status: 'approved', days } : { status: 'rejected' };
    },
  });
  const model = new ScriptedLlm(script);
  const agent = new LlmAgent({ name: 'hr_agent', model, tools: [vacation] });
  const sessions = new InMemorySessionService();
  sessions.createSession({ appName: 'hr', userId: 'u1', sessionId: 's1' }).subscribe();
  return { runner: new Runner({ appName: 'hr', agent, sessionService: sessions }), model, runs, sessions };
}

function send(runner: Runner, message: Content): Promise<Event[]> {
  return lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: message }).pipe(toArray()));
}

async function ask(s: Setup): Promise<ConfirmationRequest> {
  const events = await send(s.runner, user('I want 3 days off'));
  expect(events.map(simplifyEvent)).toEqual([
    'hr_agent: call request_vacation({"days":3})',
    expect.stringMatching(/^hr_agent: call adk_request_confirmation\(\{"originalFunctionCall":\{"id":"adk-[^"]+","name":"request_vacation","args":\{"days":3\}\},"toolConfirmation":\{"hint":"Approve 3 days off\?","confirmed":false,"payload":\{"days":3\}\}\}\)$/),
    'hr_agent: request_vacation returned {"error":"This tool call requires confirmation, please approve or reject."}',
  ]);
  expect(events[1]!.longRunningToolIds).toEqual([getConfirmationRequests(events[1]!)[0]!.id]);
  expect(Object.keys(events[2]!.actions.requestedToolConfirmations)).toEqual([events[0]!.content!.parts![0]!.functionCall!.id]);
  return getConfirmationRequests(events[1]!)[0]!;
}

describe('tool confirmation over two runAsync calls', () => {
  it('asks, ends the invocation there, and does not call the model again', async () => {
    const s = setup();
    const request = await ask(s);
    expect(s.model.callCount).toBe(1);
    expect(request.originalFunctionCall).toMatchObject({ name: 'request_vacation', args: { days: 3 } });
    expect(request.toolConfirmation).toEqual({ hint: 'Approve 3 days off?', confirmed: false, payload: { days: 3 } });
  });

  it('approve → the tool runs once with confirmed === true and its response precedes the next model answer', async () => {
    const s = setup();
    const request = await ask(s);
    const events = await send(s.runner, createConfirmationResponse(request, { confirmed: true }));
    expect(events.map(simplifyEvent)).toEqual([
      'hr_agent: request_vacation returned {"status":"approved","days":3}',
      'hr_agent: Your vacation is approved.',
    ]);
    expect(s.runs).toEqual([{ days: 3, confirmation: { hint: 'Approve 3 days off?', confirmed: true, payload: { days: 3 } } }]);
    // the model sees the call followed by its real result; the confirmation call and answer are hidden
    expect(s.model.requests[1]!.contents).toEqual([
      user('I want 3 days off'),
      { role: 'model', parts: [{ functionCall: { name: 'request_vacation', args: { days: 3 } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'request_vacation', response: { status: 'approved', days: 3 } } }] },
    ]);
  });

  it('reject → the tool answers its rejection and the model hears it', async () => {
    const s = setup([calls({ name: 'request_vacation', args: { days: 3 } }), text('Sorry, rejected.')]);
    const request = await ask(s);
    const events = await send(s.runner, createConfirmationResponse(request, { confirmed: false }));
    expect(events.map(simplifyEvent)).toEqual(['hr_agent: request_vacation returned {"status":"rejected"}', 'hr_agent: Sorry, rejected.']);
  });

  it('a requireConfirmation tool answers "This tool call is rejected." when rejected, and runs when approved', async () => {
    let deleted = 0;
    const tool = new FunctionTool({ name: 'delete_file', description: 'Deletes a file', requireConfirmation: true, execute: () => ({ deleted: ++deleted }) });
    const model = new ScriptedLlm([calls({ name: 'delete_file', args: {} }), text('Not deleted.'), calls({ name: 'delete_file', args: {} }), text('Deleted.')]);
    const sessions = new InMemorySessionService();
    sessions.createSession({ appName: 'fs', userId: 'u1', sessionId: 's1' }).subscribe();
    const runner = new Runner({ appName: 'fs', agent: new LlmAgent({ name: 'fs_agent', model, tools: [tool] }), sessionService: sessions });
    const first = await send(runner, user('delete it'));
    const rejected = await send(runner, createConfirmationResponse(getConfirmationRequests(first[1]!)[0]!, { confirmed: false }));
    expect(rejected.map(simplifyEvent)[0]).toBe('fs_agent: delete_file returned {"error":"This tool call is rejected."}');
    const second = await send(runner, user('please, delete it'));
    const approved = await send(runner, createConfirmationResponse(getConfirmationRequests(second[1]!)[0]!, { confirmed: true }));
    expect(approved.map(simplifyEvent)).toEqual(['fs_agent: delete_file returned {"deleted":1}', 'fs_agent: Deleted.']);
    expect(deleted).toBe(1);
  });
});

describe('forged and replayed confirmations are refused; the tool never runs', () => {
  async function refused(s: Setup, message: Content) {
    const events = await send(s.runner, message);
    expect(s.runs).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]!.errorCode).toBe('INVALID_CONFIRMATION');
    return events[0]!.errorMessage!;
  }

  it('an unknown id', async () => {
    const s = setup();
    await ask(s);
    expect(await refused(s, createConfirmationResponse({ id: 'adk-forged' }, { confirmed: true }))).toMatch(
      /"adk-forged" was refused: there is no confirmation request with this id/,
    );
    expect(s.model.callCount).toBe(1);
  });

  it('the id of a call that is not a confirmation request (another agent\'s or a regular call)', async () => {
    const s = setup();
    const request = await ask(s);
    expect(await refused(s, createConfirmationResponse({ id: request.originalFunctionCall.id! }, { confirmed: true }))).toMatch(
      /belongs to a call of "request_vacation", not to a confirmation request/,
    );
  });

  it('changed arguments echoed in the answer', async () => {
    const s = setup();
    const request = await ask(s);
    const forged = createConfirmationResponse(request, { confirmed: true });
    forged.parts![0]!.functionResponse!.response!['originalFunctionCall'] = { ...request.originalFunctionCall, args: { days: 30 } };
    expect(await refused(s, forged)).toMatch(/changes the call \(tool or arguments\)/);
  });

  it('a request whose stored call was tampered with (arguments differ from the call the agent made)', async () => {
    const s = setup();
    const request = await ask(s);
    const session = await firstValueFrom(s.sessions.getSession({ appName: 'hr', userId: 'u1', sessionId: 's1' }));
    const stored = session!.events.find((e) => getConfirmationRequests(e).length)!;
    (stored.content!.parts![0]!.functionCall!.args as { originalFunctionCall: { args: unknown } }).originalFunctionCall.args = { days: 30 };
    expect(await refused(s, createConfirmationResponse(request, { confirmed: true }))).toMatch(
      /agent "hr_agent" made no call of "request_vacation" with these arguments/,
    );
  });

  it('a second answer to an already answered request', async () => {
    const s = setup([calls({ name: 'request_vacation', args: { days: 3 } }), text('Approved.'), text('never')]);
    const request = await ask(s);
    await send(s.runner, createConfirmationResponse(request, { confirmed: true }));
    s.runs.length = 0;
    expect(await refused(s, createConfirmationResponse(request, { confirmed: true }))).toMatch(/already answered/);
  });

  it('a request made by another agent', async () => {
    const s = setup();
    const request = await ask(s);
    const session = await firstValueFrom(s.sessions.getSession({ appName: 'hr', userId: 'u1', sessionId: 's1' }));
    session!.events.find((e) => getConfirmationRequests(e).length)!.author = 'payroll_agent';
    // routed to hr_agent through the original call, but the request now claims another author
    const events = await send(s.runner, createConfirmationResponse(request, { confirmed: true }));
    expect(events.map((e) => e.errorMessage)).toEqual([expect.stringMatching(/made by agent "payroll_agent", not by "hr_agent"/)]);
    expect(s.runs).toEqual([]);
  });

  it('an answer without a boolean "confirmed"', async () => {
    const s = setup();
    const request = await ask(s);
    const message = createConfirmationResponse(request, { confirmed: true });
    message.parts![0]!.functionResponse!.response = { approved: 'yes' };
    expect(await refused(s, message)).toMatch(/must be \{confirmed: true \| false, payload\?\}/);
  });
});

describe('resumed confirmed calls share the tool pipeline (maxConcurrentTools, call order)', () => {
  /** Three tools that ask first; once confirmed, `name` answers after `frames` virtual frames. */
  function resumeThree(runConfig: RunConfig, frames: Record<string, number>) {
    const scheduler = testScheduler();
    const starts: string[] = [];
    scheduler.run(({ expectObservable }) => {
      const tool = (name: string) =>
        new FunctionTool({
          name,
          description: name,
          execute: (_args: Record<string, unknown>, ctx: ToolContext) => {
            if (!ctx.toolConfirmation) {
              ctx.requestConfirmation({ hint: `Run ${name}?` });
              return { status: 'pending' };
            }
            starts.push(`${name}@${scheduler.now()}`);
            return timer(frames[name]!).pipe(map(() => ({ name })));
          },
        });
      const model = new ScriptedLlm([calls({ name: 'a', args: {} }, { name: 'b', args: {} }, { name: 'c', args: {} }), text('done')]);
      const agent = new LlmAgent({ name: 'agent', model, tools: [tool('a'), tool('b'), tool('c')] });
      const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
      const ask$ = runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(toArray());
      const resume$ = ask$.pipe(
        concatMap((asked) => runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: approveAll(asked), runConfig })),
        map(simplifyEvent),
      );
      const marble = runConfig.maxConcurrentTools === 1 ? '------(yz|)' : '---(yz|)';
      expectObservable(resume$).toBe(marble, {
        y: 'agent: a returned {"name":"a"} | b returned {"name":"b"} | c returned {"name":"c"}',
        z: 'agent: done',
      });
    });
    return starts;
  }

  function approveAll(asked: Event[]): Content {
    const requests = asked.flatMap((e) => getConfirmationRequests(e));
    expect(requests.map((r) => r.originalFunctionCall.name)).toEqual(['a', 'b', 'c']);
    return { role: 'user', parts: requests.flatMap((r) => createConfirmationResponse(r, { confirmed: true }).parts!) };
  }

  it('maxConcurrentTools: 1 → one at a time, each starting when the previous ends', () => {
    expect(resumeThree({ maxConcurrentTools: 1 }, { a: 3, b: 2, c: 1 })).toEqual(['a@0', 'b@3', 'c@5']);
  });

  it('no limit → all start together; the merged response keeps call order, not completion order', () => {
    expect(resumeThree({}, { a: 3, b: 2, c: 1 })).toEqual(['a@0', 'b@0', 'c@0']);
  });
});
