import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findWorkflowRecordings, isWorkflowRecording, readWorkflowRecording, WorkflowRecordingError } from '../../lib/conformance/index.js';
import { WORKFLOW_RECORDINGS_DIR } from '../support/recordings.js';

const read = (sample: string, file: string) => readWorkflowRecording(join(WORKFLOW_RECORDINGS_DIR, sample, 'tests', file));

describe('readWorkflowRecording', () => {
  it('reads a recording: id <sample>/<name>, app, user, session id, events, state, mocks, in order', () => {
    const recording = read('loop_self', '3.json');
    expect(recording).toMatchObject({ id: 'loop_self/3', appName: 'loop_self', userId: 'user', sessionId: '1f627a81-1341-43b7-b971-c8809ff8f6d1', chronological: true });
    expect(recording.events).toHaveLength(12);
    expect(recording.state).toEqual({ __session_metadata__: { displayName: '3' }, target_number: 3 });
    expect(recording.mocks).toEqual({ 'random.randint': [10, 1, 0, 4, 3] });
  });

  it('fills what a recording of events only lacks: the app from its folder, user "user", no state, no mocks', () => {
    expect(read('request_input', 'phone_broke_reject.json')).toMatchObject({
      id: 'request_input/phone_broke_reject', appName: 'request_input', userId: 'user', sessionId: undefined, state: undefined, mocks: {},
    });
  });

  it('a recording whose events carry no ids is not chronological', () => {
    expect(read('node_as_tool', 'go.json').chronological).toBe(false);
  });

  describe('a file that is not a recording', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'rxadk-wf-recording-'));
      mkdirSync(join(dir, 'sample', 'tests'), { recursive: true });
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const failure = (text: string): WorkflowRecordingError => {
      const file = join(dir, 'sample', 'tests', 'x.json');
      writeFileSync(file, text);
      try {
        readWorkflowRecording(file);
      } catch (error) {
        expect(error).toBeInstanceOf(WorkflowRecordingError);
        expect((error as WorkflowRecordingError).file).toBe(file);
        return error as WorkflowRecordingError;
      }
      throw new Error('no error');
    };

    it('is a WorkflowRecordingError naming the file and the problem', () => {
      expect(failure('{"events": [').message).toMatch(/x\.json: not readable JSON \(/);
      expect(failure('{"recordings": []}').message).toMatch(/x\.json: "events" must be an array of events$/);
      expect(failure('{"events": [1]}').message).toMatch(/"events" must be an array of events$/);
      expect(failure('{"events": [], "mocks": {"random.random": 0.5}}').message).toMatch(/x\.json: "mocks" must map function names to lists of values$/);
    });
  });
});

describe('isWorkflowRecording', () => {
  it('is an object with an array of event objects', () => {
    expect(isWorkflowRecording({ events: [] })).toBe(true);
    expect(isWorkflowRecording({ appName: 'a', events: [{ author: 'user' }] })).toBe(true);
    expect(isWorkflowRecording({ events: [null] })).toBe(false);
    expect(isWorkflowRecording([])).toBe(false);
    expect(isWorkflowRecording(null)).toBe(false);
  });
});

describe('findWorkflowRecordings', () => {
  it('lists <sample>/tests/*.json, sorted', () => {
    const found = findWorkflowRecordings(WORKFLOW_RECORDINGS_DIR).map((file) => file.slice(WORKFLOW_RECORDINGS_DIR.length + 1));
    expect(found.slice(0, 2)).toEqual([join('fan_out_fan_in', 'tests', 'go.json'), join('loop_self', 'tests', '3.json')]);
    expect(found).toHaveLength(12);
  });

  it('finds nothing in a folder that does not exist or holds no samples', () => {
    expect(findWorkflowRecordings(join(WORKFLOW_RECORDINGS_DIR, 'no-such-folder'))).toEqual([]);
    expect(findWorkflowRecordings(join(WORKFLOW_RECORDINGS_DIR, 'loop_self'))).toEqual([]);
  });
});
