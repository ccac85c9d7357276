import { HttpError } from '../../lib/server/http-error.js';
import { parseRunRequest } from '../../lib/server/run-request.js';

const base = { app_name: 'app', user_id: 'u1', session_id: 's1' };
const message = { role: 'user', parts: [{ text: 'Hi' }] };

describe('parseRunRequest', () => {
  it('takes ADK\'s invocation_id (or invocationId); newMessage may then be left out', () => {
    expect(parseRunRequest({ ...base, invocation_id: 'e-1' })).toEqual({ appName: 'app', userId: 'u1', sessionId: 's1', invocationId: 'e-1', streaming: false, trace: false });
    expect(parseRunRequest({ ...base, invocationId: 'e-1', new_message: message })).toMatchObject({ invocationId: 'e-1', newMessage: message });
  });

  it('without invocation_id, newMessage is required, as before', () => {
    expect(parseRunRequest({ ...base, new_message: message })).not.toHaveProperty('invocationId');
    expect(() => parseRunRequest(base)).toThrow(/newMessage must be a Content/);
  });

  it('refuses an invocation_id that is not a non-empty string, with a 400', () => {
    for (const invocation_id of ['', 7, {}]) {
      const thrown = (() => {
        try {
          parseRunRequest({ ...base, new_message: message, invocation_id });
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(thrown).toBeInstanceOf(HttpError);
      expect((thrown as HttpError).message).toContain('invocationId must be a non-empty string');
    }
  });
});
