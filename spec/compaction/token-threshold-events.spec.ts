import { tokenThresholdEvents } from '../../lib/compaction/token-threshold-events.js';
import { call, compaction, ev, ids, response, turn } from './support.js';

describe('tokenThresholdEvents (ADK Python\'s token-threshold selection)', () => {
  it('keeps the last eventRetentionSize events raw, and needs more than that to compact', () => {
    const events = [...turn('i1', 10), ...turn('i2', 20)];
    expect(tokenThresholdEvents(events, 4)).toEqual([]);
    expect(ids(tokenThresholdEvents(events, 2))).toEqual(['i1-10-user', 'i1-11-agent']);
    expect(ids(tokenThresholdEvents(events, 0))).toEqual(ids(events));
    expect(tokenThresholdEvents([], 0)).toEqual([]);
  });

  it('moves the split earlier so that a kept response keeps its call', () => {
    const events = [ev('i1', 10, 'user', 'q'), ev('i1', 11, 'a', [call('c1')]), ev('i1', 12, 'a', [response('c1')]), ev('i1', 13, 'a', 'done')];
    expect(ids(tokenThresholdEvents(events, 2))).toEqual(['i1-10-user']);
  });

  it('seeds the summary with the latest one (stamped at its start), so the new one replaces it', () => {
    const events = [...turn('i1', 10), compaction(10, 11, 'first summary', 12), ...turn('i2', 20), ...turn('i3', 30)];
    const picked = tokenThresholdEvents(events, 2);
    expect(picked.map((e) => [e.author, e.timestamp, e.content?.parts?.[0]?.text])).toEqual([
      ['model', 10, 'first summary'],
      ['user', 20, 'q i2'],
      ['agent', 21, 'a i2'],
    ]);
  });

  it('leaves out compaction events and events a compaction already covers', () => {
    const events = [...turn('i1', 10), ...turn('i2', 20), compaction(10, 20, 'sum', 22)];
    expect(ids(tokenThresholdEvents(events, 0)).slice(1)).toEqual(['i2-21-agent']);
  });
});

describe('tokenThresholdEvents with events in the same millisecond as the latest compaction', () => {
  it('takes an event stored after the compaction event as a candidate, even when it shares the end timestamp', () => {
    const events = [...turn('i1', 10), compaction(10, 11, 's1', 11), ev('i2', 11, 'user', 'same ms'), ...turn('i3', 20)];
    expect(ids(tokenThresholdEvents(events, 2)).slice(1)).toEqual(['i2-11-user']);
  });
});
