import { slidingWindowEvents } from '../../lib/compaction/sliding-window-events.js';
import { call, compaction, ev, ids, turn } from './support.js';

const invocations = (events: ReturnType<typeof slidingWindowEvents>) => [...new Set(events.map((e) => e.invocationId))];

describe('slidingWindowEvents (ADK Python\'s sliding window, counted in invocations)', () => {
  it('waits for compactionInterval new invocations', () => {
    expect(slidingWindowEvents([], { compactionInterval: 2, overlapSize: 1 })).toEqual([]);
    expect(slidingWindowEvents(turn('i1', 10), { compactionInterval: 2, overlapSize: 1 })).toEqual([]);
    const two = [...turn('i1', 10), ...turn('i2', 20)];
    expect(invocations(slidingWindowEvents(two, { compactionInterval: 2, overlapSize: 1 }))).toEqual(['i1', 'i2']);
  });

  it('follows ADK\'s example: interval 2, overlap 1 → [1,2], nothing after 3, then [2,4]', () => {
    const window = { compactionInterval: 2, overlapSize: 1 };
    const events = [...turn('i1', 10), ...turn('i2', 20), compaction(10, 21, 's12', 22), ...turn('i3', 30)];
    expect(slidingWindowEvents(events, window)).toEqual([]);
    events.push(...turn('i4', 40));
    expect(invocations(slidingWindowEvents(events, window))).toEqual(['i2', 'i3', 'i4']);
    expect(slidingWindowEvents(events, window).some((e) => e.actions.compaction)).toBe(false);
  });

  it('covers every new invocation when more than the interval are new, and no overlap with overlapSize 0', () => {
    const events = [...turn('i1', 10), compaction(10, 11, 's1', 12), ...turn('i2', 20), ...turn('i3', 30), ...turn('i4', 40)];
    expect(invocations(slidingWindowEvents(events, { compactionInterval: 2, overlapSize: 0 }))).toEqual(['i2', 'i3', 'i4']);
    expect(invocations(slidingWindowEvents(events, { compactionInterval: 2, overlapSize: 5 }))).toEqual(['i1', 'i2', 'i3', 'i4']);
  });

  it('counts an invocation interrupted by a compaction event once, and its events together', () => {
    const events = [ev('i1', 10, 'user', 'q'), compaction(1, 5, 'old', 11), ev('i1', 12, 'agent', 'a'), ...turn('i2', 20)];
    expect(ids(slidingWindowEvents(events, { compactionInterval: 2, overlapSize: 0 }))).toEqual(['i1-10-user', 'i1-12-agent', 'i2-20-user', 'i2-21-agent']);
  });

  it('never compacts a pending call, nor what follows it', () => {
    const events = [...turn('i1', 10), ev('i2', 20, 'user', 'go'), ev('i2', 21, 'agent', [call('lr')], { longRunningToolIds: ['lr'] }), ...turn('i3', 30)];
    expect(ids(slidingWindowEvents(events, { compactionInterval: 2, overlapSize: 0 }))).toEqual(['i1-10-user', 'i1-11-agent', 'i2-20-user']);
  });
});

describe('slidingWindowEvents with invocations in the same millisecond as the latest compaction', () => {
  it('counts an invocation stored after the compaction event as new, even when it shares the end timestamp', () => {
    const events = [...turn('i1', 10), compaction(10, 11, 's1', 11), ev('i2', 11, 'user', 'same ms'), ev('i2', 11, 'agent', 'a'), ...turn('i3', 20)];
    expect(invocations(slidingWindowEvents(events, { compactionInterval: 2, overlapSize: 0 }))).toEqual(['i2', 'i3']);
  });
});
