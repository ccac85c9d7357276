import { slidingWindowEvents } from '../../lib/compaction/sliding-window-events.js';
import { call, compaction, ev, ids, turn } from './support.js';

/** The invocations of the window, after the seed (the latest compaction's summary) when there is one. */
const invocations = (events: ReturnType<typeof slidingWindowEvents>) => [...new Set(withoutSeed(events).map((e) => e.invocationId))];
const withoutSeed = (events: ReturnType<typeof slidingWindowEvents>) => (events[0]?.id.startsWith('c-') ? events.slice(1) : events);
/** The seed: author, text and timestamp of the first event. */
const seedOf = (events: ReturnType<typeof slidingWindowEvents>) => [events[0]!.author, events[0]!.content?.parts?.[0]?.text, events[0]!.timestamp];

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

  it("folds the latest compaction in: its summary goes first, stamped at the start of its range, so the next summary's range contains it", () => {
    const window = { compactionInterval: 2, overlapSize: 1 };
    const events = [...turn('i1', 10), ...turn('i2', 20), compaction(10, 21, 's12', 22), ...turn('i3', 30), ...turn('i4', 40)];
    const picked = slidingWindowEvents(events, window);
    expect(seedOf(picked)).toEqual(['model', 's12', 10]);
    expect(ids(picked)).toEqual(['c-10-21', 'i2-20-user', 'i2-21-agent', 'i3-30-user', 'i3-31-agent', 'i4-40-user', 'i4-41-agent']);
    // the summary the first compaction made has no seed
    expect(ids(slidingWindowEvents([...turn('i1', 10), ...turn('i2', 20)], window))).toEqual(['i1-10-user', 'i1-11-agent', 'i2-20-user', 'i2-21-agent']);
    // nothing due: no seed alone either
    expect(slidingWindowEvents([...turn('i1', 10), ...turn('i2', 20), compaction(10, 21, 's12', 22), ...turn('i3', 30)], window)).toEqual([]);
  });

  it('the seed is the latest compaction (a rolling summary of summaries), not an older one', () => {
    const events = [...turn('i1', 10), compaction(10, 11, 's1', 12), ...turn('i2', 20), compaction(10, 21, 's1+2', 22), ...turn('i3', 30)];
    expect(seedOf(slidingWindowEvents(events, { compactionInterval: 1, overlapSize: 0 }))).toEqual(['model', 's1+2', 10]);
  });

  it('covers every new invocation when more than the interval are new, and no overlap with overlapSize 0', () => {
    const events = [...turn('i1', 10), compaction(10, 11, 's1', 12), ...turn('i2', 20), ...turn('i3', 30), ...turn('i4', 40)];
    expect(invocations(slidingWindowEvents(events, { compactionInterval: 2, overlapSize: 0 }))).toEqual(['i2', 'i3', 'i4']);
    expect(invocations(slidingWindowEvents(events, { compactionInterval: 2, overlapSize: 5 }))).toEqual(['i1', 'i2', 'i3', 'i4']);
  });

  it('counts an invocation interrupted by a compaction event once, and its events together', () => {
    const events = [ev('i1', 10, 'user', 'q'), compaction(1, 5, 'old', 11), ev('i1', 12, 'agent', 'a'), ...turn('i2', 20)];
    expect(ids(withoutSeed(slidingWindowEvents(events, { compactionInterval: 2, overlapSize: 0 })))).toEqual(['i1-10-user', 'i1-12-agent', 'i2-20-user', 'i2-21-agent']);
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
