import type { Part } from '@google/genai';
import { createEvent, type Event } from '../../lib/events/event.js';

/** A plain event of invocation `inv` at time `ts`. */
export function ev(inv: string, ts: number, author: string, parts: Part[] | string, extra: Partial<Event> = {}): Event {
  const content = { role: author === 'user' ? 'user' : 'model', parts: typeof parts === 'string' ? [{ text: parts }] : parts };
  return createEvent({ id: `${inv}-${ts}-${author}`, invocationId: inv, timestamp: ts, author, content, ...extra });
}

/** A compaction event covering `[start, end]`, stored at `ts`. */
export function compaction(start: number, end: number, text: string, ts = end, id = `c-${start}-${end}`): Event {
  return createEvent({
    id,
    invocationId: id,
    author: 'user',
    timestamp: ts,
    actions: { compaction: { startTimestamp: start, endTimestamp: end, compactedContent: { role: 'model', parts: [{ text }] } } },
  });
}

/** One simple turn: the user's message and the agent's answer, at `ts` and `ts + 1`. */
export function turn(inv: string, ts: number, agent = 'agent'): Event[] {
  return [ev(inv, ts, 'user', `q ${inv}`), ev(inv, ts + 1, agent, `a ${inv}`)];
}

export const call = (id: string, name = 'tool'): Part => ({ functionCall: { id, name, args: {} } });
export const response = (id: string, name = 'tool'): Part => ({ functionResponse: { id, name, response: { ok: true } } });
export const ids = (events: readonly Event[]) => events.map((e) => e.id);
