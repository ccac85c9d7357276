import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { createLlmRequest } from '../../lib/models/llm-request.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { testScheduler } from '../support/test-scheduler.js';
import { text } from '../support/llm.js';

describe('ScriptedLlm', () => {
  it('answers call n with script[n] and records the requests', async () => {
    const model = new ScriptedLlm([text('one'), (request) => text(`you sent ${request.contents.length}`)]);
    const r1 = createLlmRequest({ model: 'x' });
    const r2 = createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'a' }] }] });
    expect(await firstValueFrom(model.generateContent(r1))).toEqual(text('one'));
    expect(await firstValueFrom(model.generateContent(r2))).toEqual(text('you sent 1'));
    expect(model.requests).toEqual([r1, r2]);
  });

  it('is cold: nothing is consumed before subscription', () => {
    const model = new ScriptedLlm([text('one')]);
    model.generateContent(createLlmRequest());
    expect(model.callCount).toBe(0);
  });

  it('streams an array as partial chunks then one aggregate; without streaming only the aggregate', async () => {
    const chunks = [text('Hel'), text('lo')];
    const streamed = await lastValueFrom(new ScriptedLlm([chunks]).generateContent(createLlmRequest(), true).pipe(toArray()));
    expect(streamed.map((r) => [r.partial ?? false, r.content?.parts?.[0]?.text])).toEqual([
      [true, 'Hel'],
      [true, 'lo'],
      [false, 'Hello'],
    ]);
    const whole = await lastValueFrom(new ScriptedLlm([chunks]).generateContent(createLlmRequest(), false).pipe(toArray()));
    expect(whole.map((r) => r.content?.parts?.[0]?.text)).toEqual(['Hello']);
  });

  it('answers with an Observable at its times (marble timing)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const model = new ScriptedLlm([cold('---a|', { a: text('late') })]);
      expectObservable(model.generateContent(createLlmRequest())).toBe('---a|', { a: text('late') });
    });
  });

  it('fails with a scripted Error, and clearly past the end of the script', async () => {
    const model = new ScriptedLlm([new Error('429')]);
    await expect(firstValueFrom(model.generateContent(createLlmRequest()))).rejects.toThrow('429');
    await expect(firstValueFrom(model.generateContent(createLlmRequest()))).rejects.toThrow(
      'ScriptedLlm "scripted" was called 2 times but its script has only 1 answer. Add an answer for call 2.',
    );
  });
});
