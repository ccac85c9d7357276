import { TestScheduler } from 'rxjs/testing';
import { join } from 'node:path';
import { readWorkflowRecording, runWorkflowRecording, workflowAppOf, type WorkflowRecording } from '../../lib/conformance/index.js';
import * as fanOutFanIn from '../../examples/workflows/fan_out_fan_in/agent.js';
import * as loopSelf from '../../examples/workflows/loop_self/agent.js';
import * as requestInput from '../../examples/workflows/request_input/agent.js';
import * as retry from '../../examples/workflows/retry/agent.js';
import * as route from '../../examples/workflows/route/agent.js';
import * as sequence from '../../examples/workflows/sequence/agent.js';
import * as state from '../../examples/workflows/state/agent.js';
import { WORKFLOW_RECORDINGS_DIR } from '../support/recordings.js';

const MODULES: Record<string, Record<string, unknown>> = { fan_out_fan_in: fanOutFanIn, loop_self: loopSelf, request_input: requestInput, retry, route, sequence, state };

type Events = Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A copy of `<sample>/tests/<file>`, edited; the message it fails with (it must fail). */
function failure(sample: string, file: string, edit: (events: Events, recording: WorkflowRecording) => void): string {
  const recording = structuredClone(readWorkflowRecording(join(WORKFLOW_RECORDINGS_DIR, sample, 'tests', file)));
  edit(recording.events as Events, recording);
  let message: string | undefined;
  new TestScheduler(() => undefined).run(() => {
    runWorkflowRecording(recording, workflowAppOf(MODULES[recording.appName]!, sample)).subscribe((result) => {
      expect(result.passed).toBe(false);
      message = result.error!.message;
    });
  });
  return message!;
}

describe('a deliberately broken workflow recording fails with a readable difference', () => {
  it('a different output names the event (author, node path) and the field', () => {
    expect(failure('fan_out_fan_in', 'go.json', (events) => void (events[1]!['output'] = 'GO!'))).toBe(
      'fan_out_fan_in/go, session: events[1] root_agent root_agent@1/make_uppercase@1: output: expected "GO!", got "GO"',
    );
  });

  it('a different branch', () => {
    expect(failure('fan_out_fan_in', 'go.json', (events) => void (events[2]!['branch'] = 'count@1'))).toBe(
      'fan_out_fan_in/go, session: events[2] root_agent root_agent@1/count_characters@1: branch: expected "count@1", got "count_characters@1"',
    );
  });

  it('a terminal output that is not the workflow\'s', () => {
    expect(failure('sequence', 'go.json', (events) => void events[2]!['nodeInfo'].outputFor.pop())).toMatch(
      /^sequence\/go, session: events\[2\] generate_benefit_agent root_agent@1\/generate_benefit_agent@1: nodeInfo\.outputFor\[1\]: expected \(absent\), got "root_agent@1"$/,
    );
  });

  it('another node at the same place names both', () => {
    expect(failure('state', 'go.json', (events) => void (events[2]!['nodeInfo'].path = 'state_sample@1/update_state@1'))).toBe(
      'state/go, session: events[2] (author and node): expected "state_sample state_sample@1/update_state@1", got "state_sample state_sample@1/update_state_via_event@1"',
    );
  });

  it('a different state delta', () => {
    expect(failure('route', 'who_are_you.json', (events) => void (events[1]!['actions'].stateDelta.input = 'who am I'))).toBe(
      'route/who_are_you, session: events[1] root_agent root_agent@1/process_input@1: actions.stateDelta.input: expected "who am I", got "who are you"',
    );
  });

  it('a different message', () => {
    expect(failure('fan_out_fan_in', 'go.json', (events) => void (events[5]!['content'].parts[0].text = 'Uppercase: GO'))).toMatch(
      /^fan_out_fan_in\/go, session: events\[5\] root_agent root_agent@1\/aggregate@1: content\.parts\[0\]\.text: expected "Uppercase: GO", got "Uppercase: GO\\n\\nCharacter Count: 2/,
    );
  });

  it('a different error event', () => {
    expect(failure('retry', 'go.json', (events) => void (events[2]!['errorMessage'] = 'HTTP Error 503: Service Unavailable'))).toBe(
      'retry/go, session: events[2] root_agent root_agent@1/get_weather@1: errorMessage: expected "HTTP Error 503: Service Unavailable", got "HTTP Error 500: Internal Server Error"',
    );
  });

  it('a recorded event rxadk did not produce, and one rxadk produced that the recording lacks', () => {
    expect(failure('state', 'go.json', (events) => void events.push({ author: 'state_sample', nodeInfo: { path: 'state_sample@1/done@1' } }))).toBe(
      'state/go, session: events[5]: expected {"author":"state_sample","nodeInfo":{"path":"state_sample@1/done@1"}}, got (absent)',
    );
    expect(failure('state', 'go.json', (events) => void events.splice(4, 1))).toMatch(
      /^state\/go, session: events\[4\]: expected \(absent\), got \{"author":"state_sample","output":"Final Result: GO \(Original was: go\)!"/,
    );
  });

  it('a different human answer takes a different route', () => {
    expect(failure('request_input', 'phone_broke.json', (events) => void (events[4]!['content'].parts[0].functionResponse.response.result = 'approve'))).toBe(
      'request_input/phone_broke, session: events[5] request_input request_input@1/handle_human_review@1: actions.route: expected "revise", got "approved"',
    );
  });

  it('a mock with one value too few fails where the app asks for it', () => {
    expect(failure('loop_self', '3.json', (_events, recording) => void recording.mocks['random.randint']!.pop())).toMatch(
      /^loop_self\/3, session: events\[10\] root_agent root_agent@1\/guess_number@5: content: expected .*, got \(absent\); the run failed: loop_self\/3, mock random.randint: called 5 times; the recording has 4 value\(s\)$/,
    );
  });

  it('a mock value never used', () => {
    expect(failure('loop_self', '3.json', (_events, recording) => void recording.mocks['random.randint']!.push(7))).toBe(
      'loop_self/3, replay: random.randint: 1 of 6 values never returned',
    );
  });
});
