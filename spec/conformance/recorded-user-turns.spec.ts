import { join } from 'node:path';
import { MISSING_OPENING_TEXT, readWorkflowRecording, recordedUserTurns } from '../../lib/conformance/index.js';
import { WORKFLOW_RECORDINGS_DIR } from '../support/recordings.js';

const turnsOf = (sample: string, file: string) => recordedUserTurns(readWorkflowRecording(join(WORKFLOW_RECORDINGS_DIR, sample, 'tests', file)));

describe('recordedUserTurns', () => {
  it('sends every recorded user message in order: the opening text, then the human\'s answers', () => {
    const turns = turnsOf('request_input', 'phone_broke.json');
    expect(turns.map((t) => t.parts![0]!.text ?? t.parts![0]!.functionResponse!.response)).toEqual(['phone broke', { result: 'shorter' }, { result: 'approve' }]);
  });

  it('opens with a stand-in text when the recording lost its opening message', () => {
    const turns = turnsOf('node_as_tool', 'go.json');
    expect(turns).toEqual([
      { role: 'user', parts: [{ text: MISSING_OPENING_TEXT }] },
      { role: 'user', parts: [{ functionResponse: { id: 'fc-3', name: 'adk_request_input', response: { text: 'yes' } } }] },
    ]);
  });
});
