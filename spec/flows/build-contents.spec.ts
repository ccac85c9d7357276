import type { Part } from '@google/genai';
import { createEvent, type Event } from '../../lib/events/event.js';
import { buildContents, buildCurrentTurnContents, belongsToBranch } from '../../lib/flows/build-contents.js';

const ev = (author: string, parts: Part[], extra: Partial<Event> = {}) =>
  createEvent({ author, content: { role: author === 'user' ? 'user' : 'model', parts }, ...extra });

describe('buildContents', () => {
  it('keeps the user\'s and the agent\'s own events as they are', () => {
    const events = [ev('user', [{ text: 'hi' }]), ev('me', [{ text: 'hello' }])];
    expect(buildContents(events, 'me', undefined)).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ text: 'hello' }] },
    ]);
  });

  it('re-frames other agents\' messages as ADK does, printing payloads like Python dicts', () => {
    const events = [
      ev('coordinator', [{ functionCall: { id: 'adk-1', name: 'transfer_to_agent', args: { agent_name: 'math_tutor' } } }]),
      createEvent({
        author: 'coordinator',
        content: { role: 'user', parts: [{ functionResponse: { id: 'adk-1', name: 'transfer_to_agent', response: { result: null } } }] },
      }),
      ev('other', [{ text: 'I said this' }, { text: 'hidden thought', thought: true }]),
    ];
    expect(buildContents(events, 'math_tutor', undefined)).toEqual([
      {
        role: 'user',
        parts: [{ text: 'For context:' }, { text: "[coordinator] called tool `transfer_to_agent` with parameters: {'agent_name': 'math_tutor'}" }],
      },
      { role: 'user', parts: [{ text: 'For context:' }, { text: "[coordinator] `transfer_to_agent` tool returned result: {'result': None}" }] },
      { role: 'user', parts: [{ text: 'For context:' }, { text: '[other] said: I said this' }] },
    ]);
  });

  it('leaves out events without content or role, with an empty first text, partial chunks and confirmation calls', () => {
    const events = [
      createEvent({ author: 'me', actions: { stateDelta: { a: 1 } } }),
      createEvent({ author: 'me', content: { parts: [{ text: 'no role' }] } }),
      ev('me', [{ text: '' }]),
      ev('me', [{ text: 'partial' }], { partial: true }),
      ev('me', [{ functionCall: { id: 'c', name: 'adk_request_confirmation', args: {} } }]),
      ev('user', [{ functionResponse: { id: 'c', name: 'adk_request_confirmation', response: { confirmed: true } } }]),
      ev('me', [{ text: 'kept' }]),
    ];
    expect(buildContents(events, 'me', undefined)).toEqual([{ role: 'model', parts: [{ text: 'kept' }] }]);
  });

  it('keeps only the events of the branch and of its ancestors', () => {
    const events = [
      ev('user', [{ text: 'q' }]),
      ev('a', [{ text: 'from a' }], { branch: 'par.a' }),
      ev('b', [{ text: 'from b' }], { branch: 'par.b' }),
      ev('seq', [{ text: 'from parent' }], { branch: 'par' }),
    ];
    expect(buildContents(events, 'a', 'par.a').map((c) => c.parts!.at(-1)!.text)).toEqual(['q', 'from a', '[seq] said: from parent']);
    expect(belongsToBranch('par.ab', ev('x', [{ text: '' }], { branch: 'par.a' }))).toBe(false);
  });

  it('leaves out a tool call\'s own run (its branch <tool>@<call id>): node events and the answers to its input requests', () => {
    const call = { id: 'c1', name: 'discount', args: { tier: 'VIP' } };
    const events = [
      ev('user', [{ text: 'discount?' }]),
      ev('me', [{ functionCall: call }], { longRunningToolIds: ['c1'] }),
      ev('discount', [{ text: 'Checking VIP' }], { branch: 'discount@c1', nodeInfo: { path: 'discount@1' } }),
      ev('discount', [{ functionCall: { id: 'ask', name: 'adk_request_input', args: {} } }], { branch: 'discount@c1.inner@1', nodeInfo: { path: 'discount@1/inner@1' } }),
      ev('user', [{ functionResponse: { id: 'ask', name: 'adk_request_input', response: { text: 'yes' } } }], { branch: 'discount@c1' }),
      ev('me', [{ functionResponse: { id: 'c1', name: 'discount', response: { result: '20%' } } }]),
      ev('user', [{ text: 'thanks' }], { branch: 'words@1' }),
    ];
    expect(buildContents(events, 'me', undefined).map((c) => Object.keys(c.parts![0]!)[0])).toEqual(['text', 'functionCall', 'functionResponse', 'text']);
    // the same history, built one event at a time (the cached prefix), gives the same contents
    let last: unknown;
    for (let i = 1; i <= events.length; i++) last = buildContents(events.slice(0, i), 'me', undefined);
    expect(last).toEqual(buildContents([...events], 'me', undefined));
  });

  it('extends the histories of several agents and branches ending at the same events, each as if built afresh', () => {
    const events: Event[] = [ev('user', [{ text: 'hi' }])];
    const readers: Array<[string, string | undefined]> = [['me', undefined], ['other', undefined], ['me', 'par.me'], ['other', undefined]];
    for (let i = 0; i < 6; i++) {
      events.push(ev(i % 2 ? 'me' : 'other', [{ text: `say ${i}` }], i % 3 ? {} : { branch: 'par.me' }));
      for (const [agent, branch] of readers) {
        expect(buildContents(events, agent, branch)).toEqual(buildContents(events.map((e) => ({ ...e })), agent, branch)); // copies: no cached state
      }
    }
  });

  it('removes framework-generated function-call ids, not the model\'s own', () => {
    const events = [
      ev('me', [{ functionCall: { id: 'adk-123', name: 'f', args: {} } }, { functionCall: { id: 'model-id', name: 'g', args: {} } }]),
    ];
    expect(buildContents(events, 'me', undefined)[0]!.parts).toEqual([
      { functionCall: { name: 'f', args: {} } },
      { functionCall: { id: 'model-id', name: 'g', args: {} } },
    ]);
    expect(events[0]!.content!.parts![0]!.functionCall!.id).toBe('adk-123');
  });

  it('moves a late (long-running) function response next to its call and drops what came between', () => {
    const events = [
      ev('user', [{ text: 'buy' }]),
      ev('me', [{ functionCall: { id: 'lr', name: 'approve', args: {} } }]),
      ev('me', [{ text: 'Waiting for approval.' }]),
      ev('user', [{ text: 'any news?' }]),
      ev('user', [{ functionResponse: { id: 'lr', name: 'approve', response: { status: 'approved' } } }]),
    ];
    expect(buildContents(events, 'me', undefined).map((c) => c.parts![0])).toEqual([
      { text: 'buy' },
      { functionCall: { id: 'lr', name: 'approve', args: {} } },
      { functionResponse: { id: 'lr', name: 'approve', response: { status: 'approved' } } },
    ]);
  });

  it('merges responses of one call event that arrived in separate events', () => {
    const events = [
      ev('me', [{ functionCall: { id: 'a', name: 'fa', args: {} } }, { functionCall: { id: 'b', name: 'fb', args: {} } }]),
      ev('user', [{ functionResponse: { id: 'a', name: 'fa', response: { v: 1 } } }]),
      ev('me', [{ text: 'interim' }]),
      ev('user', [{ functionResponse: { id: 'b', name: 'fb', response: { v: 2 } } }]),
    ];
    const contents = buildContents(events, 'me', undefined);
    expect(contents).toHaveLength(2);
    expect(contents[1]!.parts!.map((p) => p.functionResponse!.id)).toEqual(['a', 'b']);
  });
});

describe('buildCurrentTurnContents', () => {
  it('starts at the latest user message or other agent\'s event', () => {
    const events = [ev('user', [{ text: 'old' }]), ev('me', [{ text: 'old answer' }]), ev('user', [{ text: 'new' }]), ev('me', [{ text: 'thinking' }])];
    expect(buildCurrentTurnContents(events, 'me', undefined).map((c) => c.parts![0]!.text)).toEqual(['new', 'thinking']);
    expect(buildCurrentTurnContents([], 'me', undefined)).toEqual([]);
  });
});

describe('buildContents reuses the previous call\'s history', () => {
  it('gives the same contents as a fresh build, for every prefix of a mixed history', () => {
    const events: Event[] = [];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    let pendingCall: string | undefined;
    for (let i = 0; i < 120; i++) {
      const r = random();
      if (r < 0.25) events.push(ev('user', [{ text: `q${i}` }]));
      else if (r < 0.45) {
        pendingCall = `c${i}`;
        events.push(ev('me', [{ functionCall: { id: pendingCall, name: 'f', args: { i } } }]));
      } else if (r < 0.65 && pendingCall) {
        events.push(createEvent({ author: 'me', content: { role: 'user', parts: [{ functionResponse: { id: pendingCall, name: 'f', response: { i } } }] } }));
        if (random() < 0.5) pendingCall = undefined;
      } else if (r < 0.8) events.push(ev('other', [{ text: `o${i}` }], { branch: random() < 0.5 ? 'par.other' : undefined }));
      else events.push(ev('me', [{ text: `a${i}` }]));
    }
    const fresh = (prefix: Event[]) => buildContents(prefix.map((e) => structuredClone(e)), 'me', 'par.me');
    for (let k = 0; k <= events.length; k++) {
      expect(buildContents(events.slice(0, k), 'me', 'par.me')).toEqual(fresh(events.slice(0, k)));
    }
  });

  it('keeps two histories that branch from one prefix apart, and never changes contents it returned', () => {
    const prefix = [ev('user', [{ text: 'q1' }]), ev('me', [{ text: 'a1' }])];
    const before = buildContents(prefix, 'me', undefined);
    const left = [...prefix, ev('user', [{ text: 'left' }])];
    const right = [...prefix, ev('user', [{ text: 'right' }])];
    const texts = (contents: ReturnType<typeof buildContents>) => contents.map((c) => c.parts![0]!.text);
    expect(texts(buildContents(left, 'me', undefined))).toEqual(['q1', 'a1', 'left']);
    expect(texts(buildContents(right, 'me', undefined))).toEqual(['q1', 'a1', 'right']);
    expect(texts(buildContents([...left, ev('me', [{ text: 'a2' }])], 'me', undefined))).toEqual(['q1', 'a1', 'left', 'a2']);
    expect(texts(before)).toEqual(['q1', 'a1']);
  });

  it('returns a new array each time (callers may change the request)', () => {
    const events = [ev('user', [{ text: 'hi' }])];
    const first = buildContents(events, 'me', undefined);
    first.push({ role: 'user', parts: [{ text: 'mutated' }] });
    expect(buildContents(events, 'me', undefined)).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
  });
});
