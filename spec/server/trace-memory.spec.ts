import { concatMap, lastValueFrom, map, range, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { AppRunners } from '../../lib/server/app-runners.js';
import { appSourceOf } from '../../lib/server/app-source.js';
import { runWithTrace } from '../../lib/server/run-with-trace.js';
import { TraceStore } from '../../lib/server/trace-store.js';
import { DEFAULT_TRACE_CHAR_LIMIT, DEFAULT_TRACE_RECORD_LIMIT } from '../../lib/server/trace-store-options.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';

// The heap figure (bench/dev-server-memory.ts, `npm run bench`) lives in the bench; this test holds
// the bound itself, as `rxadk web` runs turns. It is a soak test: with RXADK_SOAK=1 (the soak step),
// 20,000 turns over 2,000 sessions against the default bounds; without (`npm test`), a fortieth of
// each: 500 turns over 50 sessions against a fortieth of the default bounds — the same proportions,
// so the bound is crossed just as often per session and evicts just the same way.
const SOAK = process.env['RXADK_SOAK'] === '1';
const SCALE = SOAK ? 1 : 40;
const TURNS = 20_000 / SCALE;
const SESSIONS = 2_000 / SCALE;
const MAX_RECORDS = DEFAULT_TRACE_RECORD_LIMIT / SCALE;
const MAX_CHARS = DEFAULT_TRACE_CHAR_LIMIT / SCALE;

describe(`the dev server's traces over ${TURNS} turns in ${SESSIONS} sessions (AppRunners, the trace plugin, recorded spans, one trace store)`, () => {
  it(`keep within ${SOAK ? 'their default bounds' : 'a fortieth of their default bounds'}; the most recently used sessions keep their latest turn whole`, async () => {
    const getWeather = new FunctionTool<{ city: string }>({ name: 'get_weather', description: 'Weather.', execute: ({ city }) => ({ city, weather: 'sunny' }) });
    const turn: LlmResponse[] = [
      { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] } },
      { content: { role: 'model', parts: [{ text: 'It is sunny.' }] } },
    ];
    const model = new ScriptedLlm(Array.from({ length: 2 * TURNS }, (_, call) => turn[call % 2]!));
    const agent = new LlmAgent({ name: 'weather_agent', model, tools: [getWeather] });
    const sessionService = new InMemorySessionService();
    const apps = appSourceOf([{ name: 'weather', rootAgent: agent, plugins: [] }]);
    // The soak runs the store AppRunners makes by default; the short run a store with a fortieth of its bounds.
    const runners = new AppRunners(SOAK ? { apps, sessionService } : { apps, sessionService, traces: new TraceStore({ maxRecords: MAX_RECORDS, maxChars: MAX_CHARS }) });
    const runner = await lastValueFrom(runners.runnerFor('weather'));
    const ids = await lastValueFrom(range(0, SESSIONS).pipe(concatMap(() => sessionService.createSession({ appName: 'weather', userId: 'u' })), map((s) => s.id), toArray()));
    await lastValueFrom(
      range(0, TURNS).pipe(
        concatMap((i) =>
          runWithTrace(runner, runners.traces, { appName: 'weather', userId: 'u', sessionId: ids[i % SESSIONS]!, newMessage: { role: 'user', parts: [{ text: 'Weather?' }] }, streaming: false, trace: false }),
        ),
      ),
      { defaultValue: undefined },
    );
    const { size, chars } = runners.traces;
    expect(size).toBeLessThanOrEqual(MAX_RECORDS);
    expect(chars).toBeLessThanOrEqual(MAX_CHARS);
    // The store fills up to a bound (it evicts at the bound, not long before it).
    expect(size > MAX_RECORDS * 0.9 || chars > MAX_CHARS * 0.9).toBe(true);
    // Round robin: a session's previous turn is SESSIONS turns old, more than the bounds hold, so each kept session holds its last turn.
    const latest = { appName: 'weather', userId: 'u', sessionId: ids[SESSIONS - 1]! };
    const hooks = runners.traces.tracesOf(latest).map((e) => e.hook);
    expect([hooks[0], hooks.at(-1), hooks.filter((h) => h === 'beforeRun').length]).toEqual(['onUserMessage', 'afterRun', 1]);
    expect(runners.traces.sessionSpans(latest.sessionId).map((s) => s.name).sort()).toEqual(['call_llm', 'call_llm', 'execute_tool get_weather', 'invocation', 'invoke_agent weather_agent']);
    expect(runners.traces.tracesOf({ ...latest, sessionId: ids[0]! })).toEqual([]);
    expect(runners.traces.sessionSpans(ids[0]!)).toEqual([]);
  }, 120_000);
});
