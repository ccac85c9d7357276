import { describe, expect, it } from '@jest/globals';
import { lastValueFrom, of, toArray } from 'rxjs';
import { a2aPartToGenaiPart } from '../../lib/a2a/a2a-part-to-genai-part.js';
import { adkEventToA2aEvents } from '../../lib/a2a/adk-event-to-a2a-events.js';
import { adkEventsToTaskEvents } from '../../lib/a2a/adk-events-to-task-events.js';
import { genaiPartToA2aPart } from '../../lib/a2a/genai-part-to-a2a-part.js';
import { pythonJsonDumps } from '../../lib/a2a/python-json-dumps.js';
import { INITIAL_TASK_RESULT, reduceTaskResult } from '../../lib/a2a/task-result.js';
import { TASK_STATES } from '../../lib/a2a/task-states.js';
import { createEvent } from '../../lib/events/event.js';
import { sequentialIds } from '../../lib/utils/ids.js';

const scope = { appName: 'weather', userId: 'u1', sessionId: 'ctx-1', taskId: 't1', contextId: 'ctx-1' };

describe("conversions (ADK Python's byte format)", () => {
  it('parts: text with thought, files, function call and response as DataParts tagged adk_type, and back', () => {
    const call = genaiPartToA2aPart({ functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'c1' } })!;
    expect(JSON.stringify(call.content?.value)).toBe('{"id":"c1","args":{"city":"Paris"},"name":"get_weather"}');
    expect(call.metadata).toEqual({ adk_type: 'function_call' });
    expect(genaiPartToA2aPart({ text: 'hmm', thought: true })).toMatchObject({ content: { $case: 'text', value: 'hmm' }, metadata: { adk_thought: true } });
    expect(genaiPartToA2aPart({ text: 'plain' })!.metadata).toBeUndefined();
    expect(genaiPartToA2aPart({ fileData: { fileUri: 'gs://b/f.pdf', mimeType: 'application/pdf' } })).toMatchObject({ content: { $case: 'url', value: 'gs://b/f.pdf' }, mediaType: 'application/pdf' });
    expect(genaiPartToA2aPart({})).toBeUndefined();
    for (const part of [
      { functionCall: { id: 'c1', args: { a: 1 }, name: 'f' } },
      { functionResponse: { id: 'c1', name: 'f', response: { ok: true } } },
      { executableCode: { code: 'print(1)', language: 'PYTHON' } },
      { inlineData: { data: Buffer.from('png').toString('base64'), mimeType: 'image/png' } },
      { text: 'think', thought: false },
    ]) {
      expect(a2aPartToGenaiPart(genaiPartToA2aPart(part as never)!)).toEqual(part);
    }
    const untagged = a2aPartToGenaiPart({ content: { $case: 'data', value: { x: 1 } }, metadata: undefined, filename: '', mediaType: '' })!;
    expect(Buffer.from(untagged.inlineData!.data!, 'base64').toString()).toBe('<a2a_datapart_json>{"data":{"x":1},"kind":"data"}</a2a_datapart_json>');
  });

  it('an event: adk_* metadata, long-running calls flagged, input-required and auth-required, errors', () => {
    const base = { id: 'e1', invocationId: 'inv-1', author: 'weather_agent', branch: 'root.weather_agent', customMetadata: { k: 'é' } };
    const asked = createEvent({ ...base, content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'ask', args: {} } }] }, longRunningToolIds: ['c1'] });
    const [update] = adkEventToA2aEvents(asked, scope, sequentialIds('m'));
    expect(update!.status?.state).toBe(TASK_STATES.inputRequired);
    expect(update!.status?.message?.parts[0]?.metadata).toEqual({ adk_type: 'function_call', adk_is_long_running: true });
    expect(update!.metadata).toMatchObject({
      adk_app_name: 'weather', adk_user_id: 'u1', adk_session_id: 'ctx-1', adk_invocation_id: 'inv-1', adk_author: 'weather_agent', adk_event_id: 'e1',
      adk_branch: 'root.weather_agent', adk_custom_metadata: '{"k": "\\u00e9"}', adk_actions: { stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {} },
    });
    const credential = createEvent({ ...base, content: { role: 'model', parts: [{ functionCall: { id: 'c2', name: 'adk_request_credential', args: {} } }] }, longRunningToolIds: ['c2'] });
    expect(adkEventToA2aEvents(credential, scope)[0]!.status?.state).toBe(TASK_STATES.authRequired);
    const plain = createEvent({ ...base, content: { role: 'model', parts: [{ functionCall: { id: 'c3', name: 'f', args: {} } }] } });
    expect(adkEventToA2aEvents(plain, scope)[0]!.status?.state).toBe(TASK_STATES.working);
    const failed = adkEventToA2aEvents(createEvent({ ...base, errorCode: 'SAFETY', errorMessage: 'Blocked.' }), scope);
    expect(failed.map((u) => [u.status?.state, u.metadata?.['adk_error_code'], u.status?.message?.parts[0]?.content?.value])).toEqual([[TASK_STATES.failed, 'SAFETY', 'Blocked.']]);
    expect(adkEventToA2aEvents(createEvent({ author: 'a' }), scope)).toEqual([]);
    expect(pythonJsonDumps({ a: [1, 'x'], b: null })).toBe('{"a": [1, "x"], "b": null}');
  });

  it('task result: failed beats auth-required beats input-required beats working; intermediate updates are sent as working', async () => {
    const upd = (state: number, text: string) => ({ taskId: 't', contextId: 'c', status: { state, message: { parts: [text] } as never, timestamp: '' }, metadata: {} }) as never;
    const states = [TASK_STATES.working, TASK_STATES.inputRequired, TASK_STATES.working, TASK_STATES.authRequired, TASK_STATES.inputRequired];
    const result = states.reduce((acc, state, i) => reduceTaskResult(acc, upd(state, `m${i}`)), INITIAL_TASK_RESULT);
    expect(result).toEqual({ state: TASK_STATES.authRequired, message: { parts: ['m3'] } });
    expect(reduceTaskResult(result, upd(TASK_STATES.failed, 'f')).state).toBe(TASK_STATES.failed);

    const events = [
      createEvent({ author: 'a', partial: true, content: { role: 'model', parts: [{ text: 'Hel' }] } }),
      createEvent({ author: 'a', partial: true, content: { role: 'model', parts: [{ text: 'lo' }] } }),
      createEvent({ author: 'a', content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'ask', args: {} } }] }, longRunningToolIds: ['c1'] }),
    ];
    const out = await lastValueFrom(of(...events).pipe(adkEventsToTaskEvents(scope, sequentialIds('x')), toArray()));
    expect(out.map((e) => (e.kind === 'artifactUpdate' ? ['chunk', e.data.append, e.data.lastChunk] : ['status', e.kind === 'statusUpdate' ? e.data.status?.state : e.kind]))).toEqual([
      ['chunk', false, false],
      ['status', TASK_STATES.working],
      ['chunk', true, true],
      ['status', TASK_STATES.inputRequired],
    ]);
    const empty = await lastValueFrom(of().pipe(adkEventsToTaskEvents(scope), toArray()));
    expect(empty.map((e) => e.kind === 'statusUpdate' && e.data.status?.state)).toEqual([TASK_STATES.completed]);
  });
});
