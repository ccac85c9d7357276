import { displayNameDelta, displayNameOf } from '../../web/src/session-display-name.js';

describe('session display names (adk-web\'s __session_metadata__)', () => {
  it('reads the name, and nothing from missing, empty or malformed metadata', () => {
    expect(displayNameOf({ state: { __session_metadata__: { displayName: 'Trip' } } })).toBe('Trip');
    expect(displayNameOf({ state: {} })).toBeUndefined();
    expect(displayNameOf({ state: { __session_metadata__: { displayName: '' } } })).toBeUndefined();
    expect(displayNameOf({ state: { __session_metadata__: 'Trip' } })).toBeUndefined();
    expect(displayNameOf({ state: { __session_metadata__: { displayName: 7 } } })).toBeUndefined();
  });

  it('renames keeping the rest of the metadata', () => {
    expect(displayNameDelta({ state: { __session_metadata__: { displayName: 'Old', pinned: true } } }, 'New')).toEqual({ __session_metadata__: { displayName: 'New', pinned: true } });
    expect(displayNameDelta({ state: {} }, 'New')).toEqual({ __session_metadata__: { displayName: 'New' } });
  });
});
