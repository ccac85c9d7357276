import { canonicalCallIds, replaceCallIds } from '../../lib/conformance/index.js';

const call = (id: string, name: string) => ({ content: { parts: [{ functionCall: { id, name } }] } });

describe('canonicalCallIds', () => {
  it('names each call <name>#<k>, k counting the calls of that name in order', () => {
    const ids = canonicalCallIds([call('fc-1', 'lookup'), { content: { parts: [{ text: 'hi' }] } }, call('fc-2', 'adk_request_input'), call('fc-3', 'lookup'), {}]);
    expect([...ids]).toEqual([['fc-1', 'lookup#1'], ['fc-2', 'adk_request_input#1'], ['fc-3', 'lookup#2']]);
  });

  it('gives two runtimes\' ids the same names when they made the same calls', () => {
    const adk = canonicalCallIds([call('fc-1', 'a'), call('fc-2', 'b')]);
    const rxadk = canonicalCallIds([call('adk-x', 'a'), call('adk-y', 'b')]);
    expect([...adk.values()]).toEqual([...rxadk.values()]);
  });

  it('has nothing for events without calls, and counts a repeated id once', () => {
    expect(canonicalCallIds([])).toEqual(new Map());
    expect([...canonicalCallIds([call('fc-1', 'a'), call('fc-1', 'a')])]).toEqual([['fc-1', 'a#1']]);
  });
});

describe('replaceCallIds', () => {
  const ids = new Map([['fc-2', 'calculate_discount#1'], ['fc-3', 'adk_request_input#1']]);

  it('replaces ids wherever they stand: whole strings, and the run id of a branch or path segment', () => {
    expect(
      replaceCallIds(
        { branch: 'calculate_discount@fc-2', longRunningToolIds: ['fc-3'], args: { interruptId: 'fc-3', message: 'fc-3 is not replaced inside text' }, n: 3 },
        ids,
      ),
    ).toEqual({
      branch: 'calculate_discount@calculate_discount#1',
      longRunningToolIds: ['adk_request_input#1'],
      args: { interruptId: 'adk_request_input#1', message: 'fc-3 is not replaced inside text' },
      n: 3,
    });
  });

  it('leaves other strings and paths alone', () => {
    expect(replaceCallIds({ path: 'wf@1/a@2', text: 'a@b' }, ids)).toEqual({ path: 'wf@1/a@2', text: 'a@b' });
    expect(replaceCallIds('fc-2', new Map())).toBe('fc-2');
  });
});
