import type { Content } from '@google/genai';
import { type Observable, of } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { BaseEventsSummarizer } from '../../lib/compaction/base-events-summarizer.js';
import { createEvent, type Event } from '../../lib/events/event.js';
import type { LlmRequest } from '../../lib/models/llm-request.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';

/** A summarizer that answers with `answer(events)` (an Observable) and records each call. */
export class RecordingSummarizer extends BaseEventsSummarizer {
  readonly calls: Event[][] = [];
  constructor(private readonly answer: (events: readonly Event[], summary: Event) => Observable<Event | undefined> = (_e, s) => of(s)) {
    super();
  }
  maybeSummarizeEvents(events: readonly Event[]): Observable<Event | undefined> {
    this.calls.push([...events]);
    return this.answer(events, summaryOf(events));
  }
}

/** The compaction event an instant summarizer writes: "<n> events: <first text> … <last text>". */
export function summaryOf(events: readonly Event[]): Event {
  const texts = events.map((e) => e.content?.parts?.[0]?.text ?? '').filter(Boolean);
  return createEvent({
    author: 'user',
    invocationId: `summary-${events[0]!.timestamp}-${events[events.length - 1]!.timestamp}`,
    timestamp: events[events.length - 1]!.timestamp,
    actions: {
      compaction: {
        startTimestamp: events[0]!.timestamp,
        endTimestamp: events[events.length - 1]!.timestamp,
        compactedContent: { role: 'model', parts: [{ text: `summary of ${texts.join(', ')}` }] },
      },
    },
  });
}

/** An LlmAgent on a model that answers "a<n>" to its n-th call (n from 1), keeping every request. */
export function echoAgent(name = 'agent'): { agent: LlmAgent; requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  let n = 0;
  const model = new ScriptedLlm(
    Array.from({ length: 200 }, () => (request: LlmRequest) => {
      requests.push(request);
      return { content: { role: 'model', parts: [{ text: `a${++n}` }] } };
    }),
    { recordRequests: false },
  );
  return { agent: new LlmAgent({ name, model, instruction: 'Answer.' }), requests };
}

/** The request's contents as `role:text` lines. */
export function lines(contents: readonly Content[]): string[] {
  return contents.map((c) => `${c.role}:${(c.parts ?? []).map((p) => p.text ?? (p.functionCall ? `call ${p.functionCall.name}` : 'response')).join('|')}`);
}

export const message = (text: string): Content => ({ role: 'user', parts: [{ text }] });
