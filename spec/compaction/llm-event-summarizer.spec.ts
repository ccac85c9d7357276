import { lastValueFrom, toArray } from 'rxjs';
import { CompactionConfigError } from '../../lib/compaction/compaction-config-error.js';
import { LlmEventSummarizer } from '../../lib/compaction/llm-event-summarizer.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { ev } from './support.js';

const events = [ev('i1', 100, 'user', 'Book a flight to Paris'), ev('i1', 105, 'agent', [{ text: 'Booked.' }, { functionCall: { name: 'f' } }]), ev('i1', 109, 'agent', [{ text: 'Anything else?' }])];

describe('LlmEventSummarizer', () => {
  it('asks the model once, with the events as author: text lines, and returns a compaction event authored user', async () => {
    const llm = new ScriptedLlm([{ content: { role: 'assistant', parts: [{ text: 'User booked Paris.' }] }, usageMetadata: { promptTokenCount: 42 } }], { model: 'summariser' });
    const [event] = await lastValueFrom(new LlmEventSummarizer({ llm, promptTemplate: 'Summarise:\n{conversation_history}' }).maybeSummarizeEvents(events).pipe(toArray()));
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.model).toBe('summariser');
    expect(llm.requests[0]!.contents).toEqual([{ role: 'user', parts: [{ text: 'Summarise:\nuser: Book a flight to Paris\nagent: Booked.\nagent: Anything else?' }] }]);
    expect(event).toMatchObject({
      author: 'user',
      usageMetadata: { promptTokenCount: 42 },
      actions: { compaction: { startTimestamp: 100, endTimestamp: 109, compactedContent: { role: 'model', parts: [{ text: 'User booked Paris.' }] } } },
    });
    expect(event!.invocationId).toMatch(/^e-/);
  });

  it('uses ADK\'s default prompt, and answers undefined for no events or a response without content', async () => {
    const llm = new ScriptedLlm([{ content: undefined }, { content: { role: 'model', parts: [{ text: 's' }] } }]);
    const summarizer = new LlmEventSummarizer({ llm });
    expect(await lastValueFrom(summarizer.maybeSummarizeEvents([]))).toBeUndefined();
    expect(await lastValueFrom(summarizer.maybeSummarizeEvents(events), { defaultValue: 'nothing' })).toBe('nothing');
    expect(llm.requests[0]!.contents[0]!.parts![0]!.text).toMatch(/^The following is a conversation history between a user and an AI agent\./);
  });

  it('without a model: the default one given by withDefaultLlm, else a CompactionConfigError', async () => {
    await expect(lastValueFrom(new LlmEventSummarizer().maybeSummarizeEvents(events))).rejects.toBeInstanceOf(CompactionConfigError);
    const fallback = new ScriptedLlm([{ content: { role: 'model', parts: [{ text: 'fallback' }] } }]);
    const summary = await lastValueFrom(new LlmEventSummarizer().withDefaultLlm(() => fallback).maybeSummarizeEvents(events));
    expect(summary!.actions.compaction!.compactedContent.parts![0]!.text).toBe('fallback');
    const own = new ScriptedLlm([{ content: { role: 'model', parts: [{ text: 'own' }] } }]);
    const ownSummary = await lastValueFrom(new LlmEventSummarizer({ llm: own }).withDefaultLlm(() => fallback).maybeSummarizeEvents(events));
    expect(ownSummary!.actions.compaction!.compactedContent.parts![0]!.text).toBe('own');
  });
});
