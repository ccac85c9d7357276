import { concatMap, lastValueFrom, map, range, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { AppRunners } from '../../lib/server/app-runners.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { runWithTrace } from '../../lib/server/run-with-trace.js';
import { DEFAULT_SPAN_LIMIT } from '../../lib/server/span-store.js';
import { DEFAULT_TRACE_ENTRY_LIMIT } from '../../lib/server/trace-recorder.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';

// The heap figure (bench/dev-server-memory.ts, `npm run bench`) lives in the bench; this test holds
// the bound itself: the same 20,000 turns over 2,000 sessions, as `rxadk web` runs them.
describe('the dev server\'s traces over 20,000 turns in 2,000 sessions (AppRunners, the trace plugin, recorded spans)', () => {
  it('keep within their default bounds; the most recently used sessions keep their latest turn whole', async () => {
    const getWeather = new FunctionTool<{ city: string }>({ name: 'get_weather', description: 'Weather.', execute: ({ city }) => ({ city, weather: 'sunny' }) });
    const turn: LlmResponse[] = [
      { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] } },
      { content: { role: 'model', parts: [{ text: 'It is sunny.' }] } },
    ];
    const model = new ScriptedLlm(Array.from({ length: 40_000 }, (_, call) => turn[call % 2]!));
    const agent = new LlmAgent({ name: 'weather_agent', model, tools: [getWeather] });
    const sessionService = new InMemorySessionService();
    const runners = new AppRunners({ apps: appSourceOf([{ name: 'weather', rootAgent: agent, plugins: [] }]), sessionService });
    const runner = await lastValueFrom(runners.runnerFor('weather'));
    const ids = await lastValueFrom(range(0, 2_000).pipe(concatMap(() => sessionService.createSession({ appName: 'weather', userId: 'u' })), map((s) => s.id), toArray()));
    await lastValueFrom(
      range(0, 20_000).pipe(
        concatMap((i) =>
          runWithTrace(runner, runners.recorder, { appName: 'weather', userId: 'u', sessionId: ids[i % 2_000]!, newMessage: { role: 'user', parts: [{ text: 'Weather?' }] }, streaming: false, trace: false }),
        ),
      ),
      { defaultValue: undefined },
    );
    expect(runners.recorder.size).toBeLessThanOrEqual(DEFAULT_TRACE_ENTRY_LIMIT);
    expect(runners.recorder.size).toBeGreaterThan(DEFAULT_TRACE_ENTRY_LIMIT * 0.9);
    expect(runners.spans.size).toBeLessThanOrEqual(DEFAULT_SPAN_LIMIT);
    // Round robin: a session's previous turn is 2,000 turns old, so each kept session holds its last turn.
    const latest = { appName: 'weather', userId: 'u', sessionId: ids[1_999]! };
    const hooks = runners.recorder.tracesOf(latest).map((e) => e.hook);
    expect([hooks[0], hooks.at(-1), hooks.filter((h) => h === 'beforeRun').length]).toEqual(['onUserMessage', 'afterRun', 1]);
    expect(runners.spans.sessionSpans(latest.sessionId).map((s) => s.name).sort()).toEqual(['call_llm', 'call_llm', 'execute_tool get_weather', 'invocation', 'invoke_agent weather_agent']);
    expect(runners.recorder.tracesOf({ ...latest, sessionId: ids[0]! })).toEqual([]);
  }, 120_000);
});
