import type { LlmResponse } from '../../lib/index.js';
import { FunctionTool, InMemoryRunner, LlmAgent } from '../../lib/index.js';
import { terminalChat } from '../../lib/cli/terminal/terminal-chat.js';
import { ScriptedLlm, type ScriptEntry } from '../../lib/testing/index.js';
import { fakeTerminal } from './support/fake-terminal.js';

const say = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] } });
const call = (name: string, args: Record<string, unknown> = {}): LlmResponse => ({
  content: { role: 'model', parts: [{ functionCall: { name, args } }] },
});

/** A chat on a fresh in-memory runner; `done` tells whether the loop has ended. */
function startChat(script: ScriptEntry[], tools: FunctionTool<never>[] = []) {
  const model = new ScriptedLlm(script);
  const agent = new LlmAgent({ name: 'helper', model, tools, beforeAgentCallback: (ctx) => void ctx.state.set('turns', (ctx.state.get<number>('turns') ?? 0) + 1) });
  const runner = new InMemoryRunner({ agent, appName: 'chat_test', autoCreateSession: true });
  const terminal = fakeTerminal();
  const status = { done: false, error: undefined as unknown };
  terminalChat({ runner, userId: 'u', sessionId: 's', io: terminal.io }).subscribe({
    error: (error: unknown) => void (status.error = error),
    complete: () => void (status.done = true),
  });
  return { terminal, model, status };
}

describe('terminalChat (the rxadk run loop)', () => {
  it('streams partial text as it arrives and ends the line without printing the final text twice', () => {
    const { terminal, status } = startChat([[say('It is '), say('sunny '), say('in Paris.')]]);
    terminal.lines.next('Weather?');
    terminal.lines.complete();
    expect(status).toEqual({ done: true, error: undefined });
    expect(terminal.writes).toEqual(['you> ', 'Weather?\n', 'helper> It is ', 'sunny ', 'in Paris.', '\n', 'you> ', '\n']);
  });

  it('prints tool calls and results on one line each', () => {
    const getWeather = new FunctionTool<{ city: string }>({ name: 'get_weather', description: 'weather', execute: ({ city }) => ({ city, sky: 'sunny' }) });
    const { terminal } = startChat([call('get_weather', { city: 'Paris' }), say('Sunny.')], [getWeather as FunctionTool<never>]);
    terminal.lines.next('Weather in Paris?');
    terminal.lines.complete();
    expect(terminal.output()).toBe(
      'you> Weather in Paris?\n' +
        '  → get_weather({"city":"Paris"})\n' +
        '  ← get_weather: {"city":"Paris","sky":"sunny"}\n' +
        'helper> Sunny.\n' +
        'you> \n',
    );
  });

  it('asks "Approve …? [y/n]" for a confirmation request, re-asks on a bad answer, and sends "y" as the confirmation', () => {
    const runs: unknown[] = [];
    const deleteFile = new FunctionTool<{ path: string }>({
      name: 'delete_file',
      description: 'Deletes a file.',
      requireConfirmation: true,
      execute: ({ path }, ctx) => (runs.push(ctx.toolConfirmation), { deleted: path }),
    });
    const { terminal, model } = startChat([call('delete_file', { path: 'a.txt' }), say('Deleted.')], [deleteFile as FunctionTool<never>]);
    terminal.lines.next('Delete a.txt');
    terminal.lines.next('perhaps');
    terminal.lines.next('y');
    terminal.lines.complete();
    expect(terminal.output()).toBe(
      'you> Delete a.txt\n' +
        '  → delete_file({"path":"a.txt"})\n' +
        '  ← delete_file: waiting for your confirmation\n' +
        'Approve delete_file({"path":"a.txt"})? [y/n] perhaps\n' +
        'Please answer y or n.\n' +
        'Approve delete_file({"path":"a.txt"})? [y/n] y\n' +
        '  ← delete_file: {"deleted":"a.txt"}\n' +
        'helper> Deleted.\n' +
        'you> \n',
    );
    expect(runs).toEqual([expect.objectContaining({ confirmed: true })]);
    const answer = model.requests[1]!.contents.at(-1)!;
    expect(answer.parts?.[0]?.functionResponse).toMatchObject({ name: 'delete_file', response: { deleted: 'a.txt' } });
  });

  it('sends "n" as a rejection: the tool never runs', () => {
    let ran = false;
    const deleteFile = new FunctionTool({ name: 'delete_file', description: 'Deletes.', requireConfirmation: true, execute: () => ((ran = true), {}) });
    const { terminal } = startChat([call('delete_file'), say('Kept it.')], [deleteFile]);
    terminal.lines.next('Delete it');
    terminal.lines.next('n');
    terminal.lines.complete();
    expect(ran).toBe(false);
    expect(terminal.output()).toContain('[y/n] n\n  ← delete_file: {"error":"This tool call is rejected."}\nhelper> Kept it.\n');
  });

  it('asks once per request when a model response needs two confirmations, then sends both answers in one message', () => {
    const seen: Array<{ path: string; confirmed: boolean | undefined }> = [];
    const remove = new FunctionTool<{ path: string }>({
      name: 'remove',
      description: 'Removes.',
      requireConfirmation: true,
      execute: ({ path }, ctx) => (seen.push({ path, confirmed: ctx.toolConfirmation?.confirmed }), { removed: path }),
    });
    const both: LlmResponse = {
      content: { role: 'model', parts: [{ functionCall: { name: 'remove', args: { path: 'a' } } }, { functionCall: { name: 'remove', args: { path: 'b' } } }] },
    };
    const { terminal, model } = startChat([both, say('Removed a, kept b.')], [remove as FunctionTool<never>]);
    terminal.lines.next('Remove a and b');
    terminal.lines.next('y');
    terminal.lines.next('n');
    terminal.lines.complete();
    const out = terminal.output();
    expect(out).toContain('Approve remove({"path":"a"})? [y/n] y\nApprove remove({"path":"b"})? [y/n] n\n');
    expect(seen).toEqual([{ path: 'a', confirmed: true }]);
    expect(out).toContain('  ← remove: {"removed":"a"}\n  ← remove: {"error":"This tool call is rejected."}\nhelper> Removed a, kept b.\n');
    expect(model.callCount).toBe(2);
  });

  it('/state prints the session state, /events the stored events, an unknown command the help', () => {
    const { terminal } = startChat([say('Hi!')]);
    terminal.lines.next('Hello');
    terminal.lines.next('/state');
    terminal.lines.next('/events');
    terminal.lines.next('/nope');
    terminal.lines.complete();
    const out = terminal.output();
    expect(out).toContain('you> /state\n{\n  "turns": 1\n}\nyou> ');
    expect(out).toContain('you> /events\n  1. user: Hello\n  2. helper: state {"turns":1}\n  3. helper: Hi!\nyou> ');
    expect(out).toMatch(/you> \/nope\nUnknown command \/nope\.\nCommands:\n {2}\/state/);
  });

  it('stops at /exit and leaves later lines unread', () => {
    const { terminal, model, status } = startChat([say('One.'), say('Two.')]);
    terminal.lines.next('first');
    terminal.lines.next('/exit');
    expect(status.done).toBe(true);
    terminal.lines.next('second');
    expect(model.callCount).toBe(1);
    expect(terminal.output()).not.toContain('second');
  });

  it('Ctrl+C during a turn unsubscribes it (the tool sees its abort signal) and the chat goes on; Ctrl+C when idle quits', () => {
    let aborted = false;
    const wait = new FunctionTool({
      name: 'wait_forever',
      description: 'Never ends.',
      execute: (_args, ctx) => {
        ctx.abortSignal.addEventListener('abort', () => void (aborted = true));
        return new Promise(() => undefined);
      },
    });
    const { terminal, status } = startChat([call('wait_forever'), say('Back.')], [wait]);
    terminal.lines.next('Wait');
    expect(terminal.output()).toMatch(/→ wait_forever\(\{\}\)\n$/);
    terminal.interrupts.next();
    expect(aborted).toBe(true);
    expect(status.done).toBe(false);
    terminal.lines.next('Again');
    terminal.interrupts.next();
    expect(status.done).toBe(true);
    // the next turn first answers the call the cancelled turn left open (whole turns)
    expect(terminal.output()).toBe(
      'you> Wait\n  → wait_forever({})\n(cancelled)\nyou> Again\n' +
        '  ← wait_forever: {"error":"The call was interrupted before it finished."}\nhelper> Back.\nyou> \n',
    );
  });

  it('prints a failed turn as an error and keeps chatting', () => {
    const { terminal, status } = startChat([new Error('the model is down'), say('Up again.')]);
    terminal.lines.next('Hello?');
    terminal.lines.next('Hello again');
    terminal.lines.complete();
    expect(status).toEqual({ done: true, error: undefined });
    expect(terminal.output()).toBe('you> Hello?\nerror: Model "scripted" failed: the model is down\nyou> Hello again\nhelper> Up again.\nyou> \n');
  });
});
