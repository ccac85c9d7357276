import { estimateTokenCount, latestPromptTokenCount } from '../../lib/compaction/prompt-token-count.js';
import { compaction, ev } from './support.js';

describe('latestPromptTokenCount / estimateTokenCount', () => {
  it('answers the latest reported promptTokenCount', () => {
    const events = [ev('i1', 1, 'a', 'x', { usageMetadata: { promptTokenCount: 10 } }), ev('i1', 2, 'a', 'y', { usageMetadata: { promptTokenCount: 99 } }), ev('i2', 3, 'user', 'z')];
    expect(latestPromptTokenCount(events)).toBe(99);
  });

  it('answers undefined with no report, or none since the latest compaction', () => {
    expect(latestPromptTokenCount([])).toBeUndefined();
    expect(latestPromptTokenCount([ev('i1', 1, 'a', 'x', { usageMetadata: { promptTokenCount: 10 } }), compaction(1, 1, 's', 2), ev('i2', 3, 'user', 'q')])).toBeUndefined();
  });

  it('estimates text characters / 4, rounded down', () => {
    expect(estimateTokenCount([])).toBe(0);
    expect(estimateTokenCount([{ role: 'user', parts: [{ text: 'abcdefghi' }, { functionCall: { name: 'f' } }] }, { role: 'model', parts: [{ text: 'abc' }] }])).toBe(3);
  });
});
