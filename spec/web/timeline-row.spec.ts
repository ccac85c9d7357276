import type { Event } from '../../lib/events/event.js';
import { eventDetails, timelineRowOf } from '../../web/src/timeline-row.js';

const base = { invocationId: 'e-1', appName: 'a', userId: 'u', sessionId: 's', time: 0 };

describe('timelineRowOf (one line of the event timeline)', () => {
  it('indents like the timing diagram: Runner hooks 0, agent 1, model and tool 2; colours by family', () => {
    const rows = (['beforeRun', 'beforeAgent', 'beforeModel', 'beforeTool', 'onToolError'] as const).map((hook, i) =>
      timelineRowOf({ kind: 'trace', entry: { ...base, seq: i + 1, elapsedMs: 1.25, hook, agent: 'bot', ...(hook === 'onToolError' ? { error: 'bad' } : {}) } }),
    );
    expect(rows.map((r) => [r.label, r.level, r.tone])).toEqual([
      ['beforeRun', 0, 'run'],
      ['beforeAgent', 1, 'agent'],
      ['beforeModel', 2, 'model'],
      ['beforeTool', 2, 'tool'],
      ['onToolError', 2, 'error'],
    ]);
    expect(rows[3]!.meta).toEqual(['#4', 'bot', '+1.3 ms']);
    expect(rows[4]!.details).toEqual(['error: bad']);
  });

  it('names the plugins and counts the agent callbacks of a hook', () => {
    const row = timelineRowOf({ kind: 'trace', entry: { ...base, seq: 9, elapsedMs: 0, hook: 'beforeModel', agent: 'bot', plugins: ['audit', 'cache'], callbacks: 2 } });
    expect(row.meta).toEqual(['#9', 'bot', 'plugins: audit, cache', 'callbacks ×2', '+0.0 ms']);
  });

  it('an event row says who, partial or final, and everything the event carries', () => {
    const event: Event = {
      id: 'ev1', invocationId: 'e-1', author: 'weather_agent', timestamp: 0,
      content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }, { functionResponse: { name: 'get_weather', response: { temp: 23 } } }] },
      actions: { stateDelta: { turns: 1 }, artifactDelta: { 'a.txt': 0 }, requestedToolConfirmations: {}, transferToAgent: 'other' },
    };
    const row = timelineRowOf({ kind: 'event', event });
    expect(row).toMatchObject({ kind: 'event', level: 1, tone: 'event', meta: ['weather_agent', 'final', 'id ev1'] });
    expect(eventDetails(event)).toEqual([
      'functionCall: get_weather({"city":"Paris"})',
      'functionResponse: get_weather → {"temp":23}',
      'stateDelta: {"turns":1}',
      'artifactDelta: {"a.txt":0}',
      'transferToAgent: other',
    ]);
    expect(timelineRowOf({ kind: 'event', event: { ...event, partial: true } }).partial).toBe(true);
  });
});
