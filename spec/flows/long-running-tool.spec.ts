import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { LongRunningFunctionTool } from '../../lib/tools/long-running-function-tool.js';
import { calls, text, user } from '../support/llm.js';

describe('long-running tools across turns', () => {
  it('a later user FunctionResponse with the call id continues the conversation; the tool is not re-run', async () => {
    let runs = 0;
    const approval = new LongRunningFunctionTool({
      name: 'ask_manager',
      description: 'Asks a manager to approve a purchase.',
      parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      execute: ({ amount }) => ({ status: 'pending', ticket: `T-${amount}`, run: ++runs }),
    });
    const model = new ScriptedLlm([calls({ name: 'ask_manager', args: { amount: 500 } }), text('I asked your manager.'), text('Approved, ordering now.')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'buyer', model, tools: [approval] }), autoCreateSession: true });
    const first = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('buy a laptop') }).pipe(toArray()));
    const callId = first[0]!.content!.parts![0]!.functionCall!.id!;
    expect(first[0]!.longRunningToolIds).toEqual([callId]);
    expect(first.map(simplifyEvent)).toEqual([
      'buyer: call ask_manager({"amount":500})',
      'buyer: ask_manager returned {"status":"pending","ticket":"T-500","run":1}',
      'buyer: I asked your manager.',
    ]);
    const second = await lastValueFrom(
      runner
        .runAsync({
          userId: 'u',
          sessionId: 's',
          newMessage: { role: 'user', parts: [{ functionResponse: { id: callId, name: 'ask_manager', response: { status: 'approved' } } }] },
        })
        .pipe(toArray()),
    );
    expect(second.map(simplifyEvent)).toEqual(['buyer: Approved, ordering now.']);
    expect(runs).toBe(1);
    // the model sees the final response right after the call (the pending one merged away)
    expect(model.requests[2]!.contents.slice(1, 3)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'ask_manager', args: { amount: 500 } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'ask_manager', response: { status: 'approved' } } }] },
    ]);
  });
});
